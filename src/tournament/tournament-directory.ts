import { Injectable, ServiceUnavailableException } from '@nestjs/common';
import { MatchSchedules, ReadModelProgress, type ScheduledMatch } from './read-model-ports.js';

/** Which tournament a match plays in, from the tournaments read model (waiting for it when it lags). */
@Injectable()
export class TournamentDirectory {
  constructor(
    private readonly runner: ReadModelProgress,
    private readonly tournaments: MatchSchedules,
  ) {}

  /**
   * Throws 503 when the read model cannot catch up in time: answering "not scheduled" would then be a
   * guess, and a key bound to the tournament would get a misleading 403.
   */
  async scheduleOf(matchId: string): Promise<ScheduledMatch | undefined> {
    const known = this.tournaments.scheduleOf(matchId);
    if (known) return known;
    if (!(await this.runner.settle(['tournaments']))) {
      throw new ServiceUnavailableException(
        'the tournaments read model is catching up with the event store; try again shortly',
      );
    }
    return this.tournaments.scheduleOf(matchId);
  }

  /**
   * The tournament of the match an event at `position` belongs to, if the match had been scheduled
   * before that event (a feed or a webhook carries a match's events from its scheduling on).
   * Throws TournamentsNotReadyError when the read model has not read that far yet (it lags, or it is
   * stopped): "not scheduled" would then be a guess, and the caller must ask again later.
   */
  async scheduleBefore(matchId: string, position: number): Promise<ScheduledMatch | undefined> {
    // Every store reader sees events in the same order: once the read model has read this event, it
    // has read any MatchScheduled that came before it.
    if (!(await this.runner.waitFor('tournaments', position))) throw new TournamentsNotReadyError(position);
    const schedule = this.tournaments.scheduleOf(matchId);
    return schedule && schedule.scheduledPosition < position ? schedule : undefined;
  }
}

/** The tournaments read model has not read up to an event yet: which tournament it belongs to is not known yet. */
export class TournamentsNotReadyError extends Error {
  constructor(readonly position: number) {
    super(`the tournaments read model has not read up to position ${position} yet`);
    this.name = 'TournamentsNotReadyError';
  }
}
