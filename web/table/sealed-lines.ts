import type { LogEntry } from '../shared/match-view.js';

/**
 * AA-2: the service writes a sealed card into the log's words only for its own side ("Zulus sealed 5♥
 * as the orders of Z1."). On the player's phone, which the opponent across the table can read, the
 * card is said as sealed, and shown only when the player asks, on this phone alone.
 */
const SEALED_CARD = /\bsealed (.+?) as the orders of /g;
const HIDDEN = 'sealed an orders card for ';

/** Words with every sealed card in them said as sealed only: for a line read aloud or quoted. */
export function withoutSealedCards(words: string): string {
  return words.replace(SEALED_CARD, HIDDEN);
}

/** The log's entries with their sealed cards hidden, and each hidden line's own words by revision. */
export function hideSealedCards(entries: readonly LogEntry[]): {
  entries: LogEntry[];
  cards: Map<number, string>;
} {
  const cards = new Map<number, string>();
  const shown = entries.map((entry) => {
    const hidden = withoutSealedCards(entry.sentence);
    if (hidden === entry.sentence) return entry;
    cards.set(entry.revision, entry.sentence);
    return { ...entry, sentence: hidden };
  });
  return { entries: shown, cards };
}
