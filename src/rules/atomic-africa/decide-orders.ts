import { violation } from '../common/rule-violation.js';
import type { Side } from '../common/sides.js';
import { parseCard, parseCardCode, sameCard, type RecordedCard } from './cards.js';
import { editionOf } from './edition.js';
import { isCommitment, orderCommitment } from './commitment.js';
import type { RevealOrder, SealOrder } from './commands.js';
import type { AtomicAfricaEvent } from './events.js';
import { inCloseCombat, nameOf, requireMatch, requireUnit, sideNamed } from './guards.js';
import { fieldsOf } from './input.js';
import { checkSpecialAction } from './special-actions.js';
import { entry, type AtomicAfricaState, type Order } from './state.js';
import type { Unit } from './units.js';

/**
 * AA-1: one physical card cannot go to two units of a side in one turn. Only cards the service knows
 * are compared: sealed in the open, or revealed. The message names neither card nor unit (AA-2).
 */
function refuseCardTwice(state: AtomicAfricaState, side: Side, unitId: string, card: RecordedCard): void {
  const taken = Object.values(state.orders).some(
    (order) =>
      order.side === side && order.unitId !== unitId && order.card !== null && sameCard(order.card, card),
  );
  if (taken) {
    violation(
      'AA-1',
      `${sideNamed(state, side)} has already given this card to another unit in turn ${state.turn}`,
      'conflict',
    );
  }
}

/** A card as this match's version writes it (one notation in version 2). */
export function cardInput(state: AtomicAfricaState, value: unknown, field: string): RecordedCard {
  return editionOf(state).cardsAsCodes ? parseCardCode(value, field) : parseCard(value, field);
}

/**
 * Q-21 (version 2): sealing for a turn closes at its first activation: the first declaration, reveal
 * or ranged attack of the turn, by either side.
 */
export function sealingClosed(state: AtomicAfricaState): boolean {
  return (
    editionOf(state).sealingClosesAtFirstActivation &&
    (state.activation !== null ||
      (state.activated ?? []).length > 0 ||
      Object.values(state.orders).some((order) => order.revealed))
  );
}

/** AA-1, AA-2: a unit's orders card for the current turn, as the card itself or a commitment to it. */
export function sealOrder(state: AtomicAfricaState, command: SealOrder): AtomicAfricaEvent[] {
  requireMatch(state);
  const data = fieldsOf(command);
  const unit = requireUnit(state, data.unitId, 'unitId');
  const { turn } = data;
  if (typeof turn !== 'number' || !Number.isInteger(turn) || turn < 1) {
    violation('C-4', 'turn must be a turn number', 'invalid');
  }
  if (turn !== state.turn)
    violation('C-4', `orders are sealed for the current turn, ${state.turn}, not ${turn}`, 'conflict');
  const hasCard = data.card !== undefined;
  const hasCommitment = data.commitment !== undefined;
  if (hasCard === hasCommitment) violation('AA-2', 'seal exactly one of card and commitment', 'invalid');
  const escrow = data.escrow;
  if (
    escrow !== undefined &&
    (hasCard || typeof escrow !== 'string' || !/^[A-Za-z0-9_-]{16,1024}$/.test(escrow))
  ) {
    violation('AA-2', 'escrow goes only with a commitment, as base64url text', 'invalid');
  }
  // AA-1: one card per unit per turn; re-sealing would let a side change its mind after seeing play.
  if (entry(state.orders, unit.unitId)) {
    violation('AA-1', `${unit.name} already has its sealed orders card for turn ${turn}`, 'conflict');
  }
  if (sealingClosed(state)) {
    violation(
      'Q-21',
      `sealing for turn ${turn} closed at its first activation: ${unit.name} has no card this turn`,
      'conflict',
    );
  }
  if (hasCard) {
    const card = cardInput(state, data.card, 'card');
    refuseCardTwice(state, unit.side, unit.unitId, card);
    return [
      {
        type: 'OrderSealed',
        data: { unitId: unit.unitId, side: unit.side, turn, sealedAs: 'card', card, commitment: null },
      },
    ];
  }
  if (!isCommitment(data.commitment)) {
    violation('AA-2', 'commitment must be a hex SHA-256 (64 hex digits)', 'invalid');
  }
  return [
    {
      type: 'OrderSealed',
      data: {
        unitId: unit.unitId,
        side: unit.side,
        turn,
        sealedAs: 'commitment',
        card: null,
        commitment: data.commitment.toLowerCase(),
        ...(escrow === undefined ? {} : { escrow }),
      },
    },
  ];
}

/**
 * AA-5: when a unit's card may be revealed. A unit in close combat reveals only in its activation,
 * after both declarations; any other unit whenever its owner activates it (the base game's reveal).
 */
function checkRevealMoment(state: AtomicAfricaState, unitId: string): boolean {
  const activation = state.activation;
  const inActivation =
    activation !== null && [activation.activating, activation.reacting].some((c) => c.unitId === unitId);
  if (inActivation) {
    if (activation.reacting.intent === null) {
      violation(
        'AA-5',
        'the cards are revealed only after both sides have declared fight or flee',
        'conflict',
      );
    }
    return true;
  }
  if (inCloseCombat(state, unitId)) {
    violation(
      'AA-5',
      `${nameOf(state, unitId)} is in close combat: its card is revealed after both declarations`,
      'conflict',
    );
  }
  // Version 2: outside close combat a reveal is the unit's activation, its own side's turn only.
  const unit = entry(state.units, unitId);
  if (editionOf(state).rangedAttackIsActivation && unit && unit.side !== state.activeSide) {
    violation(
      'AA-5',
      `${nameOf(state, unitId)} is not in close combat: its card is revealed when it activates, in the turn of ${sideNamed(state, unit.side)}`,
      'conflict',
    );
  }
  return false;
}

/**
 * AA-2, AA-5, AA-7: the reveal must be the sealed card (or hash to the commitment); if not, nothing
 * changes and the card stays sealed. Messages name no card.
 */
export function revealOrder(state: AtomicAfricaState, command: RevealOrder): AtomicAfricaEvent[] {
  requireMatch(state);
  const data = fieldsOf(command);
  const unit = requireUnit(state, data.unitId, 'unitId');
  const order = entry(state.orders, unit.unitId);
  if (!order) violation('AA-1', `${unit.name} has no sealed orders card for turn ${state.turn}`, 'conflict');
  if (order.revealed) violation('AA-5', `the card of ${unit.name} is already revealed`, 'conflict');
  const inCloseCombatNow = checkRevealMoment(state, unit.unitId);
  return [revealEvent(state, unit, order, data, inCloseCombatNow)];
}

/**
 * AA-2, AA-5, AA-7: the reveal of a sealed order, from the fields card, salt and specialAction: it must
 * be the sealed card (or hash to the commitment); if not, nothing changes and the card stays sealed.
 * Q-25 (version 2): a card the side already revealed this turn is recorded as a clash. Messages name
 * no card.
 */
export function revealEvent(
  state: AtomicAfricaState,
  unit: Unit,
  order: Order,
  data: Record<string, unknown>,
  inCloseCombatNow: boolean,
): AtomicAfricaEvent {
  const edition = editionOf(state);
  if (data.card === undefined && edition.cardsAsCodes) {
    violation('AA-5', `card is needed: it reveals the card still sealed for ${unit.name}`, 'invalid');
  }
  const card = cardInput(state, data.card, 'card');

  let salt: string | null = null;
  if (order.sealedAs === 'card') {
    if (data.salt !== undefined)
      violation('AA-2', 'a card sealed in the open is revealed without a salt', 'invalid');
    if (order.card === null || !sameCard(order.card, card)) {
      violation('AA-2', `the revealed card is not the card sealed for ${unit.name}`, 'conflict');
    }
  } else {
    if (typeof data.salt !== 'string' || data.salt.length === 0 || data.salt.length > 256) {
      violation('AA-2', 'salt must be the text (1–256 characters) the commitment was made with', 'invalid');
    }
    salt = data.salt;
    if (orderCommitment(card, unit.unitId, order.turn, salt) !== order.commitment) {
      violation(
        'AA-2',
        `the revealed card and salt do not match the commitment sealed for ${unit.name}`,
        'conflict',
      );
    }
    // AA-1: with commitments the service first learns the card here, so the duplicate is caught now.
    if (!edition.clashLeavesNoCard) refuseCardTwice(state, unit.side, unit.unitId, card);
  }
  if (edition.clashLeavesNoCard) {
    // the card matched its seal, so it is shown; but another unit of the side showed it first.
    const first = Object.values(state.orders).find(
      (other) =>
        other.side === unit.side &&
        other.unitId !== unit.unitId &&
        other.revealed &&
        other.card !== null &&
        sameCard(other.card, card),
    );
    if (first) {
      return {
        type: 'OrderClashed',
        data: {
          unitId: unit.unitId,
          side: unit.side,
          turn: order.turn,
          card,
          salt,
          clashesWith: first.unitId,
        },
      };
    }
  }
  const specialAction = checkSpecialAction(card, data.specialAction, unit.unitType, inCloseCombatNow);
  return {
    type: 'OrderRevealed',
    data: { unitId: unit.unitId, side: unit.side, turn: order.turn, card, salt, specialAction },
  };
}
