import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { MatchSecrets } from '../audit/match-secrets.service.js';
import { openEscrow, sealEscrow } from '../audit/order-escrow.js';
import {
  type Card,
  isJoker,
  JOKER_COLOURS,
  orderCommitment,
  parseCard,
  RANKS,
  sameCard,
  SUITS,
} from '../rules/atomic-africa/index.js';
import type { AtomicAfricaState, Order } from '../rules/atomic-africa/state.js';
import { violation } from '../rules/common/rule-violation.js';
import type { Side } from '../rules/common/sides.js';
import type { Viewer } from '../rules/ruleset.js';
import type { LoadedMatch } from './match-aggregate.js';

interface Escrowed {
  card: Card;
  salt: string;
}

type Command = { type: string } & Record<string, unknown>;

const SALT_BYTES = 32;
const DECK = [
  ...SUITS.flatMap((suit) => RANKS.map((rank): Card => ({ rank, suit }))),
  ...JOKER_COLOURS.map((joker): Card => ({ joker })),
];

/**
 * The escrow's plaintext: one byte for the card's place in the deck, then the salt's 32 bytes. Every
 * card gives the same length, so the ciphertext's length says nothing (AES-GCM does not pad; a JSON
 * plaintext told clubs from diamonds by the length of their names).
 */
function escrowPlaintext(card: Card, salt: Buffer): Buffer {
  const index = DECK.findIndex((candidate) => sameCard(candidate, card));
  if (index < 0) throw new Error('not a card of the deck');
  return Buffer.concat([Buffer.from([index]), salt]);
}

function escrowedFrom(plaintext: Buffer): Escrowed {
  const card = DECK[plaintext[0]!];
  if (!card || plaintext.length !== 1 + SALT_BYTES) throw new Error('escrow does not hold a card and a salt');
  return {
    card: isJoker(card) ? { joker: card.joker } : { rank: card.rank, suit: card.suit },
    salt: plaintext.subarray(1).toString('hex'),
  };
}

/**
 * AA-2, at the service's edge. A side that hands the service its card in the open gets it sealed as a
 * commitment with a secret salt, the card and salt kept only as ciphertext for that side: no event,
 * hash, export or stream carries a sealed card. The same service reveals it for the side on request
 * and shows it to that side alone. The rules see commitments and reveals only.
 */
@Injectable()
export class SealedOrders {
  constructor(private readonly secrets: MatchSecrets) {}

  /** Rewrites SealOrder-with-card and RevealOrder-of-an-escrowed-card; other commands pass through. */
  prepare(match: LoadedMatch, command: Command): Command {
    // Only a well-formed unit id is looked up; anything else goes on to the rules to be refused, so that
    // no answer can depend on another unit's sealed card (AA-2).
    if (match.ruleset.id !== 'atomic-africa' || typeof command.unitId !== 'string') return command;
    const state = match.state as AtomicAfricaState;
    if (command.type === 'SealOrder' && command.card !== undefined && command.commitment === undefined) {
      return this.seal(match, state, command);
    }
    if (command.type === 'RevealOrder') return this.reveal(match, state, command);
    return command;
  }

  private seal(match: LoadedMatch, state: AtomicAfricaState, command: Command): Command {
    const card = parseCard(command.card, 'card');
    const unitId = String(command.unitId);
    const turn = Number(command.turn);
    const side = (state as { units?: Record<string, { side: Side }> }).units?.[unitId]?.side;
    // AA-1, checked here because the rules only ever see this side's commitments. The answer goes to
    // this side alone and speaks only of its own cards.
    const holder = side && this.unitHolding(match, state, side, turn, card, unitId);
    if (holder) violation('AA-1', `your side has already given that card to unit ${holder} this turn`);
    const salt = randomBytes(SALT_BYTES);
    const { card: _card, ...rest } = command;
    return {
      ...rest,
      commitment: orderCommitment(card, unitId, turn, salt.toString('hex')),
      escrow: sealEscrow(
        this.secrets.escrowKey(match.matchId),
        this.associated(unitId, turn),
        escrowPlaintext(card, salt),
      ),
    };
  }

  private reveal(match: LoadedMatch, state: AtomicAfricaState, command: Command): Command {
    const unitId = String(command.unitId);
    const order = Object.hasOwn(state.orders, unitId) ? state.orders[unitId] : undefined;
    const escrowed = order ? this.open(match, order) : undefined;
    if (!escrowed) {
      // A commitment the side sealed itself: the rules check it against its card; the service checks
      // the card is not one it holds in escrow for another unit of the side (AA-1), which the rules
      // cannot see.
      if (order && command.card !== undefined) {
        const holder = this.unitHolding(
          match,
          state,
          order.side,
          order.turn,
          parseCard(command.card, 'card'),
          unitId,
        );
        if (holder) violation('AA-1', `your side has already given that card to unit ${holder} this turn`);
      }
      return command;
    }
    if (command.salt !== undefined) return command;
    if (command.card !== undefined && !sameCard(parseCard(command.card, 'card'), escrowed.card)) {
      violation('AA-2', 'the card revealed is not the card sealed', 'conflict');
    }
    return { ...command, card: escrowed.card, salt: escrowed.salt };
  }

  /** Another unit of this side holding this card this turn, revealed or still sealed in escrow. */
  private unitHolding(
    match: LoadedMatch,
    state: AtomicAfricaState,
    side: Side,
    turn: number,
    card: Card,
    exceptUnitId: string,
  ): string | undefined {
    for (const order of Object.values(state.orders)) {
      if (order.side !== side || order.turn !== turn || order.unitId === exceptUnitId) continue;
      // A card sealed in the open (rules-level) or revealed is in the order; an escrowed one is opened.
      const held = order.card ?? this.open(match, order)?.card;
      if (held && sameCard(held, card)) return order.unitId;
    }
    return undefined;
  }

  /** The card an order holds in escrow, or undefined when the side sealed a commitment of its own. */
  open(match: LoadedMatch, order: Pick<Order, 'unitId' | 'turn' | 'escrow'>): Escrowed | undefined {
    if (!order.escrow) return undefined;
    try {
      return escrowedFrom(
        openEscrow(
          this.secrets.escrowKey(match.matchId),
          this.associated(order.unitId, order.turn),
          order.escrow,
        ),
      );
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
  private openForView(
    match: LoadedMatch,
    order: Pick<Order, 'unitId' | 'turn' | 'escrow'>,
  ): Escrowed | undefined {
    try {
      return this.open(match, order);
    } catch {
      return undefined;
    }
  }

  /** The owner's view shows its own escrowed cards; nobody else's view is touched. */
  showOwnCards(match: LoadedMatch, viewed: unknown, viewer: Viewer): unknown {
    if (match.ruleset.id !== 'atomic-africa' || !viewer.side) return viewed;
    const view = viewed as { orders?: Record<string, Order & { hidden?: boolean }> };
    if (!view.orders) return viewed;
    const orders = Object.fromEntries(
      Object.entries(view.orders).map(([unitId, order]) => {
        if (order.side !== viewer.side || order.card) return [unitId, order];
        const escrowed = this.openForView(match, order);
        return [unitId, escrowed ? { ...order, card: escrowed.card } : order];
      }),
    );
    return { ...view, orders };
  }

  showOwnCardInEvent(match: LoadedMatch, type: string, data: unknown, viewer: Viewer): unknown {
    if (match.ruleset.id !== 'atomic-africa' || type !== 'OrderSealed' || !viewer.side) return data;
    const sealed = data as Order;
    if (sealed.side !== viewer.side || sealed.card) return data;
    const escrowed = this.openForView(match, sealed);
    return escrowed ? { ...sealed, card: escrowed.card } : data;
  }

  private associated(unitId: string, turn: number): string {
    return `${unitId}|${turn}`;
  }
}
