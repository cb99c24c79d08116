import type { Escrow } from '../common/escrow.js';
import type { ChoiceOption, TemplateChoice } from '../common/play-contract.js';
import type { Side } from '../common/sides.js';
import type { Viewer } from '../ruleset.js';
import { cardCode, isFaceCard, isJoker, sameCard, toCard, type Card } from './cards.js';
import { editionOf } from './edition.js';
import { DECK, openForView } from './sealed-orders.js';
import { CLOSE_COMBAT_SPECIAL_ACTIONS } from './special-actions.js';
import type { AtomicAfricaState, Order } from './state.js';
import type { Unit } from './units.js';

/*
 * The orders cards as the play contract offers them (AA-1, AA-2, AA-7). What a template says about a
 * card depends only on whether the viewer is the owning side: anyone else is offered no card at all,
 * so no template tells a sealed card by what it lists or leaves out.
 */

const SUIT_SIGN = { clubs: '♣', diamonds: '♦', hearts: '♥', spades: '♠' } as const;

function cardLabel(card: Card): string {
  if (isJoker(card)) return `${card.joker} Joker`;
  return `${card.rank}${SUIT_SIGN[card.suit]}`;
}

/** A card as a command of this match's version takes it: its code (version 2), or { rank, suit }. */
export function cardValue(state: AtomicAfricaState, card: Card): string | Readonly<Record<string, string>> {
  if (editionOf(state).cardsAsCodes) return cardCode(card);
  return isJoker(card) ? { joker: card.joker } : { rank: card.rank, suit: card.suit };
}

function cardOption(state: AtomicAfricaState, card: Card): ChoiceOption {
  return { value: cardValue(state, card), label: cardLabel(card) };
}

/** True when the viewer plays the side: the only viewer a side's cards are ever offered to (AA-2). */
export function owns(viewer: Viewer, side: Side): boolean {
  return viewer.side !== undefined && viewer.side === side;
}

/**
 * AA-2: the order's card as this viewer may know it: a card of its own side, sealed in the open or held
 * in escrow for it. Undefined for anyone else, and for a commitment the side made itself.
 */
export function cardKnownTo(viewer: Viewer, order: Order, escrow?: Escrow): Card | undefined {
  if (!owns(viewer, order.side)) return undefined;
  if (order.card !== null) return toCard(order.card);
  return escrow ? openForView(escrow, order)?.card : undefined;
}

/**
 * AA-1: the cards other units of the side hold this turn, as far as the service knows them (sealed in
 * the open, held in escrow, or revealed). Only ever asked for the owning side's own view.
 */
function cardsHeldElsewhere(
  state: AtomicAfricaState,
  side: Side,
  unitId: string,
  escrow: Escrow | undefined,
): Card[] {
  return Object.values(state.orders)
    .filter((order) => order.side === side && order.unitId !== unitId && order.turn === state.turn)
    .map((order) => (order.card !== null ? toCard(order.card) : escrow && openForView(escrow, order)?.card))
    .filter((card): card is Card => card !== undefined);
}

/** Which cards a choice may offer: the whole deck, or only those that allow a special action or not. */
export type CardKinds = 'any' | 'face' | 'not-face';

function ofKind(card: Card, kinds: CardKinds): boolean {
  return kinds === 'any' || (kinds === 'face') === isFaceCard(card);
}

/**
 * AA-2: the card choice of a unit's order. The owning side is offered the deck (of the kind asked); for
 * a seal, without the cards its other units hold this turn (AA-1). Anyone else: no options at all.
 */
export function cardChoice(
  state: AtomicAfricaState,
  viewer: Viewer,
  unit: Unit,
  options: { escrow?: Escrow; leaveOutHeld?: boolean; kinds?: CardKinds; when?: TemplateChoice['when'] },
): TemplateChoice {
  const { escrow, leaveOutHeld = false, kinds = 'any', when } = options;
  let offered: ChoiceOption[] = [];
  if (owns(viewer, unit.side)) {
    const held = leaveOutHeld ? cardsHeldElsewhere(state, unit.side, unit.unitId, escrow) : [];
    offered = DECK.filter((card) => ofKind(card, kinds) && !held.some((h) => sameCard(h, card))).map((card) =>
      cardOption(state, card),
    );
  }
  return {
    kind: 'one-of',
    path: 'card',
    label: `Orders card of ${unit.name}`,
    options: offered,
    ...(when ? { when } : {}),
  };
}

/** The one card a side's own template names, as a choice of one (a reveal made only when it pursues). */
export function knownCardChoice(
  state: AtomicAfricaState,
  unit: Unit,
  card: Card,
  when: TemplateChoice['when'],
): TemplateChoice {
  return {
    kind: 'one-of',
    path: 'card',
    label: `Orders card of ${unit.name}`,
    options: [cardOption(state, card)],
    ...(when ? { when } : {}),
  };
}

/**
 * AA-7, Q-31: the special actions a face card may announce in close combat (a pursuit is part of it),
 * Sprint for light infantry only. Outside close combat these four are offered too: any name is
 * accepted there, and these are the ones the rules give a meaning.
 */
export function specialActions(unit: Unit): string[] {
  return CLOSE_COMBAT_SPECIAL_ACTIONS.filter(
    (action) => action !== 'sprint' || unit.unitType === 'light-infantry',
  );
}

const ACTION_LABEL: Record<string, string> = {
  'dig-in': 'Dig-in',
  'mass-fire': 'Mass Fire',
  rally: 'Rally',
  sprint: 'Sprint',
};

export function specialActionLabel(action: string): string {
  return ACTION_LABEL[action] ?? action;
}

export function specialActionChoice(
  unit: Unit,
  options: { optional?: boolean; when?: TemplateChoice['when'] } = {},
): TemplateChoice {
  return {
    kind: 'one-of',
    path: 'specialAction',
    label: options.optional
      ? 'Special action announced (face cards J, Q, K only)'
      : 'Special action the face card announces',
    options: specialActions(unit).map((action) => ({ value: action, label: specialActionLabel(action) })),
    ...(options.optional ? { optional: true } : {}),
    ...(options.when ? { when: options.when } : {}),
  };
}

export function saltChoice(when?: TemplateChoice['when']): TemplateChoice {
  return {
    kind: 'text',
    path: 'salt',
    label: 'The salt your commitment was made with',
    maxLength: 256,
    ...(when ? { when } : {}),
  };
}

/** The side sealed a commitment of its own: only it holds the card and salt (AA-2). Public. */
export function ownCommitment(order: Order): boolean {
  return order.sealedAs === 'commitment' && order.escrow === undefined;
}

export { isFaceCard };
