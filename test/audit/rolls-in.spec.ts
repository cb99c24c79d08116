import fc from 'fast-check';
import { rollsIn } from '../../src/audit/replay/compare.js';

/**
 * C-1: the verifier finds every roll recorded in a payload, in the order it appears (the order server
 * roll indices and findings follow): the same rolls, the same objects, in the same order as a walk of
 * Object.values would give, on payloads with rolls nested anywhere.
 */
function byObjectValues(payload: unknown): unknown[] {
  const rolls: unknown[] = [];
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (typeof value === 'object' && value !== null) {
      const record = value as Record<string, unknown>;
      if (Array.isArray(record.faces) && typeof record.origin === 'string') rolls.push(value);
      else Object.values(record).forEach(visit);
    }
  };
  visit(payload);
  return rolls;
}

const roll = fc.record({
  origin: fc.constantFrom('server', 'table'),
  faces: fc.array(fc.integer({ min: 1, max: 6 }), { maxLength: 4 }),
  index: fc.nat(),
  // A roll never holds another: what is inside it is not looked at.
  note: fc.constant({ faces: [1], origin: 'server' }),
});

const payload = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.jsonValue({ maxDepth: 1 }),
    roll,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.string({ maxLength: 6 }), tie('value'), { maxKeys: 4 }),
  ),
})).value;

describe('rollsIn', () => {
  it('C-1 finds the same rolls, the very objects, in the order of Object.values', () => {
    fc.assert(
      fc.property(payload, (value) => {
        const found = rollsIn(value);
        const expected = byObjectValues(value);
        expect(found.length).toBe(expected.length);
        found.forEach((r, i) => expect(r).toBe(expected[i]));
      }),
      { numRuns: 1000 },
    );
  });
});
