import { Injectable } from '@nestjs/common';
import type { Database, Statement } from 'better-sqlite3';
import type { RecordedEvent } from '../event-store/event-store.port.js';
import { isEventOf } from '../event-store/typed-events.js';
import {
  type Players,
  type Scoring,
  TOURNAMENT_EVENTS,
  tournamentIdOf,
} from '../tournament/tournament-events.js';
import type { ScheduledMatch } from '../tournament/read-model-ports.js';
import type { Projection, ProjectionWrite } from './projection.js';
import { ProjectionDatabase } from './projection-database.js';

export interface TournamentSummary {
  tournamentId: string;
  name: string;
  scoring: Scoring;
  createdAt: string;
  matches: number;
}

export type { ScheduledMatch };

interface TournamentRow {
  tournament_id: string;
  name: string;
  scoring: string;
  created_at: string;
  matches: number;
}

interface ScheduleRow {
  tournament_id: string;
  match_id: string;
  round: number;
  table_no: number;
  players: string | null;
  scheduled_position: number;
  scheduled_at: string;
}

/** Where a listing page ends: the last (round, table, match) shown. */
export interface ScheduleCursor {
  round: number;
  table: number;
  matchId: string;
}

/** Tournaments and their schedules (which match plays at which round and table), from the tournament streams. */
@Injectable()
export class TournamentsProjection implements Projection {
  readonly name = 'tournaments';
  readonly version = 1;
  private statements?: {
    insertTournament: Statement<[string, string, string, string]>;
    schedule: Statement<[string, string, number, number, string | null, number, string]>;
    tournament: Statement<[string], TournamentRow>;
    tournaments: Statement<[string, number], TournamentRow>;
    page: Statement<[string, number, number, number, number, string, number], ScheduleRow>;
    byMatch: Statement<[string], ScheduleRow>;
    all: Statement<[string], ScheduleRow>;
  };

  constructor(private readonly database: ProjectionDatabase) {}

  setUp(db: Database): void {
    db.exec(`
      CREATE TABLE IF NOT EXISTS tournaments (
        tournament_id TEXT PRIMARY KEY,
        name          TEXT NOT NULL,
        scoring       TEXT NOT NULL,
        created_at    TEXT NOT NULL
      );
      CREATE TABLE IF NOT EXISTS tournament_matches (
        tournament_id      TEXT    NOT NULL,
        match_id           TEXT    NOT NULL,
        round              INTEGER NOT NULL,
        table_no           INTEGER NOT NULL,
        players            TEXT,
        scheduled_position INTEGER NOT NULL,
        scheduled_at       TEXT    NOT NULL,
        PRIMARY KEY (tournament_id, match_id)
      );
      CREATE INDEX IF NOT EXISTS tournament_matches_by_match ON tournament_matches (match_id);
      CREATE INDEX IF NOT EXISTS tournament_matches_in_order
        ON tournament_matches (tournament_id, round, table_no, match_id);
    `);
    const withCount = `SELECT t.*, (SELECT COUNT(*) FROM tournament_matches m WHERE m.tournament_id = t.tournament_id) AS matches
      FROM tournaments t`;
    this.statements = {
      insertTournament: db.prepare(
        'INSERT OR REPLACE INTO tournaments (tournament_id, name, scoring, created_at) VALUES (?, ?, ?, ?)',
      ),
      schedule: db.prepare(
        `INSERT OR REPLACE INTO tournament_matches
           (tournament_id, match_id, round, table_no, players, scheduled_position, scheduled_at)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
      ),
      tournament: db.prepare(`${withCount} WHERE t.tournament_id = ?`),
      tournaments: db.prepare(`${withCount} WHERE t.tournament_id > ? ORDER BY t.tournament_id LIMIT ?`),
      // Keyset pagination on (round, table, match): stable while matches are being added.
      page: db.prepare(
        `SELECT * FROM tournament_matches
         WHERE tournament_id = ?
           AND (round > ? OR (round = ? AND (table_no > ? OR (table_no = ? AND match_id > ?))))
         ORDER BY round, table_no, match_id LIMIT ?`,
      ),
      // The tournament that scheduled the match first, should another have recorded it too.
      byMatch: db.prepare(
        'SELECT * FROM tournament_matches WHERE match_id = ? ORDER BY scheduled_position LIMIT 1',
      ),
      all: db.prepare(
        'SELECT * FROM tournament_matches WHERE tournament_id = ? ORDER BY round, table_no, match_id',
      ),
    };
  }

  reset(db: Database): void {
    db.exec('DELETE FROM tournaments; DELETE FROM tournament_matches;');
  }

  project(event: RecordedEvent): ProjectionWrite | undefined {
    const tournamentId = tournamentIdOf(event.metadata.stream);
    if (tournamentId === undefined) return undefined;
    const s = this.prepared();
    // Types the tournament does not record (none, from this service) change nothing here.
    if (!isEventOf(TOURNAMENT_EVENTS, event)) return undefined;
    const e = event;
    switch (e.type) {
      case 'TournamentCreated':
        return () =>
          s.insertTournament.run(
            tournamentId,
            e.data.name,
            JSON.stringify(e.data.scoring),
            event.metadata.at,
          );
      case 'MatchScheduled':
        return () =>
          s.schedule.run(
            tournamentId,
            e.data.matchId,
            e.data.round,
            e.data.table,
            e.data.players ? JSON.stringify(e.data.players) : null,
            event.position,
            event.metadata.at,
          );
      default:
        return undefined;
    }
  }

  tournament(tournamentId: string): TournamentSummary | undefined {
    const row = this.prepared().tournament.get(tournamentId);
    return row ? toSummary(row) : undefined;
  }

  /** Tournaments in id order, after the given id. */
  tournaments(after: string, limit: number): TournamentSummary[] {
    return this.prepared().tournaments.all(after, limit).map(toSummary);
  }

  page(tournamentId: string, after: ScheduleCursor | undefined, limit: number): ScheduledMatch[] {
    const c = after ?? { round: Number.MIN_SAFE_INTEGER, table: 0, matchId: '' };
    return this.prepared()
      .page.all(tournamentId, c.round, c.round, c.table, c.table, c.matchId, limit)
      .map(toScheduled);
  }

  schedule(tournamentId: string): ScheduledMatch[] {
    return this.prepared().all.all(tournamentId).map(toScheduled);
  }

  /** The tournament a match was scheduled in, if any. */
  scheduleOf(matchId: string): ScheduledMatch | undefined {
    const row = this.prepared().byMatch.get(matchId);
    return row ? toScheduled(row) : undefined;
  }

  dump(): unknown {
    const { db } = this.database;
    return {
      tournaments: db.prepare('SELECT * FROM tournaments ORDER BY tournament_id').all(),
      matches: db.prepare('SELECT * FROM tournament_matches ORDER BY tournament_id, match_id').all(),
    };
  }

  private prepared(): NonNullable<TournamentsProjection['statements']> {
    if (!this.statements) this.setUp(this.database.db);
    return this.statements!;
  }
}

function toSummary(row: TournamentRow): TournamentSummary {
  return {
    tournamentId: row.tournament_id,
    name: row.name,
    scoring: JSON.parse(row.scoring) as Scoring,
    createdAt: row.created_at,
    matches: row.matches,
  };
}

function toScheduled(row: ScheduleRow): ScheduledMatch {
  return {
    tournamentId: row.tournament_id,
    matchId: row.match_id,
    round: row.round,
    table: row.table_no,
    players: row.players ? (JSON.parse(row.players) as Players) : null,
    scheduledPosition: row.scheduled_position,
    scheduledAt: row.scheduled_at,
  };
}
