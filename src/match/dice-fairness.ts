import { createHash } from 'node:crypto';
import { PrefixedHmacSha256 } from './hmac-sha256.js';
import type { DiceRequest, DiceRoll, DiceSource } from '../rules/common/dice.js';

/**
 * Provably fair server dice (C-2). Published so that anyone can recompute a roll once the seed is out:
 *
 *   commitment      = SHA-256(serverSeed)                      (hex; serverSeed is 32 bytes)
 *   block k of roll n = HMAC-SHA256(key = serverSeed, message = clientSeeds + ":" + n)      for k = 0
 *                       HMAC-SHA256(key = serverSeed, message = clientSeeds + ":" + n + ":" + k)  for k ≥ 1
 *   faces           = the bytes of blocks 0, 1, … in order; a byte b ≥ 252 is skipped (rejection
 *                     sampling: 252 = 6 × 42, so b mod 6 is uniform), otherwise face = b mod 6 + 1
 *   clientSeeds     = side A's client seed + "|" + side B's client seed (empty strings when absent)
 *
 * Roll indices start at 1 and count every roll the match ever recorded, reverted or not (C-5).
 */
export const FACES_PER_DIE = 6;
const LARGEST_FAIR_BYTE = 252;

export function diceCommitment(serverSeed: Buffer): string {
  return createHash('sha256').update(serverSeed).digest('hex');
}

export function clientSeedsText(seeds: { A?: string; B?: string }): string {
  return `${seeds.A ?? ''}|${seeds.B ?? ''}`;
}

export function serverFaces(serverSeed: Buffer, clientSeeds: string, index: number, count: number): number[] {
  return new RollDerivation(serverSeed, clientSeeds).faces(index, count);
}

/**
 * The faces of serverFaces for one seed and one set of client seeds, roll after roll: every block is
 * HMAC-SHA256(serverSeed, clientSeeds + ":" + …), so the keyed hash states are computed once
 * (hmac-sha256.ts) rather than for every roll.
 */
export class RollDerivation {
  private readonly hmac: PrefixedHmacSha256;

  constructor(serverSeed: Uint8Array, clientSeeds: string) {
    this.hmac = new PrefixedHmacSha256(serverSeed, `${clientSeeds}:`);
  }

  /** The faces of roll `index` (C-2): `count` dice from blocks 0, 1, … of its HMAC. */
  faces(index: number, count: number): number[] {
    const faces: number[] = [];
    for (let block = 0; faces.length < count; block++) {
      const bytes = this.hmac.of(block === 0 ? `${index}` : `${index}:${block}`);
      for (let i = 0; i < bytes.length; i++) {
        const byte = bytes[i]!;
        if (byte >= LARGEST_FAIR_BYTE) continue;
        faces.push((byte % FACES_PER_DIE) + 1);
        if (faces.length === count) break;
      }
    }
    return faces;
  }
}

/** The DiceSource a command handler gives the rules when the match uses server dice. */
export class ServerDice implements DiceSource {
  private nextIndex: number;
  private readonly derivation: RollDerivation;

  constructor(serverSeed: Buffer, clientSeeds: string, firstIndex: number) {
    this.derivation = new RollDerivation(serverSeed, clientSeeds);
    this.nextIndex = firstIndex;
  }

  roll({ purpose, count, side }: DiceRequest): DiceRoll {
    const index = this.nextIndex++;
    return { purpose, faces: this.derivation.faces(index, count), origin: 'server', side, index };
  }
}

// Where a log's server rolls are found is the rules' business (C-2, C-5); kept importable from here.
export { lastRollIndex, serverRollsIn } from '../rules/common/dice.js';
