import { Injectable } from '@nestjs/common';
import type { Database, Statement } from 'better-sqlite3';
import type { RecordedEvent } from '../event-store/event-store.port.js';
import { isMatchCreated, isMatchLevel } from '../rules/match/events.js';
import { matchIdOf } from '../match/match-stream.js';
import type { Side } from '../rules/common/sides.js';
import type { Projection, ProjectionWrite } from './projection.js';
import { ProjectionDatabase } from './projection-database.js';

/** scheduled: set up, nothing played yet; in play: any step of play recorded; ended: MatchEnded. */
export type MatchStatus = 'scheduled' | 'in play' | 'ended';

export interface MatchResult {
  matchId: string;
  rulesetId: string;
  sides: Record<Side, string>;
  status: MatchStatus;
  /** Once ended: the winning side, or null for a draw. */
  result: { winner: Side | null; winnerName: string | null; note: string; endedAt: string } | null;
  /** The match stream's revision as far as this projection has read it. */
  revision: number;
}

interface ResultRow {
  match_id: string;
  ruleset_id: string;
  side_a: string;
  side_b: string;
  status: string;
  winner: string | null;
  note: string | null;
  ended_revision: number | null;
  ended_at: string | null;
  last_revision: number;
}

/** Events that set a match up; anything else means it is being played. */
const SET_UP = new Set(['MatchCreated', 'UnitRegistered', 'ClientSeedAdded']);

/** Match results (projection 3): each match's status and, once it ended, its result. */
@Injectable()
export class ResultsProjection implements Projection {
  readonly name = 'results';
  readonly version = 1;
  private statements?: {
    get: Statement<[string], ResultRow>;
    created: Statement<[string, string, string, string, number]>;
    played: Statement<[number, string]>;
    touched: Statement<[number, string]>;
    ended: Statement<[string | null, string, number, string, number, string]>;
    unended: Statement<[number, string]>;
  };

  /** Per match, the events of this page not written yet: its last revision, and whether any was a step of play. */
  private readonly pending = new Map<string, { revision: number; played: boolean }>();

  constructor(private readonly database: ProjectionDatabase) {}

  setUp(db: Database): void {
    db.exec(`CREATE TABLE IF NOT EXISTS match_results (
      match_id       TEXT PRIMARY KEY,
      ruleset_id     TEXT NOT NULL,
      side_a         TEXT NOT NULL,
      side_b         TEXT NOT NULL,
      status         TEXT NOT NULL,
      winner         TEXT,
      note           TEXT,
      ended_revision INTEGER,
      ended_at       TEXT,
      last_revision  INTEGER NOT NULL
    )`);
    this.statements = {
      get: db.prepare('SELECT * FROM match_results WHERE match_id = ?'),
      created: db.prepare(
        `INSERT OR REPLACE INTO match_results (match_id, ruleset_id, side_a, side_b, status, last_revision)
         VALUES (?, ?, ?, ?, 'scheduled', ?)`,
      ),
      played: db.prepare(
        `UPDATE match_results SET last_revision = ?,
           status = CASE status WHEN 'scheduled' THEN 'in play' ELSE status END
         WHERE match_id = ?`,
      ),
      touched: db.prepare('UPDATE match_results SET last_revision = ? WHERE match_id = ?'),
      ended: db.prepare(
        `UPDATE match_results SET status = 'ended', winner = ?, note = ?, ended_revision = ?, ended_at = ?,
           last_revision = ? WHERE match_id = ?`,
      ),
      unended: db.prepare(
        `UPDATE match_results SET status = 'in play', winner = NULL, note = NULL, ended_revision = NULL,
           ended_at = NULL, last_revision = ? WHERE match_id = ?`,
      ),
    };
  }

  reset(db: Database): void {
    db.exec('DELETE FROM match_results');
    this.pending.clear();
  }

  project(event: RecordedEvent): ProjectionWrite | undefined {
    const matchId = matchIdOf(event.metadata.stream);
    if (matchId === undefined) return undefined;
    const s = this.prepared();
    const { revision, at } = event.metadata;
    if (isMatchCreated(event)) {
      const { sides } = event.data;
      const rulesetId = event.metadata.ruleset?.id ?? 'unknown';
      return () => {
        this.flush(matchId);
        s.created.run(matchId, rulesetId, sides.A, sides.B, revision);
      };
    }
    if (isMatchLevel(event, 'MatchEnded')) {
      const { result } = event.data;
      return () => {
        this.flush(matchId);
        s.ended.run(result.winner, result.note, revision, at, revision, matchId);
      };
    }
    if (isMatchLevel(event, 'ActionsReverted')) {
      const { fromRevision, throughRevision } = event.data;
      const row = s.get.get(matchId);
      const endedUndone =
        row?.ended_revision != null &&
        row.ended_revision >= fromRevision &&
        row.ended_revision <= throughRevision;
      return () => {
        this.flush(matchId);
        if (endedUndone) s.unended.run(revision, matchId);
        else s.played.run(revision, matchId);
      };
    }
    // Most events only move the match's revision on (and a first step of play puts it in play): kept
    // for the end of the page, one update per match instead of one per event.
    const played = !SET_UP.has(event.type);
    return () => {
      const pending = this.pending.get(matchId);
      this.pending.set(matchId, { revision, played: played || (pending?.played ?? false) });
    };
  }

  endPage(): void {
    for (const matchId of [...this.pending.keys()]) this.flush(matchId);
  }

  abortPage(): void {
    this.pending.clear();
  }

  /** Writes what the page kept back for a match: before any other write to it, and at the end of the page. */
  private flush(matchId: string): void {
    const pending = this.pending.get(matchId);
    if (!pending) return;
    this.pending.delete(matchId);
    const s = this.prepared();
    if (pending.played) s.played.run(pending.revision, matchId);
    else s.touched.run(pending.revision, matchId);
  }

  result(matchId: string): MatchResult | undefined {
    const row = this.prepared().get.get(matchId);
    return row ? toResult(row) : undefined;
  }

  /** Several at once, for a tournament's list. */
  results(matchIds: readonly string[]): Map<string, MatchResult> {
    const found = new Map<string, MatchResult>();
    for (const id of matchIds) {
      const result = this.result(id);
      if (result) found.set(id, result);
    }
    return found;
  }

  dump(): unknown {
    return this.database.db.prepare('SELECT * FROM match_results ORDER BY match_id').all();
  }

  private prepared(): NonNullable<ResultsProjection['statements']> {
    if (!this.statements) this.setUp(this.database.db);
    return this.statements!;
  }
}

function toResult(row: ResultRow): MatchResult {
  const sides = { A: row.side_a, B: row.side_b };
  const winner = row.winner === 'A' || row.winner === 'B' ? row.winner : null;
  return {
    matchId: row.match_id,
    rulesetId: row.ruleset_id,
    sides,
    status: row.status as MatchStatus,
    result:
      row.status === 'ended'
        ? {
            winner,
            winnerName: winner ? sides[winner] : null,
            note: row.note ?? '',
            endedAt: row.ended_at ?? '',
          }
        : null,
    revision: row.last_revision,
  };
}
