import type { DomainEvent } from '../common/decider.js';
import { RuleViolation } from '../common/rule-violation.js';
import { parseCard, parseCardCode, sameCard } from './cards.js';
import { orderCommitment } from './commitment.js';
import type { AtomicAfricaEvent } from './events.js';
import { type AtomicAfricaState, entry } from './state.js';

/**
 * AA-2: the card revealed is the card sealed: the same card when it was sealed in the open, else
 * SHA-256(card|unitId|turn|salt) equals the commitment. Messages name no card.
 */
export function checkReveal(state: unknown, event: DomainEvent): string | null | undefined {
  // a clash is a reveal too, checked against its seal the same way.
  if (event.type !== 'OrderRevealed' && event.type !== 'OrderClashed') return undefined;
  const { unitId, card, salt, turn } = (
    event as Extract<AtomicAfricaEvent, { type: 'OrderRevealed' | 'OrderClashed' }>
  ).data;
  const order = entry((state as AtomicAfricaState).orders, unitId);
  if (!order) return `unit ${unitId} reveals an orders card it never sealed`;
  if (order.turn !== turn)
    return `unit ${unitId} reveals for turn ${turn} an order sealed for turn ${order.turn}`;
  let revealed;
  try {
    revealed = typeof card === 'string' ? parseCardCode(card, 'card') : parseCard(card, 'card');
  } catch (error) {
    return error instanceof RuleViolation ? error.message : 'the revealed card is not an orders card';
  }
  if (order.sealedAs === 'card') {
    return order.card !== null && sameCard(order.card, revealed) && salt === null
      ? null
      : `the card revealed for unit ${unitId} is not the card sealed for it`;
  }
  if (typeof salt !== 'string') return `unit ${unitId} sealed a commitment but its reveal carries no salt`;
  return orderCommitment(revealed, unitId, order.turn, salt) === order.commitment
    ? null
    : `the card and salt revealed for unit ${unitId} do not hash to the commitment sealed for it (SHA-256(card|unitId|turn|salt))`;
}
