import type { DiceRoll } from './dice.js';
import type { Side } from './sides.js';

/**
 * The words every ruleset's turn-log sentences share. A sentence describes an event exactly as it is
 * handed over, so whoever calls it decides what may be seen (AA-2: the stored log is built from
 * events viewed with no side).
 */

export interface LogContext {
  rulesetId: string;
  sides: Record<Side, string>;
  units: Record<string, { name: string; side: Side }>;
  /** C-4: the player turn now, and whose it is. */
  turn: number;
  activeSide: Side;
  /**
   * C-5: each dispute raised, by its id: the event it disputes and the side that raised it, so that a
   * ruling names the dispute as the players know it. Absent in contexts kept before it was.
   */
  disputes?: Record<string, { revision: number; side: Side }>;
  /** C-5: the side whose undo request is open, unanswered (absent when none is, and in older contexts). */
  openUndo?: Side;
  /**
   * C-5: the revision of the last event a revert would undo (a game event, or a revert), so that an
   * undo's line counts the game's events it undid, not the match's own records after them, which
   * stand. Absent before the first such event, and in older contexts.
   */
  lastUndoable?: number;
  /**
   * C-1: how the match's dice are rolled, as MatchCreated recorded it, so that an undo's line says
   * what became of them. Absent in contexts kept before it was.
   */
  diceMode?: 'server' | 'table';
}

export interface LogLine {
  /** The player turn the step happened in (0: before the match began). */
  turn: number;
  sentence: string;
  ruleIds: string[];
  /** Every roll the step used, whole (C-1). */
  dice: DiceRoll[];
}

export function initialLogContext(rulesetId: string): LogContext {
  return { rulesetId, sides: { A: 'side A', B: 'side B' }, units: {}, turn: 0, activeSide: 'A' };
}

/** The names every ruleset records alike: the sides (MatchCreated) and the units (UnitRegistered). */
export function namesAfter(context: LogContext, event: { type: string; data: unknown }): LogContext {
  const data = event.data as Record<string, unknown>;
  switch (event.type) {
    case 'MatchCreated':
      return {
        ...context,
        sides: { ...(data.sides as Record<Side, string>) },
        turn: Number(data.turn ?? 1),
        activeSide: (data.activeSide as Side | undefined) ?? 'A',
        ...(data.diceMode === 'server' || data.diceMode === 'table' ? { diceMode: data.diceMode } : {}),
      };
    case 'UnitRegistered': {
      const { unitId, name, side } = data as { unitId: string; name: string; side: Side };
      return { ...context, units: { ...context.units, [unitId]: { name, side } } };
    }
    default:
      return context;
  }
}

export function line(
  context: LogContext,
  sentence: string,
  ruleIds: readonly string[],
  dice: readonly (DiceRoll | null)[] = [],
  turn = context.turn,
): LogLine {
  const prefix = turn > 0 ? `Turn ${turn}: ` : '';
  return {
    turn,
    sentence: `${prefix}${sentence}`,
    ruleIds: [...new Set(ruleIds)],
    dice: dice.filter((roll): roll is DiceRoll => roll !== null),
  };
}

/** A line with no turn prefix (setting the match up). */
export function setup(context: LogContext, sentence: string, ruleIds: readonly string[]): LogLine {
  return { ...line(context, sentence, ruleIds, [], 0), turn: context.turn };
}

export function unit(context: LogContext, unitId: string): string {
  return named(Object.hasOwn(context.units, unitId) ? context.units[unitId]!.name : unitId);
}

export function named(name: string): string {
  return /^the\s/i.test(name) ? name : `the ${name}`;
}

/** A sentence's first word, capitalised: "the Impi" opens a sentence as "The Impi". */
export function capitalised(words: string): string {
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function possessive(name: string): string {
  return name.endsWith('s') ? `${name}'` : `${name}'s`;
}

export function sideName(context: LogContext, side: string | null | undefined): string {
  if (side === 'A' || side === 'B') return context.sides[side];
  return side ?? 'nobody';
}

/** Typographic minus, as a rulebook prints it. */
export function num(value: number): string {
  return value < 0 ? `−${-value}` : `${value}`;
}

export function signed(value: number): string {
  return value < 0 ? `−${-value}` : `+${value}`;
}

export function inches(value: number): string {
  return `${value}"`;
}

export function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

export function list(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

export function quote(text: string): string {
  return `“${text}”`;
}

/** The end of a sentence on a quotation: its full stop, unless the words quoted end a sentence already. */
export function quoteToEnd(text: string): string {
  return /[.!?…]$/.test(text.trim()) ? quote(text) : `${quote(text)}.`;
}

export function short(hex: string | null | undefined): string {
  return hex ? `${hex.slice(0, 12)}…` : '';
}

/** C-1: the faces as rolled. One die: "1D6 4"; two: "2D6 3+4 = 7"; more: "3D6 4 5 2". */
export function dice(roll: DiceRoll): string {
  const { faces } = roll;
  if (faces.length === 1) return `1D6 ${faces[0]}`;
  if (faces.length === 2) return `2D6 ${faces[0]}+${faces[1]} = ${faces[0]! + faces[1]!}`;
  return `${faces.length}D6 ${faces.join(' ')}`;
}

/** C-4, in every ruleset (their events name the turns differently). */
export function turnEnded(
  context: LogContext,
  endedSide: Side,
  endedTurn: number,
  nextTurn: number,
  nextSide: Side,
): LogLine {
  return line(
    context,
    `${sideName(context, endedSide)} ended their turn; turn ${nextTurn}: ${sideName(context, nextSide)} to play.`,
    ['C-4'],
    [],
    endedTurn,
  );
}

/** Every ruleset opens a match alike. */
export function matchCreated(
  context: LogContext,
  d: {
    sides: { A: string; B: string };
    diceMode: string;
    diceCommitment: string | null;
    ruleset: { id: string; version: string };
    activeSide: 'A' | 'B';
  },
): LogLine {
  const dice =
    d.diceMode === 'server'
      ? `server dice (commitment ${short(d.diceCommitment)})`
      : 'table dice entered by the players';
  return setup(
    context,
    `The match began: ${d.sides.A} (side A) against ${d.sides.B} (side B), under ${d.ruleset.id} ${d.ruleset.version}, with ${dice}; first to play: ${d.sides[d.activeSide]}.`,
    d.diceMode === 'server' ? ['C-2', 'C-4'] : ['C-4'],
  );
}

/** A ruleId carried by the event itself along the path (the deepest one), e.g. a modifier's or a removal's. */
export function carriedRuleId(event: unknown, path: FieldPath): string | undefined {
  let found: string | undefined;
  let value: unknown = event;
  for (let i = 0; typeof value === 'object' && value !== null; i++) {
    const record = value as Record<string | number, unknown>;
    if (typeof record.ruleId === 'string' && RULE_ID.test(record.ruleId)) found = record.ruleId;
    if (i >= path.length) break;
    value = record[path[i]!];
  }
  return found;
}

/** Where in an event a value sits: ['data', 'roll', 'faces', 0]. */
export type FieldPath = readonly (string | number)[];

const RULE_ID = /^(C|HH|AA|Q|E)-\d{1,3}$/;

/** One sentence-maker per event type of a ruleset, each given that event's own data. */
export type Describers<Event extends { type: string; data: unknown }> = {
  [Type in Event['type']]: (context: LogContext, data: Extract<Event, { type: Type }>['data']) => LogLine;
};

/** A ruleset's `describe`: the sentence-maker for the event's type, on the event's data. */
export function describeWith<Event extends { type: string; data: unknown }>(
  describers: Describers<Event>,
): (event: Event, context: LogContext) => LogLine {
  return (event, context) => {
    const describer = describers[event.type as Event['type']] as (
      context: LogContext,
      data: unknown,
    ) => LogLine;
    return describer(context, event.data);
  };
}
