import { createHash, createHmac } from 'node:crypto';
import {
  clientSeedsText,
  diceCommitment,
  lastRollIndex,
  ServerDice,
  serverFaces,
} from '../../src/match/dice-fairness.js';

const seed = Buffer.from('00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff', 'hex');

describe('server dice (C-2)', () => {
  it('C-2 the commitment is SHA-256 of the seed, and each roll is HMAC(seed, clientSeeds:n) by rejection sampling', () => {
    expect(diceCommitment(seed)).toBe(createHash('sha256').update(seed).digest('hex'));
    // Recompute roll 3 by hand from the published recipe.
    const bytes = createHmac('sha256', seed).update('alpha|beta:3').digest();
    const expected = [...bytes]
      .filter((b) => b < 252)
      .map((b) => (b % 6) + 1)
      .slice(0, 5);
    expect(serverFaces(seed, clientSeedsText({ A: 'alpha', B: 'beta' }), 3, 5)).toEqual(expected);
  });

  it('C-2 bytes of 252 and above are skipped, never folded onto a face', () => {
    // Find a roll index whose first block holds a byte ≥ 252, and check it is skipped.
    for (let index = 1; index < 500; index++) {
      const bytes = [...createHmac('sha256', seed).update(`|:${index}`).digest()];
      const first = bytes.findIndex((b) => b >= 252);
      if (first === -1) continue;
      const faces = serverFaces(seed, '|', index, first + 1);
      const fair = bytes
        .slice(0, first + 2)
        .filter((b) => b < 252)
        .map((b) => (b % 6) + 1);
      expect(faces).toEqual(fair.slice(0, first + 1));
      return;
    }
    throw new Error('no byte ≥ 252 in 500 rolls');
  });

  it('C-2 a roll needing more dice than one block gives goes on into the next blocks', () => {
    const faces = serverFaces(seed, '|', 1, 80);
    expect(faces).toHaveLength(80);
    expect(faces.every((face) => face >= 1 && face <= 6)).toBe(true);
    expect(faces.slice(0, 20)).toEqual(serverFaces(seed, '|', 1, 20));
  });

  it('C-2 faces are close to uniform over many rolls', () => {
    const counts = [0, 0, 0, 0, 0, 0];
    for (let index = 1; index <= 2000; index++)
      for (const face of serverFaces(seed, '|', index, 6)) counts[face - 1]! += 1;
    // 12,000 faces: each face 2,000 ± well under 10%.
    for (const count of counts) expect(Math.abs(count - 2000)).toBeLessThan(200);
  });

  it('C-1 C-5 each roll records purpose, faces, origin, side and an index that only grows', () => {
    const dice = new ServerDice(seed, '|', 7);
    const first = dice.roll({ purpose: 'willpower', count: 2, side: 'A' });
    const second = dice.roll({ purpose: 'impact', count: 1, side: 'A' });
    expect(first).toMatchObject({ purpose: 'willpower', origin: 'server', side: 'A', index: 7 });
    expect(second.index).toBe(8);
    expect(
      lastRollIndex([
        { roll: first },
        { nested: [{ roll: second }] },
        { roll: { origin: 'table', faces: [1], index: 99 } },
      ]),
    ).toBe(8);
  });
});
