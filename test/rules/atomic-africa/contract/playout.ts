import { createHash } from 'node:crypto';
import { openEscrow, sealEscrow } from '../../../../src/match/order-escrow.js';
import {
  type AtomicAfricaCommand,
  type AtomicAfricaEvent,
  type AtomicAfricaRuleset,
  type AtomicAfricaState,
  type Card,
  orderCommitment,
} from '../../../../src/rules/atomic-africa/index.js';
import { cardValue } from '../../../../src/rules/atomic-africa/contract-cards.js';
import { DECK, prepare } from '../../../../src/rules/atomic-africa/sealed-orders.js';
import { type PrepareServices, type Side, TableDice } from '../../../../src/rules/common/index.js';
import type {
  ChoiceOption,
  TemplateChoice,
  TemplateDraft,
} from '../../../../src/rules/common/play-contract.js';
import type { Viewer } from '../../../../src/rules/ruleset.js';

/**
 * A random playout of an atomic-africa match driven by its play contract alone, on the service's path
 * (prepare with an escrow, then decide): each step picks one template a side is shown for itself, fills
 * every choice with one of its allowed values (and the dice it asks for), and sends it. Choices come off
 * a tape of numbers, so that fast-check can shrink a failing playout.
 */

export const SIDES: Side[] = ['A', 'B'];

/** The crypto the service supplies, under a key of the test's own; salts are counted, not random. */
export function services(): PrepareServices {
  const key = createHash('sha256').update('contract-playout').digest();
  let salts = 0;
  return {
    escrow: {
      seal: (associated, plaintext) => sealEscrow(key, associated, Buffer.from(plaintext)),
      open: (associated, sealed) => openEscrow(key, associated, sealed),
    },
    randomBytes: (count) => {
      salts += 1;
      return createHash('sha256').update(`salt ${salts}`).digest().subarray(0, count);
    },
  };
}

export class Tape {
  private at = 0;
  constructor(private readonly numbers: readonly number[]) {}
  pick(n: number): number {
    const value = this.numbers[this.at % this.numbers.length] ?? 0;
    this.at += 1;
    return n <= 0 ? 0 : value % n;
  }
}

/** What a side keeps to itself: the card and salt behind each commitment it sealed. */
interface Secret {
  card: Card;
  salt: string;
}

const sameValue = (a: ChoiceOption['value'], b: ChoiceOption['value']) =>
  JSON.stringify(a) === JSON.stringify(b);

export interface Sent {
  template: TemplateDraft;
  command: AtomicAfricaCommand;
  faces: number[];
  events: AtomicAfricaEvent[];
}

export class Playout {
  state: AtomicAfricaState;
  readonly services = services();
  private readonly secrets = new Map<string, Secret>();
  private names = 0;
  readonly sent: Sent[] = [];

  constructor(
    readonly ruleset: AtomicAfricaRuleset,
    setup: AtomicAfricaCommand[],
  ) {
    this.state = ruleset.decider.initialState();
    for (const command of setup) this.apply(command, []);
  }

  awaited(viewer: Viewer): TemplateDraft[] {
    return this.ruleset.awaitedTemplates!(this.state, viewer, this.services.escrow);
  }

  available(viewer: Viewer): TemplateDraft[] {
    return this.ruleset.available!(this.state, viewer, this.services.escrow);
  }

  /** Every template a side is shown for itself: awaited first. */
  own(): { awaited: TemplateDraft[]; available: TemplateDraft[] } {
    return {
      awaited: SIDES.flatMap((side) => this.awaited({ side }).filter((t) => t.side === side)),
      available: SIDES.flatMap((side) => this.available({ side }).filter((t) => t.side === side)),
    };
  }

  private apply(command: AtomicAfricaCommand, faces: number[]): AtomicAfricaEvent[] {
    const prepared = prepare(
      this.state,
      command as unknown as { type: string } & Record<string, unknown>,
      this.services,
    ) as unknown as AtomicAfricaCommand;
    const dice = new TableDice(faces);
    const events = this.ruleset.decider.decide(this.state, prepared, dice);
    dice.assertAllUsed();
    this.state = events.reduce(this.ruleset.decider.evolve, this.state);
    return events;
  }

  /** One step: a template of the side's own, filled from the tape and sent. False when none applies. */
  step(tape: Tape): boolean {
    const { awaited, available } = this.own();
    // The end of the turn is offered every step; taking it rarely lets the turns fill up.
    const rare = (t: TemplateDraft) => t.action === 'end-turn' || t.action === 'register-unit';
    const pool =
      awaited.length > 0 && tape.pick(5) > 0
        ? awaited
        : [...awaited, ...available].filter((t) => !rare(t) || tape.pick(6) === 0);
    const candidates = pool.length > 0 ? pool : [...awaited, ...available];
    const order = candidates.map((_, i) => i);
    for (let i = order.length - 1; i > 0; i--) {
      const j = tape.pick(i + 1);
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    for (const index of order) {
      const template = candidates[index]!;
      const filled = this.fill(template, tape);
      if (!filled) continue;
      const events = this.apply(filled.command, filled.faces);
      this.sent.push({ template, ...filled, events });
      return true;
    }
    return false;
  }

  /**
   * The template with each choice set to an allowed value. A side fills a card it sealed by its own
   * commitment with that card (the only one its reveal may name), so a template whose options leave that
   * card out is not one it could send: undefined.
   */
  fill(template: TemplateDraft, tape: Tape): { command: AtomicAfricaCommand; faces: number[] } | undefined {
    const body: Record<string, unknown> = structuredClone(template.body);
    const unitId = template.unitId;
    const secret = unitId ? this.secrets.get(`${unitId}|${this.state.turn}`) : undefined;
    const applies = (choice: TemplateChoice) =>
      !choice.when || sameValue(body[choice.when.path] as ChoiceOption['value'], choice.when.value);
    // Choices asked only when another has a value come after it.
    for (const choice of [...template.choices].sort((a, b) => Number(!!a.when) - Number(!!b.when))) {
      if (!applies(choice)) continue;
      if (choice.path === 'commitment') continue;
      if (secret && choice.path === 'card' && choice.kind === 'one-of') {
        const value = cardValue(this.state, secret.card);
        if (!choice.options.some((o) => sameValue(o.value, value))) return undefined;
        body.card = value;
        continue;
      }
      if (secret && choice.path === 'salt') {
        body.salt = secret.salt;
        continue;
      }
      if (choice.path === 'specialAction' && choice.optional) {
        // Optional only where the card is the side's own commitment: a face card announces, no other.
        if (!secret) return undefined;
        const face = 'rank' in secret.card && ['J', 'Q', 'K'].includes(secret.card.rank);
        if (face && choice.kind === 'one-of')
          body.specialAction = choice.options[tape.pick(choice.options.length)]!.value;
        continue;
      }
      const value = this.valueFor(choice, tape, template);
      if (value === undefined) return undefined;
      body[choice.path] = value;
    }
    if (template.action === 'seal-commitment') {
      const card = this.freeCard(template, tape);
      if (!card) return undefined;
      const salt = `salt-${this.names++}`;
      const turn = body.turn as number;
      this.secrets.set(`${String(body.unitId)}|${turn}`, { card, salt });
      body.commitment = orderCommitment(card, String(body.unitId), turn, salt);
    }
    const faces = template.dice ? Array.from({ length: template.dice.count }, () => 1 + tape.pick(6)) : [];
    return { command: { type: template.command, ...body } as AtomicAfricaCommand, faces };
  }

  private valueFor(choice: TemplateChoice, tape: Tape, template: TemplateDraft): unknown {
    switch (choice.kind) {
      case 'one-of': {
        // A seal's card is one the side has not committed another unit to (AA-1: it keeps that itself).
        const options =
          choice.path === 'card' && template.action === 'seal-order'
            ? choice.options.filter(
                (o) => !this.committedCards(template.side!).some((v) => sameValue(v, o.value)),
              )
            : choice.options;
        if (options.length === 0) return undefined;
        return options[tape.pick(options.length)]!.value;
      }
      case 'yes-no':
        return tape.pick(2) === 0;
      case 'integer':
        return choice.min + tape.pick(choice.max - choice.min + 1);
      case 'text':
        if (choice.path === 'unitId') return `U${this.names++}`;
        return `${choice.path} ${this.names++}`;
    }
  }

  private committedCards(side: Side): ChoiceOption['value'][] {
    return [...this.secrets.entries()]
      .filter(([key]) => {
        const [unitId, turn] = key.split('|');
        return Number(turn) === this.state.turn && this.state.units[unitId!]?.side === side;
      })
      .map(([, secret]) => cardValue(this.state, secret.card));
  }

  /** A card for a commitment: one the side's own card seal would offer, and not already committed. */
  private freeCard(template: TemplateDraft, tape: Tape): Card | undefined {
    const committed = this.committedCards(template.side!);
    const held = Object.values(this.state.orders)
      .filter((o) => o.side === template.side && o.turn === this.state.turn)
      .map((o) => o.card ?? this.ownEscrowed(o.unitId))
      .filter((c) => c !== undefined)
      .map((c) => JSON.stringify(cardValue(this.state, typeof c === 'string' ? cardOfCode(c) : c)));
    const free = DECK.filter((card) => {
      const value = cardValue(this.state, card);
      return !committed.some((v) => sameValue(v, value)) && !held.includes(JSON.stringify(value));
    });
    return free.length > 0 ? free[tape.pick(free.length)] : undefined;
  }

  private ownEscrowed(unitId: string): Card | undefined {
    const order = this.state.orders[unitId];
    if (!order?.escrow) return undefined;
    const plaintext = this.services.escrow.open(`${order.unitId}|${order.turn}`, order.escrow);
    return DECK[plaintext[0]!];
  }
}

function cardOfCode(code: string): Card {
  return DECK.find((card) => JSON.stringify(cardCodeOf(card)) === JSON.stringify(code))!;
}

function cardCodeOf(card: Card): string {
  if ('joker' in card) return `JOKER-${card.joker.toUpperCase()}`;
  return `${card.rank}${card.suit[0]!.toUpperCase()}`;
}
