import canonicalize from 'canonicalize';
import fc from 'fast-check';
import { canonicalEnvelope, canonicalJson } from '../../src/event-store/canonical-json.js';
import { eventHash } from '../../src/event-store/hash-chain.js';
import { longMatch } from '../../bench/verify-match.js';

/**
 * C-3: the verifier's fast RFC 8785 writer must give exactly the bytes of the `canonicalize` package,
 * which the store hashes with; anything it does not handle itself goes to `canonicalize`.
 */
const same = (value: unknown): void => {
  let expected: string | undefined;
  let refused: unknown;
  try {
    expected = canonicalize(value);
  } catch (error) {
    refused = error;
  }
  if (refused) expect(() => canonicalJson(value)).toThrow((refused as Error).message);
  else expect(canonicalJson(value)).toBe(expected);
};

/** Strings with what JSON escapes: quotes, backslashes, control characters, astral and lone surrogates. */
const tricky = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.string({
    unit: fc.constantFrom(
      '"',
      '\\',
      '\u0000',
      '\u001f',
      '\u007f',
      '\u2028',
      'é',
      '😀',
      '\ud800',
      '\udc00',
      'a',
    ),
  }),
);

describe('canonical JSON (RFC 8785) for the verifier', () => {
  it('C-3 is byte-identical to canonicalize on arbitrary JSON values', () => {
    fc.assert(fc.property(fc.jsonValue(), same), { numRuns: 2000 });
  });

  it('C-3 is byte-identical on JSON with tricky strings and names, and numbers of every kind', () => {
    const value = fc.letrec((tie) => ({
      node: fc.oneof(
        { depthSize: 'small' },
        tricky,
        fc.double(),
        fc.integer(),
        fc.constantFrom(0, -0, 1e21, 1e-7, 5e-324, Number.MAX_SAFE_INTEGER, 0.1 + 0.2),
        fc.boolean(),
        fc.constant(null),
        fc.array(tie('node'), { maxLength: 5 }),
        fc.dictionary(tricky, tie('node'), { maxKeys: 5 }),
      ),
    })).node;
    fc.assert(fc.property(value, same), { numRuns: 2000 });
  });

  it('C-3 anything that is not plain JSON goes to canonicalize (undefined, classes with toJSON, holes, NaN, lone surrogates)', () => {
    fc.assert(
      fc.property(
        fc.anything({
          withDate: true,
          withSparseArray: true,
          withNullPrototype: true,
          withBoxedValues: true,
        }),
        same,
      ),
      {
        numRuns: 2000,
      },
    );
    for (const value of [
      undefined,
      { a: undefined, b: 1 },
      [undefined, 1],
      [, 1], // eslint-disable-line no-sparse-arrays -- a hole
      new Date(0),
      { when: new Date(0) },
      Number.NaN,
      Number.POSITIVE_INFINITY,
      '\ud800',
      { '\udc00': 1 },
      Object.create(null),
      new Map([[1, 2]]),
    ]) {
      same(value);
    }
  });

  it('C-3 on envelopes it gives the bytes the store hashed: every event of a long match rehashes to its recorded hash', () => {
    const { events } = longMatch(3000);
    for (const event of events) {
      const { hash: _hash, ...rest } = event.metadata;
      expect(canonicalEnvelope(event)).toBe(
        canonicalize({ type: event.type, data: event.data, metadata: rest }),
      );
      expect(eventHash({ type: event.type, data: event.data, metadata: rest })).toBe(event.metadata.hash);
    }
  });

  it('C-3 on arbitrary envelopes, forged fields included, it is canonicalize of the event without its hash', () => {
    const envelope = fc.record({
      type: fc.oneof(tricky, fc.jsonValue()),
      data: fc.oneof(fc.jsonValue(), fc.anything()),
      metadata: fc.dictionary(fc.oneof(tricky, fc.constant('hash')), fc.jsonValue()),
    });
    fc.assert(
      fc.property(envelope, (event) => {
        const { hash: _hash, ...rest } = event.metadata;
        let expected: string | undefined;
        try {
          expected = canonicalize({ type: event.type, data: event.data, metadata: rest });
        } catch {
          expect(() =>
            canonicalEnvelope(event as { type: string; data: unknown; metadata: object }),
          ).toThrow();
          return;
        }
        expect(canonicalEnvelope(event as { type: string; data: unknown; metadata: object })).toBe(expected);
      }),
      { numRuns: 2000 },
    );
  });
});
