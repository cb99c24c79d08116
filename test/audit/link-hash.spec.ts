import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { linkHash } from '../../src/audit/chain-walk.js';

/**
 * C-3: the chain walk's SHA-256 of prevHash ‖ canonical JSON, written through one reused buffer, is the
 * hash of the two texts' UTF-8 bytes (hash-chain.ts's recipe), whatever the texts' lengths and
 * characters, and whatever was hashed before it.
 */
const reference = (prevHash: string, canonical: string): string =>
  createHash('sha256').update(prevHash).update(canonical).digest('hex');

const text = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.string({ unit: fc.constantFrom('a', 'é', '😀', '\u2028', '"', '\u0000'), maxLength: 2000 }),
);

describe('linkHash', () => {
  it('C-3 is SHA-256 of the UTF-8 of prevHash then the canonical JSON, link after link', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.stringMatching(/^[0-9a-f]{64}$/), text), { maxLength: 8 }),
        (links) => {
          for (const [prevHash, canonical] of links)
            expect(linkHash(prevHash, canonical)).toBe(reference(prevHash, canonical));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('C-3 holds for links longer than the buffer, and for the short one after a long one', () => {
    const prevHash = 'ab'.repeat(32);
    for (const canonical of ['x'.repeat(70_000), 'é'.repeat(40_000), '😀'.repeat(200_000), '{"a":1}', '']) {
      expect(linkHash(prevHash, canonical)).toBe(reference(prevHash, canonical));
    }
  });
});
