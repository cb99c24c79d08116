import { Injectable } from '@nestjs/common';
import { ProjectionRunner } from '../projections/projection-runner.js';
import { type ScheduledMatch, TournamentsProjection } from '../projections/tournaments.projection.js';

/** Which tournament a match plays in, from the tournaments read model (waiting for it when it lags). */
@Injectable()
export class TournamentDirectory {
  constructor(
    private readonly runner: ProjectionRunner,
    private readonly tournaments: TournamentsProjection,
  ) {}

  async scheduleOf(matchId: string): Promise<ScheduledMatch | undefined> {
    const known = this.tournaments.scheduleOf(matchId);
    if (known) return known;
    await this.runner.settle(['tournaments']);
    return this.tournaments.scheduleOf(matchId);
  }

  /**
   * The tournament of the match an event at `position` belongs to, if the match had been scheduled
   * before that event (a feed or a webhook carries a match's events from its scheduling on).
   */
  async scheduleBefore(matchId: string, position: number): Promise<ScheduledMatch | undefined> {
    // Every store reader sees events in the same order: once the read model has read this event, it
    // has read any MatchScheduled that came before it.
    await this.runner.waitFor('tournaments', position);
    const schedule = this.tournaments.scheduleOf(matchId);
    return schedule && schedule.scheduledPosition < position ? schedule : undefined;
  }
}
