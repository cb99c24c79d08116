import {
  fold,
  RuleViolation,
  TableDice,
  type Side,
  type ViolationKind,
} from '../../../src/rules/common/index.js';
import {
  atomicAfrica,
  type AtomicAfricaRuleset,
  type AtomicAfricaCommand,
  type AtomicAfricaEvent,
  type AtomicAfricaState,
  type Card,
  type Intent,
  type UnitType,
} from '../../../src/rules/atomic-africa/index.js';

import {
  card,
  contactReported,
  matchCreated,
  type Orders,
  ordersRevealed,
  turnEnded,
  unitRegistered,
} from '../../support/given-events/atomic-africa.js';

export { card };

export function stateOf(
  events: readonly AtomicAfricaEvent[],
  ruleset: AtomicAfricaRuleset = atomicAfrica,
): AtomicAfricaState {
  return fold(ruleset.decider, events);
}

/**
 * A match set up from given events (the match, its units, their contacts), then driven through
 * decide() command by command for a long scenario: given (the log so far), when (a command, with
 * the faces entered at the table), then (the new events).
 */
export class Match {
  readonly events: AtomicAfricaEvent[] = [];

  /** Version 1 unless told otherwise. */
  constructor(readonly ruleset: AtomicAfricaRuleset = atomicAfrica) {}

  get state(): AtomicAfricaState {
    return stateOf(this.events, this.ruleset);
  }

  /** Runs a command with table dice; every face must be used (C-1). Returns the new events. */
  run(command: AtomicAfricaCommand, faces: number[] = []): AtomicAfricaEvent[] {
    const dice = new TableDice(faces);
    const events = this.ruleset.decider.decide(this.state, command, dice);
    dice.assertAllUsed();
    this.events.push(...events);
    return events;
  }

  /** The command must be refused with this rule id and kind, and nothing may be appended (C-6). */
  refuse(
    command: AtomicAfricaCommand,
    ruleId: string,
    kind: ViolationKind,
    faces: number[] = [],
  ): RuleViolation {
    const before = JSON.stringify(this.events);
    let caught: unknown;
    try {
      this.ruleset.decider.decide(this.state, command, new TableDice(faces));
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(RuleViolation);
    const error = caught as RuleViolation;
    expect({ ruleId: error.ruleId, kind: error.kind }).toEqual({ ruleId, kind });
    expect(JSON.stringify(this.events)).toBe(before);
    return error;
  }

  /** Given: events the match already holds, appended as they are (no command is decided). */
  given(...events: AtomicAfricaEvent[]): this {
    this.events.push(...events);
    return this;
  }

  create(parameters?: unknown): this {
    return this.given(matchCreated(parameters, this.ruleset.version));
  }

  unit(unitId: string, side: Side, unitType: UnitType = 'infantry', movement = 6, firepower = 2): this {
    return this.given(unitRegistered(unitId, side, unitType, movement, firepower));
  }

  contact(unitId: string, enemyId: string): this {
    const { units, turn } = this.state;
    const [a, b] = units[unitId]?.side === 'A' ? [unitId, enemyId] : [enemyId, unitId];
    return this.given(contactReported(a, b, turn));
  }

  endTurn(): this {
    this.run({ type: 'EndTurn' });
    return this;
  }

  /** The card as the match's version writes it: an object under version 1, the code under version 2. */
  cardFor(code: string): Card | string {
    return this.ruleset.version === '1.0.0' ? card(code) : code;
  }

  seal(unitId: string, code: string): this {
    this.run({ type: 'SealOrder', unitId, turn: this.state.turn, card: this.cardFor(code) });
    return this;
  }

  declare(unitId: string, intent: Intent): this {
    this.run({ type: 'DeclareIntent', unitId, intent });
    return this;
  }

  reveal(unitId: string, code: string, specialAction?: string): AtomicAfricaEvent[] {
    return this.run({ type: 'RevealOrder', unitId, card: this.cardFor(code), specialAction });
  }

  types(): string[] {
    return this.events.map((e) => e.type);
  }

  last<T extends AtomicAfricaEvent['type']>(type: T): Extract<AtomicAfricaEvent, { type: T }> {
    const found = [...this.events]
      .reverse()
      .find((e): e is Extract<AtomicAfricaEvent, { type: T }> => e.type === type);
    if (!found) throw new Error(`no ${type} event`);
    return found;
  }
}

export interface Fighter {
  unitType?: UnitType;
  movement?: number;
  firepower?: number;
}

/**
 * Given A1 (side A) and B1 (side B) reported in base contact in turn 2: turn 3 begins with them in
 * close combat and side A active, so A1 is the activating unit and B1 the reacting one.
 */
export function engaged(a: Fighter = {}, b: Fighter = {}, parameters?: unknown): Match {
  return new Match()
    .create(parameters)
    .unit('A1', 'A', a.unitType ?? 'infantry', a.movement ?? 6, a.firepower ?? 2)
    .unit('B1', 'B', b.unitType ?? 'infantry', b.movement ?? 6, b.firepower ?? 2)
    .given(...turnEnded(1, 'B'))
    .contact('A1', 'B1')
    .given(...turnEnded(2, 'A', [['A1', 'B1']]));
}

export type { Orders };

/**
 * Given A1 and B1 sealed, declared (A1 activates) and revealed their cards, as events (see
 * ordersRevealed): the close combat then waits for pursuit, movement or dice.
 */
export function revealed(match: Match, orders: Orders): Match {
  const jokerPosture = match.state.match?.parameters.jokerPosture;
  return match.given(...ordersRevealed(orders, { jokerPosture, turn: match.state.turn }));
}
