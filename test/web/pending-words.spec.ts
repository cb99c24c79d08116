import type { Pending } from '../../web/shared/match-view.js';
import { pendingWords } from '../../web/watch/pending-words.js';

/** The watch page's "Pending" chip (web/watch/pending-words.ts): counts in words, plurals right. */
describe('watch page: what a match has pending, in words', () => {
  const undo = { requestId: 'u', toRevision: 3, reason: 'r', side: 'A' };
  const dispute = { disputeId: 'd', revision: 3, claim: 'c', side: 'B' };
  it.each<[Pending, string]>([
    [{}, 'no undo request, no dispute'],
    [{ undoRequests: [], disputes: [dispute] }, 'no undo request, 1 dispute'],
    [{ undoRequests: [undo], disputes: [dispute, dispute] }, '1 undo request, 2 disputes'],
    [{ undoRequests: [undo, undo], disputes: [] }, '2 undo requests, no dispute'],
  ])('given %j, when it is said, then it reads "%s"', (pending, words) => {
    expect(pendingWords(pending)).toBe(words);
  });
});
