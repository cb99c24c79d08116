import { createHash } from 'node:crypto';
import { cardCode, type RecordedCard } from './cards.js';

/**
 * AA-2: a side may seal an order as a commitment instead of the card itself, so that not even the
 * service knows the card before the reveal. The commitment is the lower-case hex SHA-256 of
 * `${cardCode(card)}|${unitId}|${turn}|${salt}` (UTF-8). Binding the unit and the turn stops a
 * commitment from being replayed for another unit or turn. The salt must be secret and random
 * (32 random bytes in hex, say): with a guessable salt the opponent could try all 54 cards.
 */
export function orderCommitment(card: RecordedCard, unitId: string, turn: number, salt: string): string {
  return createHash('sha256')
    .update(`${cardCode(card)}|${unitId}|${turn}|${salt}`, 'utf8')
    .digest('hex');
}

export function isCommitment(value: unknown): value is string {
  return typeof value === 'string' && /^[0-9a-fA-F]{64}$/.test(value);
}
