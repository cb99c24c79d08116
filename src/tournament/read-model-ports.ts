import type { Players } from './tournament-events.js';

/**
 * What the tournament's commands need from the read models, which live a layer above (projections
 * read the tournament's events; the tournament must not import them back). The projections module
 * binds these to its runner and its tournaments read model.
 */

/** A match as the tournaments read model holds its scheduling. */
export interface ScheduledMatch {
  tournamentId: string;
  matchId: string;
  round: number;
  table: number;
  players: Players | null;
  /** Global position of the MatchScheduled event: the match's events after it belong to the tournament's feed. */
  scheduledPosition: number;
  scheduledAt: string;
}

/** How far the read models have read the store. */
export abstract class ReadModelProgress {
  /** True once the named read models hold every event appended so far. */
  abstract settle(names: readonly string[]): Promise<boolean>;
  /** True once the named read model has read up to `position` (false when it could not in time). */
  abstract waitFor(name: string, position: number): Promise<boolean>;
}

/** Which tournament schedules a match, as the tournaments read model knows it now. */
export abstract class MatchSchedules {
  abstract scheduleOf(matchId: string): ScheduledMatch | undefined;
}
