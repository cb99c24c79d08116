import { assertNever } from '../common/decider.js';
import type { Escrow } from '../common/escrow.js';
import type { Viewer } from '../ruleset.js';
import { progress, type AwaitedStep } from './close-combat.js';
import { editionOf, EDITION_1, type Edition } from './edition.js';
import type { AtomicAfricaEvent } from './events.js';
import { showOwnCardInEvent, showOwnCards } from './sealed-orders.js';
import type { Activation, AtomicAfricaState, Order } from './state.js';

/**
 * AA-2: the one place hidden information is filtered. A sealed card is shown only to a viewer of the
 * owning side, until its OrderRevealed; everyone else gets `card: null, hidden: true`. Nothing else in
 * the state or the events is derived from a card before its reveal (no posture, no "may move").
 */

export interface OrderView extends Order {
  /** True when this viewer may not see the card yet. */
  hidden: boolean;
}

export interface ActivationView extends Activation {
  /** What the close combat waits for next, and from which side. */
  awaiting: AwaitedStep[];
}

export interface AtomicAfricaStateView extends Omit<AtomicAfricaState, 'orders' | 'activation'> {
  orders: Record<string, OrderView>;
  activation: ActivationView | null;
}

function canSee(viewer: Viewer, order: Pick<Order, 'side'>): boolean {
  return viewer.side !== undefined && viewer.side === order.side;
}

function viewOrder(order: Order, viewer: Viewer): OrderView {
  if (order.revealed || canSee(viewer, order)) return { ...order, hidden: false };
  // Before the reveal the service never holds a salt; card is the only secret it may hold.
  return { ...order, card: null, salt: null, specialAction: null, hidden: true };
}

/** With the match's escrow, a side also sees the cards the service holds sealed for it. */
export function viewState(state: AtomicAfricaState, viewer: Viewer, escrow?: Escrow): AtomicAfricaStateView {
  const orders: Record<string, OrderView> = {};
  for (const [unitId, order] of Object.entries(state.orders)) orders[unitId] = viewOrder(order, viewer);
  const next = progress(state);
  const activation = state.activation
    ? { ...state.activation, awaiting: next.kind === 'awaiting' ? next.steps : [] }
    : null;
  const view = structuredClone({ ...state, orders, activation });
  return escrow ? showOwnCards(view, viewer, escrow, editionOf(state)) : view;
}

/** The viewEvent of an edition: a side's own escrowed card is shown in that edition's notation. */
export function eventViewOf(edition: Edition) {
  return (event: AtomicAfricaEvent, viewer: Viewer, escrow?: Escrow): AtomicAfricaEvent => {
    const viewed = publicPartOf(event, viewer);
    return escrow ? showOwnCardInEvent(viewed, viewer, escrow, edition) : viewed;
  };
}

export const viewEvent = eventViewOf(EDITION_1);

function publicPartOf(event: AtomicAfricaEvent, viewer: Viewer): AtomicAfricaEvent {
  switch (event.type) {
    case 'OrderSealed':
      if (canSee(viewer, event.data)) return event;
      // The commitment stays: it is public by design and hides the card by itself (AA-2).
      return { ...event, data: { ...event.data, card: null, hidden: true } };
    // Public: none of these carries a card before its reveal.
    case 'MatchCreated':
    case 'UnitRegistered':
    case 'ContactReported':
    case 'IntentDeclared':
    case 'OrderRevealed':
    case 'OrderClashed':
    case 'FleeJudged':
    case 'PursuitDecided':
    case 'BreakOffReported':
    case 'CloseCombatAttackRolled':
    case 'CloseCombatAttackForgone':
    case 'CloseCombatEnded':
    case 'RangedAttackRolled':
    case 'TurnEnded':
    case 'CloseCombatBegan':
      return event;
    default:
      return assertNever(event, 'atomic-africa event');
  }
}
