import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { MatchSecrets } from '../audit/match-secrets.service.js';
import { openEscrow, sealEscrow } from '../audit/order-escrow.js';
import { type Card, orderCommitment, parseCard, sameCard } from '../rules/atomic-africa/index.js';
import type { AtomicAfricaState, Order } from '../rules/atomic-africa/state.js';
import { violation } from '../rules/common/rule-violation.js';
import type { Side } from '../rules/common/sides.js';
import type { Viewer } from '../rules/ruleset.js';
import type { LoadedMatch } from './match-loader.js';

interface Escrowed {
  card: Card;
  salt: string;
}

type Command = { type: string } & Record<string, unknown>;

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
    if (match.ruleset.id !== 'atomic-africa') return command;
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
    const unit = (state as { units?: Record<string, { side: Side }> }).units?.[unitId];
    if (unit) {
      // AA-1, checked here because the rules only ever see this side's commitments. The answer goes to
      // this side alone and speaks only of its own cards.
      for (const order of Object.values(state.orders)) {
        if (order.side !== unit.side || order.turn !== turn || order.unitId === unitId || order.revealed)
          continue;
        const other = this.open(match, order);
        if (other && sameCard(other.card, card)) {
          violation('AA-1', `your side has already given that card to unit ${order.unitId} this turn`);
        }
      }
    }
    const salt = randomBytes(32).toString('hex');
    const { card: _card, ...rest } = command;
    return {
      ...rest,
      commitment: orderCommitment(card, unitId, turn, salt),
      escrow: sealEscrow(
        this.secrets.escrowKey(match.matchId),
        this.associated(unitId, turn),
        JSON.stringify({ card, salt }),
      ),
    };
  }

  private reveal(match: LoadedMatch, state: AtomicAfricaState, command: Command): Command {
    const order = state.orders[String(command.unitId)];
    const escrowed = order ? this.open(match, order) : undefined;
    if (!escrowed || command.salt !== undefined) return command;
    if (command.card !== undefined && !sameCard(parseCard(command.card, 'card'), escrowed.card)) {
      violation('AA-2', 'the card revealed is not the card sealed', 'conflict');
    }
    return { ...command, card: escrowed.card, salt: escrowed.salt };
  }

  /** The card an order holds in escrow, or undefined when the side sealed a commitment of its own. */
  open(match: LoadedMatch, order: Pick<Order, 'unitId' | 'turn' | 'escrow'>): Escrowed | undefined {
    if (!order.escrow) return undefined;
    const plain = openEscrow(
      this.secrets.escrowKey(match.matchId),
      this.associated(order.unitId, order.turn),
      order.escrow,
    );
    return JSON.parse(plain) as Escrowed;
  }

  /** The owner's view shows its own escrowed cards; nobody else's view is touched. */
  showOwnCards(match: LoadedMatch, viewed: unknown, viewer: Viewer): unknown {
    if (match.ruleset.id !== 'atomic-africa' || !viewer.side) return viewed;
    const view = viewed as { orders?: Record<string, Order & { hidden?: boolean }> };
    if (!view.orders) return viewed;
    const orders = Object.fromEntries(
      Object.entries(view.orders).map(([unitId, order]) => {
        if (order.side !== viewer.side || order.card) return [unitId, order];
        const escrowed = this.open(match, order);
        return [unitId, escrowed ? { ...order, card: escrowed.card } : order];
      }),
    );
    return { ...view, orders };
  }

  showOwnCardInEvent(match: LoadedMatch, type: string, data: unknown, viewer: Viewer): unknown {
    if (match.ruleset.id !== 'atomic-africa' || type !== 'OrderSealed' || !viewer.side) return data;
    const sealed = data as Order;
    if (sealed.side !== viewer.side || sealed.card) return data;
    const escrowed = this.open(match, sealed);
    return escrowed ? { ...sealed, card: escrowed.card } : data;
  }

  private associated(unitId: string, turn: number): string {
    return `${unitId}|${turn}`;
  }
}
