import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import type { Principal } from '../auth/principal.js';
import { ProjectionRunner } from '../projections/projection-runner.js';
import { type MatchResult, ResultsProjection } from '../projections/results.projection.js';
import { type Standing, StandingsProjection } from '../projections/standings.projection.js';
import {
  type ScheduleCursor,
  type ScheduledMatch,
  type TournamentSummary,
  TournamentsProjection,
} from '../projections/tournaments.projection.js';
import type { Scoring } from '../tournament/tournament-events.js';

export interface TournamentMatchView {
  matchId: string;
  round: number;
  table: number;
  players: ScheduledMatch['players'];
  sides: MatchResult['sides'] | null;
  rulesetId: string | null;
  status: MatchResult['status'];
  result: MatchResult['result'];
}

export interface Page<T> {
  items: T[];
  /** Pass as `cursor` for the next page; null at the end. */
  nextCursor: string | null;
}

export interface StandingsView {
  tournamentId: string;
  scoring: Scoring;
  standings: Standing[];
}

/** What the tournament read models answer, for the API. Each read waits until they hold the writes made so far. */
@Injectable()
export class TournamentQueries {
  constructor(
    private readonly runner: ProjectionRunner,
    private readonly tournaments: TournamentsProjection,
    private readonly results: ResultsProjection,
    private readonly standingsProjection: StandingsProjection,
  ) {}

  async list(principal: Principal, limit: number, cursor?: string): Promise<Page<TournamentSummary>> {
    await this.runner.settle(['tournaments']);
    if (principal.tournamentId) {
      // A key bound to a tournament sees that one only.
      const own = this.tournaments.tournament(principal.tournamentId);
      return { items: own && !cursor ? [own] : [], nextCursor: null };
    }
    const after = cursor ? decodeCursor<{ after: string }>(cursor).after : '';
    if (typeof after !== 'string') throw new BadRequestException('cursor is not one this API gave out');
    const items = this.tournaments.tournaments(after, limit + 1);
    const more = items.length > limit;
    const page = items.slice(0, limit);
    return {
      items: page,
      nextCursor: more ? encodeCursor({ after: page[page.length - 1]!.tournamentId }) : null,
    };
  }

  async tournament(tournamentId: string): Promise<TournamentSummary> {
    await this.runner.settle(['tournaments']);
    const found = this.tournaments.tournament(tournamentId);
    if (!found) throw new NotFoundException(`tournament ${tournamentId} does not exist`);
    return found;
  }

  async matches(tournamentId: string, limit: number, cursor?: string): Promise<Page<TournamentMatchView>> {
    await this.runner.settle(['tournaments', 'results']);
    await this.tournament(tournamentId);
    const after = cursor ? decodeCursor<ScheduleCursor>(cursor) : undefined;
    if (
      after &&
      !(Number.isInteger(after.round) && Number.isInteger(after.table) && typeof after.matchId === 'string')
    ) {
      throw new BadRequestException('cursor is not one this API gave out');
    }
    const rows = this.tournaments.page(tournamentId, after, limit + 1);
    const more = rows.length > limit;
    const page = rows.slice(0, limit);
    const results = this.results.results(page.map((m) => m.matchId));
    const items = page.map((m): TournamentMatchView => {
      const result = results.get(m.matchId);
      return {
        matchId: m.matchId,
        round: m.round,
        table: m.table,
        players: m.players,
        sides: result?.sides ?? null,
        rulesetId: result?.rulesetId ?? null,
        status: result?.status ?? 'scheduled',
        result: result?.result ?? null,
      };
    });
    const last = page[page.length - 1];
    return {
      items,
      nextCursor:
        more && last ? encodeCursor({ round: last.round, table: last.table, matchId: last.matchId }) : null,
    };
  }

  async standings(tournamentId: string): Promise<StandingsView> {
    await this.runner.settle(['tournaments', 'standings']);
    const tournament = await this.tournament(tournamentId);
    return {
      tournamentId,
      scoring: tournament.scoring,
      standings: this.standingsProjection.standings(tournamentId),
    };
  }
}

/** Opaque to clients: base64url JSON of where the page ended. */
function encodeCursor(value: object): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

function decodeCursor<T>(cursor: string): T {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (typeof value !== 'object' || value === null) throw new Error('not an object');
    return value as T;
  } catch {
    throw new BadRequestException('cursor is not one this API gave out');
  }
}
