import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { PrefixedHmacSha256 } from '../../src/match/hmac-sha256.js';
import { RollDerivation, serverFaces } from '../../src/match/dice-fairness.js';

const hmacOf = (key: Uint8Array, message: string): string =>
  createHmac('sha256', key).update(message).digest('hex');

describe('HMAC-SHA256 with its keyed states computed once (C-2)', () => {
  it('C-2 equals node:crypto createHmac byte for byte, for any key, prefix and message', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 150 }),
        fc.string({ maxLength: 140, unit: 'grapheme' }),
        fc.array(fc.string({ maxLength: 80, unit: 'binary' }), { minLength: 1, maxLength: 4 }),
        (key, prefix, rests) => {
          const hmac = new PrefixedHmacSha256(key, prefix);
          for (const rest of rests) {
            expect(Buffer.from(hmac.of(rest)).toString('hex')).toBe(hmacOf(key, prefix + rest));
          }
        },
      ),
      { numRuns: 400 },
    );
  });

  it('C-2 every length around the block boundaries pads as SHA-256 does', () => {
    const key = Buffer.alloc(32, 0xa5);
    for (let prefixLength = 0; prefixLength <= 130; prefixLength++) {
      const hmac = new PrefixedHmacSha256(key, 'p'.repeat(prefixLength));
      for (let restLength = 0; restLength <= 70; restLength += 7) {
        const rest = '7'.repeat(restLength);
        expect(Buffer.from(hmac.of(rest)).toString('hex')).toBe(hmacOf(key, 'p'.repeat(prefixLength) + rest));
      }
    }
  });

  it('C-2 the faces of a roll derivation are those of serverFaces, roll after roll', () => {
    const seed = Buffer.from('00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff', 'hex');
    const derivation = new RollDerivation(seed, 'alpha|beta');
    for (let index = 1; index <= 300; index++) {
      const count = 1 + (index % 70);
      expect(derivation.faces(index, count)).toEqual(serverFaces(seed, 'alpha|beta', index, count));
      // Recomputed from the published recipe, block by block.
      const bytes: number[] = [];
      for (let block = 0; bytes.filter((b) => b < 252).length < count; block++) {
        const message = block === 0 ? `alpha|beta:${index}` : `alpha|beta:${index}:${block}`;
        bytes.push(...createHmac('sha256', seed).update(message).digest());
      }
      const faces = bytes
        .filter((b) => b < 252)
        .map((b) => (b % 6) + 1)
        .slice(0, count);
      expect(derivation.faces(index, count)).toEqual(faces);
    }
  });
});
