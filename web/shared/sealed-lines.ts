import type { LogEntry } from '../shared/match-view.js';

/**
 * AA-2: the service writes a side's own secret (its sealed card) into the log's words only for that
 * side, and marks such a line with `publicSentence`, the line as every other reader has it. On the
 * player's phone, which the opponent across the table can read, that is what is shown; the line's own
 * words only when the player asks, on this phone alone.
 */

/**
 * Words quoted from the log (an announcement of its new lines) with each marked line's own words put
 * back as everyone else reads them.
 */
export function withoutSealedCards(words: string, entries: readonly LogEntry[]): string {
  return entries.reduce(
    (said, entry) =>
      entry.publicSentence === undefined ? said : said.replaceAll(entry.sentence, entry.publicSentence),
    words,
  );
}

/** The log's entries with their secrets hidden, and each hidden line's own words by revision. */
export function hideSealedCards(entries: readonly LogEntry[]): {
  entries: LogEntry[];
  cards: Map<number, string>;
} {
  const cards = new Map<number, string>();
  const shown = entries.map((entry) => {
    const { publicSentence, ...rest } = entry;
    if (publicSentence === undefined) return entry;
    cards.set(entry.revision, entry.sentence);
    return { ...rest, sentence: publicSentence };
  });
  return { entries: shown, cards };
}
