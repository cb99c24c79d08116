import type { LogEntry } from '../shared/match-view.js';

/** How the match's dice are rolled (C-1): by the service, or by the players at the table. */
export type DiceMode = 'server' | 'table';

/**
 * The clause the turn log ends an undo's line with (C-5), in every dice mode. It is true of server
 * dice alone: their roll index counts on, so an undone roll is never rolled again.
 */
const SERVICE_CLAUSE = '; they stay in the log and the dice keep counting.';

/** What an undo does to the dice, in a player's words, for each dice mode. */
const DICE_CLAUSE: Record<DiceMode, string> = {
  server: '; they stay in the log, and the service’s dice count on: an undone roll is never rolled again.',
  table: '; they stay in the log, with the dice rolled for them at the table.',
};

/** The dice mode a match's state records (C-1), when it records one. */
export function diceModeOf(state: unknown): DiceMode | undefined {
  const mode =
    state !== null && typeof state === 'object' ? (state as Record<string, unknown>).diceMode : undefined;
  return mode === 'server' || mode === 'table' ? mode : undefined;
}

/**
 * The turn log with each undo's line saying what became of the dice as this match rolls them: with
 * table dice the players roll their own, and no count of the service's goes on.
 */
export function withDiceWords(entries: LogEntry[], mode: DiceMode | undefined): LogEntry[] {
  if (!mode) return entries;
  let changed = false;
  const said = entries.map((entry) => {
    if (entry.type !== 'ActionsReverted' || !entry.sentence.endsWith(SERVICE_CLAUSE)) return entry;
    changed = true;
    return { ...entry, sentence: entry.sentence.slice(0, -SERVICE_CLAUSE.length) + DICE_CLAUSE[mode] };
  });
  return changed ? said : entries;
}

/** Sentences of the turn log run together (what a screen reader is told is new), said alike. */
export function textWithDiceWords(text: string, mode: DiceMode | undefined): string {
  return mode ? text.replaceAll(SERVICE_CLAUSE, DICE_CLAUSE[mode]) : text;
}
