import type { Principal } from '../auth/principal.js';
import type { RecordedEvent } from '../event-store/event-store.port.js';
import { isMatchLevel } from '../rules/match/events.js';

/**
 * Spectators may be held a number of events behind live play (UMPIRE_SPECTATOR_DELAY_EVENTS), so
 * that nothing they watch can be relayed to a table while it still matters. Once the match has ended
 * there is nothing left to protect, and they see it all.
 */
export function delayFor(principal: Pick<Principal, 'role'>, configured: number): number {
  return principal.role === 'spectator' ? configured : 0;
}

/** The last revision of a match this caller may see now. */
export function visibleRevision(
  principal: Pick<Principal, 'role'>,
  match: { revision: number; meta: { ended: unknown } },
  configured: number,
): number {
  if (match.meta.ended) return match.revision;
  return Math.max(0, match.revision - delayFor(principal, configured));
}

/**
 * C-5, as of a revision: the revisions undone by ActionsReverted events recorded up to `asOf`. A
 * delayed reader must not learn from a "reverted" flag that an undo happened after what it may see.
 */
export function revertedAsOf(events: readonly RecordedEvent[], asOf: number): Set<number> {
  const reverted = new Set<number>();
  for (const event of events) {
    if (event.metadata.revision > asOf) break;
    if (!isMatchLevel(event, 'ActionsReverted')) continue;
    const { fromRevision, throughRevision } = event.data;
    for (let r = fromRevision; r <= throughRevision; r++) reverted.add(r);
  }
  return reverted;
}
