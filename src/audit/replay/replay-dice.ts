import { type DiceRequest, type DiceRoll, type DiceSource, isDieFace } from '../../rules/common/dice.js';
import { rollsIn } from './compare.js';

/**
 * A discrepancy found while the rules run, where the rules themselves would not throw: the log does not
 * hold the dice the rules ask for, or holds them in a form no dice source gives.
 */
export class ReplayMismatch extends Error {
  constructor(
    readonly ruleId: string,
    readonly revision: number,
    message: string,
  ) {
    super(message);
    this.name = 'ReplayMismatch';
  }
}

/**
 * The dice of one recorded command, handed back to the rules in the order they were recorded: the
 * rules ask, and get the faces the log says they got (C-3). Whether server faces are the HMAC
 * derivation is checked apart, over every roll of the log (C-2).
 */
export class ReplayDice implements DiceSource {
  private readonly rolls: readonly (readonly DiceRoll[])[];
  private readonly lastRevision: number;
  /** The next roll to hand back: roll `rollAt` of event `eventAt`. */
  private eventAt = 0;
  private rollAt = 0;

  /** `rolls[i]`, when given, are the rolls of `events[i]` already found (rollsIn), so they are not looked for twice. */
  constructor(
    private readonly events: readonly { data: unknown; metadata: { revision: number } }[],
    private readonly diceMode: 'server' | 'table',
    rolls?: readonly (readonly DiceRoll[])[],
  ) {
    this.rolls = rolls ?? events.map((event) => rollsIn(event.data));
    this.lastRevision = events.at(-1)?.metadata.revision ?? 0;
  }

  roll({ purpose, count, side }: DiceRequest): DiceRoll {
    // The events' rolls in order, one after the other, without listing them all first.
    while (this.eventAt < this.events.length && this.rollAt >= (this.rolls[this.eventAt]?.length ?? 0)) {
      this.eventAt += 1;
      this.rollAt = 0;
    }
    const roll = this.rolls[this.eventAt]?.[this.rollAt];
    if (roll === undefined) {
      throw new ReplayMismatch(
        'C-1',
        this.lastRevision,
        `the rules ask for a ${purpose} roll of ${count} dice for side ${side} that the log does not hold`,
      );
    }
    this.rollAt += 1;
    const revision = this.events[this.eventAt]!.metadata.revision;
    if (roll.origin !== this.diceMode) {
      throw new ReplayMismatch(
        'C-2',
        revision,
        `a ${String(roll.origin)} roll in a match that rolls ${this.diceMode} dice`,
      );
    }
    if (roll.faces.length !== count || !roll.faces.every(isDieFace)) {
      throw new ReplayMismatch(
        'C-1',
        revision,
        `the ${purpose} takes ${count} D6 faces (1 to 6); the log records ${roll.faces.length} faces that are not that`,
      );
    }
    if (roll.origin === 'server') {
      if (typeof roll.index !== 'number' || !Number.isInteger(roll.index) || roll.index < 1) {
        throw new ReplayMismatch('C-2', revision, 'a server roll without its roll index');
      }
      return { purpose, faces: [...roll.faces], origin: 'server', side, index: roll.index };
    }
    return { purpose, faces: [...roll.faces], origin: 'table', side };
  }
}
