import { Injectable } from '@nestjs/common';
import type { Database, Statement } from 'better-sqlite3';
import type { RecordedEvent } from '../event-store/event-store.port.js';
import { isEventOf } from '../event-store/typed-events.js';
import { isMatchCreated, isMatchLevel } from '../rules/match/events.js';
import { matchIdOf } from '../match/match-stream.js';
import {
  DEFAULT_SCORING,
  type Scoring,
  TOURNAMENT_EVENTS,
  tournamentIdOf,
} from '../tournament/tournament-events.js';
import type { Projection, ProjectionWrite } from './projection.js';
import { ProjectionDatabase } from './projection-database.js';

export interface Standing {
  rank: number;
  /** The player named when the match was scheduled, else the side's display name. */
  competitor: string;
  played: number;
  won: number;
  drawn: number;
  lost: number;
  points: number;
}

interface MatchRow {
  match_id: string;
  tournament_id: string | null;
  side_a: string;
  side_b: string;
  player_a: string | null;
  player_b: string | null;
  winner: string | null;
  ended_revision: number | null;
}

interface StandingRow {
  competitor: string;
  played: number;
  won: number;
  drawn: number;
  lost: number;
  points: number;
}

/**
 * Tournament standings (projection 4). It keeps its own copy of what it needs (who played which
 * match in which tournament, and each result), so it rebuilds on its own, whatever state the other
 * projections are in. Points per the tournament's scoring (default win 3, draw 1, loss 0); ranked by
 * points, then wins, then name.
 */
@Injectable()
export class StandingsProjection implements Projection {
  readonly name = 'standings';
  /** 2: a match counts for the tournament that scheduled it first, never for a later one. */
  readonly version = 2;
  private statements?: {
    scoring: Statement<[string, string]>;
    getScoring: Statement<[string], { scoring: string }>;
    created: Statement<[string, string, string]>;
    scheduled: Statement<[string, string | null, string | null, string]>;
    ended: Statement<[string | null, number | null, string]>;
    match: Statement<[string], MatchRow>;
    matches: Statement<[string], MatchRow>;
    clear: Statement<[string]>;
    insert: Statement<[string, string, number, number, number, number, number]>;
    standings: Statement<[string], StandingRow>;
  };

  constructor(private readonly database: ProjectionDatabase) {}

  setUp(db: Database): void {
    db.exec(`
      CREATE TABLE IF NOT EXISTS standings_scoring (
        tournament_id TEXT PRIMARY KEY,
        scoring       TEXT NOT NULL
      );
      CREATE TABLE IF NOT EXISTS standings_matches (
        match_id       TEXT PRIMARY KEY,
        tournament_id  TEXT,
        side_a         TEXT NOT NULL,
        side_b         TEXT NOT NULL,
        player_a       TEXT,
        player_b       TEXT,
        winner         TEXT,
        ended_revision INTEGER
      );
      CREATE INDEX IF NOT EXISTS standings_matches_by_tournament ON standings_matches (tournament_id);
      CREATE TABLE IF NOT EXISTS standings (
        tournament_id TEXT    NOT NULL,
        competitor    TEXT    NOT NULL,
        played        INTEGER NOT NULL,
        won           INTEGER NOT NULL,
        drawn         INTEGER NOT NULL,
        lost          INTEGER NOT NULL,
        points        INTEGER NOT NULL,
        PRIMARY KEY (tournament_id, competitor)
      );
    `);
    this.statements = {
      scoring: db.prepare('INSERT OR REPLACE INTO standings_scoring (tournament_id, scoring) VALUES (?, ?)'),
      getScoring: db.prepare('SELECT scoring FROM standings_scoring WHERE tournament_id = ?'),
      created: db.prepare(
        'INSERT OR REPLACE INTO standings_matches (match_id, side_a, side_b) VALUES (?, ?, ?)',
      ),
      // A match is one tournament's: a later MatchScheduled of it elsewhere (which the service refuses
      // now, and an earlier version let through) does not move it.
      scheduled: db.prepare(
        `UPDATE standings_matches SET tournament_id = ?, player_a = ?, player_b = ?
         WHERE match_id = ? AND tournament_id IS NULL`,
      ),
      ended: db.prepare('UPDATE standings_matches SET winner = ?, ended_revision = ? WHERE match_id = ?'),
      match: db.prepare('SELECT * FROM standings_matches WHERE match_id = ?'),
      matches: db.prepare('SELECT * FROM standings_matches WHERE tournament_id = ? ORDER BY match_id'),
      clear: db.prepare('DELETE FROM standings WHERE tournament_id = ?'),
      insert: db.prepare(
        `INSERT INTO standings (tournament_id, competitor, played, won, drawn, lost, points)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
      ),
      standings: db.prepare(
        `SELECT competitor, played, won, drawn, lost, points FROM standings WHERE tournament_id = ?
         ORDER BY points DESC, won DESC, competitor`,
      ),
    };
  }

  reset(db: Database): void {
    db.exec('DELETE FROM standings_scoring; DELETE FROM standings_matches; DELETE FROM standings;');
  }

  project(event: RecordedEvent): ProjectionWrite | undefined {
    const s = this.prepared();
    const tournamentId = tournamentIdOf(event.metadata.stream);
    if (tournamentId !== undefined) {
      if (!isEventOf(TOURNAMENT_EVENTS, event)) return undefined;
      const e = event;
      if (e.type === 'TournamentCreated') {
        return () => s.scoring.run(tournamentId, JSON.stringify(e.data.scoring));
      }
      if (e.type === 'MatchScheduled') {
        const { matchId, players } = e.data;
        return () => {
          s.scheduled.run(tournamentId, players?.A ?? null, players?.B ?? null, matchId);
          this.recompute(tournamentId);
        };
      }
      return undefined;
    }

    const matchId = matchIdOf(event.metadata.stream);
    if (matchId === undefined) return undefined;
    if (isMatchCreated(event)) {
      const { sides } = event.data;
      return () => s.created.run(matchId, sides.A, sides.B);
    }
    if (isMatchLevel(event, 'MatchEnded')) {
      const { winner } = event.data.result;
      return () => {
        s.ended.run(winner ?? 'draw', event.metadata.revision, matchId);
        this.recomputeFor(matchId);
      };
    }
    if (isMatchLevel(event, 'ActionsReverted')) {
      const { fromRevision, throughRevision } = event.data;
      const row = s.match.get(matchId);
      if (row?.ended_revision == null) return undefined;
      if (row.ended_revision < fromRevision || row.ended_revision > throughRevision) return undefined;
      return () => {
        s.ended.run(null, null, matchId);
        this.recomputeFor(matchId);
      };
    }
    return undefined;
  }

  standings(tournamentId: string): Standing[] {
    return this.prepared()
      .standings.all(tournamentId)
      .map((row, i) => ({ rank: i + 1, ...row }));
  }

  dump(): unknown {
    const { db } = this.database;
    return {
      scoring: db.prepare('SELECT * FROM standings_scoring ORDER BY tournament_id').all(),
      matches: db.prepare('SELECT * FROM standings_matches ORDER BY match_id').all(),
      standings: db.prepare('SELECT * FROM standings ORDER BY tournament_id, competitor').all(),
    };
  }

  private recomputeFor(matchId: string): void {
    const tournamentId = this.prepared().match.get(matchId)?.tournament_id;
    if (tournamentId) this.recompute(tournamentId);
  }

  /** The table from scratch: a handful of rows per tournament, and no drift from adding up deltas. */
  private recompute(tournamentId: string): void {
    const s = this.prepared();
    const stored = s.getScoring.get(tournamentId);
    const scoring = stored ? (JSON.parse(stored.scoring) as Scoring) : DEFAULT_SCORING;
    const table = new Map<string, StandingRow>();
    const entry = (competitor: string): StandingRow => {
      let row = table.get(competitor);
      if (!row) {
        row = { competitor, played: 0, won: 0, drawn: 0, lost: 0, points: 0 };
        table.set(competitor, row);
      }
      return row;
    };
    for (const match of s.matches.all(tournamentId)) {
      const a = entry(match.player_a ?? match.side_a);
      const b = entry(match.player_b ?? match.side_b);
      if (match.winner === null) continue;
      a.played += 1;
      b.played += 1;
      if (match.winner === 'draw') {
        a.drawn += 1;
        b.drawn += 1;
        a.points += scoring.draw;
        b.points += scoring.draw;
      } else {
        const [winner, loser] = match.winner === 'A' ? [a, b] : [b, a];
        winner.won += 1;
        loser.lost += 1;
        winner.points += scoring.win;
        loser.points += scoring.loss;
      }
    }
    s.clear.run(tournamentId);
    for (const row of table.values()) {
      s.insert.run(tournamentId, row.competitor, row.played, row.won, row.drawn, row.lost, row.points);
    }
  }

  private prepared(): NonNullable<StandingsProjection['statements']> {
    if (!this.statements) this.setUp(this.database.db);
    return this.statements!;
  }
}
