import type { Pending } from '../shared/match-view.js';

/** "no undo request", "1 dispute", "2 disputes": a count in words, none said as "no". */
const counted = (count: number, word: string) =>
  count === 0 ? `no ${word}` : `${count} ${word}${count === 1 ? '' : 's'}`;

/** C-5: what a match has open, for a spectator: "no undo request, 1 dispute". */
export function pendingWords(pending: Pending): string {
  return `${counted(pending.undoRequests?.length ?? 0, 'undo request')}, ${counted(pending.disputes?.length ?? 0, 'dispute')}`;
}
