import type { Escrow, PrepareServices } from '../common/escrow.js';
import { violation } from '../common/rule-violation.js';
import type { Side } from '../common/sides.js';
import type { Viewer } from '../ruleset.js';
import {
  type Card,
  cardCode,
  isJoker,
  JOKER_COLOURS,
  parseCard,
  parseCardCode,
  type RecordedCard,
  RANKS,
  sameCard,
  SUITS,
  toCard,
} from './cards.js';
import { sealingClosed } from './decide-orders.js';
import { editionOf, type Edition } from './edition.js';
import { orderCommitment } from './commitment.js';
import { nameOf } from './guards.js';
import type { AtomicAfricaEvent } from './events.js';
import type { AtomicAfricaState, Order } from './state.js';

/**
 * AA-2, as the service's command preparation. A side that hands the service its card in the open
 * gets it sealed as a commitment with a secret salt, the card and salt kept only in escrow for that
 * side: no event, hash, export or stream carries a sealed card. The same escrow reveals it for the
 * side on request and shows it to that side alone. decide() sees commitments and reveals only.
 */

interface Escrowed {
  card: Card;
  salt: string;
}

/** A card from a command, in the notation of the match's version (version 2 normalises to the code). */
function cardFrom(edition: Edition, value: unknown): RecordedCard {
  return edition.cardsAsCodes ? parseCardCode(value, 'card') : parseCard(value, 'card');
}

/** The escrowed card as the match's version writes it. */
function written(edition: Edition, card: Card): RecordedCard {
  return edition.cardsAsCodes ? cardCode(card) : card;
}

type Command = { type: string } & Record<string, unknown>;

const SALT_BYTES = 32;
/** AA-1: the 54 cards in one fixed order (the escrow's plaintext names a card by its place here). */
export const DECK: readonly Card[] = [
  ...SUITS.flatMap((suit) => RANKS.map((rank): Card => ({ rank, suit }))),
  ...JOKER_COLOURS.map((joker): Card => ({ joker })),
];

/**
 * The escrow's plaintext: one byte for the card's place in the deck, then the salt's 32 bytes. Every
 * card gives the same length, so the ciphertext's length says nothing (AES-GCM does not pad; a JSON
 * plaintext told clubs from diamonds by the length of their names).
 */
function escrowPlaintext(card: RecordedCard, salt: Uint8Array): Uint8Array {
  const index = DECK.findIndex((candidate) => sameCard(candidate, toCard(card)));
  if (index < 0) throw new Error('not a card of the deck');
  return Buffer.concat([Buffer.from([index]), salt]);
}

function escrowedFrom(plaintext: Uint8Array): Escrowed {
  const card = DECK[plaintext[0]!];
  if (!card || plaintext.length !== 1 + SALT_BYTES) throw new Error('escrow does not hold a card and a salt');
  return {
    card: isJoker(card) ? { joker: card.joker } : { rank: card.rank, suit: card.suit },
    salt: Buffer.from(plaintext.subarray(1)).toString('hex'),
  };
}

function associated(unitId: string, turn: number): string {
  return `${unitId}|${turn}`;
}

/** The card an order holds in escrow, or undefined when the side sealed a commitment of its own. */
export function openOrder(
  escrow: Escrow,
  order: Pick<Order, 'unitId' | 'turn' | 'escrow'>,
): Escrowed | undefined {
  if (!order.escrow) return undefined;
  try {
    return escrowedFrom(escrow.open(associated(order.unitId, order.turn), order.escrow));
  } catch {
    // The server secret is not the one the card was sealed under (a new data folder, or another
    // UMPIRE_SERVER_SECRET): nobody can open it now. Say so, rather than fail without a reason.
    violation(
      'AA-2',
      `the sealed card of unit ${order.unitId} cannot be opened with this service's secret; restore the data folder's server-secret or UMPIRE_SERVER_SECRET, or have a judge back the match up`,
    );
  }
}

/** For reading only: an escrow this service cannot open stays hidden instead of failing the read. */
export function openForView(
  escrow: Escrow,
  order: Pick<Order, 'unitId' | 'turn' | 'escrow'>,
): Escrowed | undefined {
  try {
    return openOrder(escrow, order);
  } catch {
    return undefined;
  }
}

/** AA-1: another unit of this side holding this card this turn, revealed or still sealed in escrow. */
function unitHolding(
  escrow: Escrow,
  state: AtomicAfricaState,
  side: Side,
  turn: number,
  card: RecordedCard,
  exceptUnitId: string,
): string | undefined {
  for (const order of Object.values(state.orders)) {
    if (order.side !== side || order.turn !== turn || order.unitId === exceptUnitId) continue;
    // A card sealed in the open (rules-level) or revealed is in the order; an escrowed one is opened.
    const held = order.card ?? openOrder(escrow, order)?.card;
    if (held && sameCard(held, card)) return order.unitId;
  }
  return undefined;
}

function seal(state: AtomicAfricaState, command: Command, services: PrepareServices): Command {
  // once the turn's first activation has closed sealing, nothing is sealed (nor checked) at all.
  if (sealingClosed(state))
    violation('Q-21', `sealing for turn ${state.turn} closed at its first activation`);
  const card = cardFrom(editionOf(state), command.card);
  const unitId = String(command.unitId);
  const turn = Number(command.turn);
  const side = (state as { units?: Record<string, { side: Side }> }).units?.[unitId]?.side;
  // AA-1, checked here because decide() only ever sees this side's commitments. The answer goes to
  // this side alone and speaks only of its own cards.
  const holder = side && unitHolding(services.escrow, state, side, turn, card, unitId);
  if (holder)
    violation('AA-1', `your side has already given that card to ${nameOf(state, holder)} this turn`);
  const salt = services.randomBytes(SALT_BYTES);
  const { card: _card, ...rest } = command;
  return {
    ...rest,
    commitment: orderCommitment(card, unitId, turn, Buffer.from(salt).toString('hex')),
    escrow: services.escrow.seal(associated(unitId, turn), escrowPlaintext(card, salt)),
  };
}

function reveal(
  state: AtomicAfricaState,
  command: Command,
  services: PrepareServices,
  unitId: string,
): Command {
  const edition = editionOf(state);
  const order = Object.hasOwn(state.orders, unitId) ? state.orders[unitId] : undefined;
  const escrowed = order && !order.revealed ? openOrder(services.escrow, order) : undefined;
  if (!escrowed) {
    // A commitment the side sealed itself: decide() checks it against its card; this checks the card
    // is not one held in escrow for another unit of the side (AA-1), which decide() cannot see. Version
    // 2 refuses no reveal here (it would stall the match): the second reveal of a card clashes.
    if (order && command.card !== undefined && !edition.clashLeavesNoCard) {
      const card = parseCard(command.card, 'card');
      const holder = unitHolding(services.escrow, state, order.side, order.turn, card, unitId);
      if (holder)
        violation('AA-1', `your side has already given that card to ${nameOf(state, holder)} this turn`);
    }
    return command;
  }
  if (command.salt !== undefined) return command;
  if (command.card !== undefined && !sameCard(cardFrom(edition, command.card), escrowed.card)) {
    violation('AA-2', 'the card revealed is not the card sealed', 'conflict');
  }
  return { ...command, card: written(edition, escrowed.card), salt: escrowed.salt };
}

/** Rewrites SealOrder-with-card and RevealOrder-of-an-escrowed-card; other commands pass through. */
export function prepare(state: AtomicAfricaState, command: Command, services: PrepareServices): Command {
  // Only a well-formed unit id is looked up; anything else goes on to decide() to be refused, so that
  // no answer can depend on another unit's sealed card (AA-2).
  if (command.type === 'RangedAttack') return prepareByAttacker(state, command, services);
  if (typeof command.unitId !== 'string') return command;
  if (command.type === 'SealOrder' && command.card !== undefined && command.commitment === undefined) {
    return seal(state, command, services);
  }
  if (command.type === 'RevealOrder') return reveal(state, command, services, command.unitId);
  // Version 2: a pursuit and a ranged attack reveal a card still sealed; a declined
  // pursuit reveals nothing, so nothing is opened for it.
  if (editionOf(state).cardsAsCodes) {
    if (command.type === 'Pursue' && command.pursue === true)
      return reveal(state, command, services, command.unitId);
  }
  return command;
}

/** The same for commands that name their unit otherwise (a ranged attack's attackerId). */
function prepareByAttacker(state: AtomicAfricaState, command: Command, services: PrepareServices): Command {
  if (command.type !== 'RangedAttack' || typeof command.attackerId !== 'string') return command;
  if (!editionOf(state).rangedAttackIsActivation) return command;
  return reveal(state, command, services, command.attackerId);
}

/** The owner's view shows its own escrowed cards; nobody else's view is touched. */
export function showOwnCards<View extends { orders: Record<string, Order> }>(
  view: View,
  viewer: Viewer,
  escrow: Escrow,
  edition: Edition,
): View {
  if (!viewer.side) return view;
  const orders = Object.fromEntries(
    Object.entries(view.orders).map(([unitId, order]) => {
      if (order.side !== viewer.side || order.card) return [unitId, order];
      const escrowed = openForView(escrow, order);
      return [unitId, escrowed ? { ...order, card: written(edition, escrowed.card) } : order];
    }),
  );
  return { ...view, orders };
}

export function showOwnCardInEvent(
  event: AtomicAfricaEvent,
  viewer: Viewer,
  escrow: Escrow,
  edition: Edition,
): AtomicAfricaEvent {
  if (event.type !== 'OrderSealed' || !viewer.side) return event;
  const sealed = event.data;
  if (sealed.side !== viewer.side || sealed.card) return event;
  const escrowed = openForView(escrow, sealed);
  return escrowed ? { ...event, data: { ...sealed, card: written(edition, escrowed.card) } } : event;
}
