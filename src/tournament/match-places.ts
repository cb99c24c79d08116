import { Injectable, ServiceUnavailableException } from '@nestjs/common';
import type { Players } from './tournament-events.js';
import { TournamentDirectory } from './tournament-directory.js';
import { TournamentService } from './tournament.service.js';

/** Where a tournament plays a match: the tournament, its round and table, and who plays each side. */
export interface MatchPlace {
  tournamentId: string;
  name: string;
  round: number;
  table: number;
  /** The players' names at each side, when the schedule gave them. */
  players: Players | null;
}

/**
 * The tournament place of a match, for its readers: a phone holding only a seat's key may not read
 * the tournament, yet its match is "round 2, table 3 of the Spring Cup" to the people at the table.
 */
@Injectable()
export class MatchPlaces {
  constructor(
    private readonly directory: TournamentDirectory,
    private readonly tournaments: TournamentService,
  ) {}

  /** Undefined for a match no tournament schedules, and while the tournaments read model catches up. */
  async of(matchId: string): Promise<MatchPlace | undefined> {
    let schedule;
    try {
      schedule = await this.directory.scheduleOf(matchId);
    } catch (error) {
      // The place is a heading, not the match: a read model catching up leaves it out, never the match.
      if (error instanceof ServiceUnavailableException) return undefined;
      throw error;
    }
    if (!schedule) return undefined;
    const folded = await this.tournaments.find(schedule.tournamentId);
    if (!folded?.state.created) return undefined;
    const { tournamentId, round, table, players } = schedule;
    return { tournamentId, name: folded.state.name, round, table, players };
  }
}
