import { plainCopy } from '../../../src/rules/common/plain-copy.js';
import { handToHand } from '../../../src/rules/hand-to-hand/index.js';
import { charge, givenMatch, WILL_PASS } from '../hand-to-hand/fixtures.js';

/** What a view handed out before: the state written as JSON and read back. */
const throughJson = (value: unknown): unknown => JSON.parse(JSON.stringify(value)) as unknown;

/** Every object and array inside a value. */
function objectsIn(value: unknown, into: object[] = []): object[] {
  if (typeof value !== 'object' || value === null) return into;
  into.push(value);
  for (const member of Object.values(value)) objectsIn(member, into);
  return into;
}

describe('a plain copy of a folded state (what a view hands out)', () => {
  const awkward = {
    name: 'Zulus',
    turn: 4,
    zero: -0,
    notFinite: [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY],
    missing: undefined,
    callable: () => 1,
    holes: [1, undefined, () => 2, null],
    nested: { cannotAttack: { inTurn: 3, ruleId: 'HH-11' }, contacts: [{ unitId: 'u1', aspect: 'front' }] },
    '10': 'an integer-like key',
    '2': 'another',
    flags: [true, false],
    empty: {},
    none: null,
  };

  it('given plain data with every awkward member, when it is copied, then the copy is what its JSON reads back as', () => {
    const copy = plainCopy(awkward);
    expect(copy).toEqual(throughJson(awkward));
    expect(JSON.stringify(copy)).toBe(JSON.stringify(awkward));
    expect(Object.keys(copy)).toEqual(Object.keys(throughJson(awkward) as object));
  });

  it('given plain data, when it is copied, then no object or array of the copy is one of the original', () => {
    const originals = new Set(objectsIn(awkward));
    expect(objectsIn(plainCopy(awkward)).filter((object) => originals.has(object))).toEqual([]);
  });

  it('given a hand-to-hand match in play, when its view and roster are taken and changed, then the folded state is as it was', () => {
    const given = givenMatch();
    given.do(charge('C1', 'Z1', 'N1'), WILL_PASS);
    const state = given.state;
    const before = JSON.stringify(state);
    const view = handToHand.viewState(state, {}) as {
      turn: number;
      units: Record<string, { disordered: boolean }>;
    };
    expect(view).toEqual(throughJson(state));
    const rows = handToHand.roster(state);
    expect(rows.map((row) => row.unitId)).toEqual(Object.keys(given.match.units));
    view.turn = 99;
    view.units.N1!.disordered = true;
    (rows[0]!.detail as { contacts: unknown[] }).contacts.push('changed');
    expect(JSON.stringify(state)).toBe(before);
  });
});
