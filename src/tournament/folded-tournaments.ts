import type { EventStore, RecordedEvent } from '../event-store/event-store.port.js';
import { readTypedStream } from '../event-store/typed-events.js';
import { LeastRecentlyUsed } from '../match/least-recently-used.js';
import { tournamentDecider, type TournamentState } from '../rules/tournament/index.js';
import { TOURNAMENT_EVENTS, type TournamentEvent, tournamentStream } from './tournament-events.js';

/** A tournament's stream as read and folded, at the revision of its last event. */
export interface FoldedTournament {
  /** Shared by every caller of the same fold: read it, never change it. */
  events: readonly RecordedEvent<TournamentEvent>[];
  state: TournamentState;
  revision: number;
}

/** How many tournaments are kept folded; a tournament day has a few, a service's history many. */
const KEPT = 64;

/**
 * Tournaments kept folded, so that a read or a command costs the events appended since it was last
 * read, not the whole day: every page of a tournament reads it again at each change of it, and a
 * 200-player field has thousands of events by its last round. Each call still asks the store for the
 * events after the kept revision, so what it answers is as current as a whole read (another instance
 * may have appended). The state is never changed in place (evolve makes a new one) and the events are
 * read-only, so a kept fold is shared by every caller: a read costs no copy of the day's events.
 */
export class FoldedTournaments {
  private readonly kept = new LeastRecentlyUsed<FoldedTournament>(KEPT, Number.POSITIVE_INFINITY);

  constructor(private readonly store: Pick<EventStore, 'readStream'>) {}

  /** The tournament as its stream stands now; undefined when it has no stream. */
  async current(tournamentId: string): Promise<FoldedTournament | undefined> {
    const stream = tournamentStream(tournamentId);
    const kept = this.kept.get(tournamentId);
    const after = kept?.revision ?? 0;
    const newer = await readTypedStream(this.store, stream, TOURNAMENT_EVENTS, { fromRevision: after + 1 });
    if (!kept && newer.length === 0) return undefined;
    if (newer.length === 0) return kept;
    let state = kept?.state ?? tournamentDecider.initialState();
    for (const event of newer) state = tournamentDecider.evolve(state, event);
    const folded: FoldedTournament = {
      events: [...(kept?.events ?? []), ...newer],
      state,
      revision: newer[newer.length - 1]!.metadata.revision,
    };
    // Two reads under way at once each fold what they read; the newer fold is the one kept.
    if (folded.revision > (this.kept.get(tournamentId)?.revision ?? 0)) {
      this.kept.set(tournamentId, folded, 1);
    }
    return folded;
  }
}
