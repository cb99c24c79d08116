import { BadRequestException, Inject, Injectable } from '@nestjs/common';
import type { Database, Statement } from 'better-sqlite3';
import { EVENT_STORE, type EventStore, type RecordedEvent } from '../event-store/event-store.port.js';
import { matchIdOf, matchStream } from '../match/match-stream.js';
import type { Side } from '../rules/common/sides.js';
import { hasType, isEventOf } from '../event-store/typed-events.js';
import { isMatchCreated, isMatchLevel } from '../rules/match/events.js';
import { TOURNAMENT_EVENTS, tournamentIdOf } from '../tournament/tournament-events.js';
import type { Principal } from '../auth/principal.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { delayFor } from '../match/spectator-delay.js';
import { unknownTournament } from '../tournament/tournament-scope.js';
import type { Projection, ProjectionWrite } from './projection.js';
import { ProjectionRunner } from './projection-runner.js';
import { ProjectionDatabase } from './projection-database.js';

/** open: created and not ended (or its end was undone); ended: MatchEnded stands. */
export type MatchListStatus = 'open' | 'ended';

/** One match as `GET /matches` lists it: public facts only (no state, no cards). */
export interface MatchSummary {
  matchId: string;
  ruleset: { id: string; version: string };
  /** The tournament that scheduled it (the first, should two have), or null. */
  tournamentId: string | null;
  sides: Record<Side, string>;
  status: MatchListStatus;
  /** Once ended: the winning side (null for a draw), its name and the note. */
  result: { winner: Side | null; winnerName: string | null; note: string } | null;
  /** The match stream's last revision. */
  revision: number;
  createdAt: string;
  /** When its last event was recorded. */
  updatedAt: string;
  /**
   * C-5: the disputes raised and not ruled on yet, which wait for a judge; null for a spectator held
   * behind live play (a count of now would tell it that play went on).
   */
  openDisputes: number | null;
}

/** What a list asks for: every filter optional; the page starts after `afterMatchId`. */
export interface MatchListFilter {
  /** Only this match (a player key). */
  matchId?: string;
  tournamentId?: string;
  /** Only the matches no tournament schedules. */
  standalone?: boolean;
  status?: MatchListStatus;
  /** ISO 8601: matches whose last event was recorded at or after it. */
  updatedSince?: string;
  afterMatchId: string;
  limit: number;
}

interface MatchRow {
  match_id: string;
  ruleset_id: string;
  ruleset_version: string;
  side_a: string;
  side_b: string;
  tournament_id: string | null;
  status: string;
  winner: string | null;
  note: string | null;
  ended_revision: number | null;
  revision: number;
  created_at: string;
  updated_at: string;
  open_disputes: number;
}

/**
 * The matches a key may list (`GET /matches`): one row per match with its ruleset, sides, status,
 * result, tournament and last change, so that a list is an index seek, never a scan of the store.
 * Tournament membership comes from MatchScheduled in the tournament streams, kept in a table of its
 * own so that it does not matter which of the two streams' events is read first; `in_tournament` says
 * the same on the match's row (set by whichever of the two comes second), so that the matches outside
 * every tournament are an index of their own too. `open_disputes` counts the disputes raised and not
 * ruled on (a backup leaves a dispute standing: it is the match's own record, not play).
 */
@Injectable()
export class MatchesProjection implements Projection {
  readonly name = 'matches';
  readonly version = 3;
  private statements?: {
    get: Statement<[string], MatchRow>;
    created: Statement<[string, string, string, string, string, number, string, string, string]>;
    touched: Statement<[number, string, string]>;
    ended: Statement<[string | null, string, number, number, string, string]>;
    reopened: Statement<[number, string, string]>;
    scheduled: Statement<[string, string, number]>;
    inTournament: Statement<[string]>;
    disputes: Statement<[number, number, string, string]>;
  };
  /** Per match, the last event of this page not written yet: most events only move a match's revision on. */
  private readonly pending = new Map<string, { revision: number; at: string }>();
  /** Prepared list queries, one per combination of filters. */
  private readonly lists = new Map<string, Statement<unknown[], MatchRow>>();

  constructor(private readonly database: ProjectionDatabase) {}

  setUp(db: Database): void {
    // A copy from before `open_disputes` is dropped: the version differs, so it is rebuilt anyway.
    const columns = db.prepare<[], { name: string }>('PRAGMA table_info(match_list)').all();
    if (columns.length > 0 && !columns.some((column) => column.name === 'open_disputes'))
      db.exec('DROP TABLE match_list');
    db.exec(`
      CREATE TABLE IF NOT EXISTS match_list (
        match_id        TEXT PRIMARY KEY,
        ruleset_id      TEXT NOT NULL,
        ruleset_version TEXT NOT NULL,
        side_a          TEXT NOT NULL,
        side_b          TEXT NOT NULL,
        status          TEXT NOT NULL,
        winner          TEXT,
        note            TEXT,
        ended_revision  INTEGER,
        revision        INTEGER NOT NULL,
        created_at      TEXT NOT NULL,
        updated_at      TEXT NOT NULL,
        in_tournament   INTEGER NOT NULL DEFAULT 0,
        open_disputes   INTEGER NOT NULL DEFAULT 0
      );
      CREATE TABLE IF NOT EXISTS match_list_tournament (
        match_id           TEXT PRIMARY KEY,
        tournament_id      TEXT NOT NULL,
        scheduled_position INTEGER NOT NULL
      );
      CREATE INDEX IF NOT EXISTS match_list_by_tournament ON match_list_tournament (tournament_id, match_id);
      CREATE INDEX IF NOT EXISTS match_list_by_update ON match_list (updated_at);
      CREATE INDEX IF NOT EXISTS match_list_standalone ON match_list (match_id) WHERE in_tournament = 0;
    `);
    this.lists.clear();
    this.statements = {
      get: db.prepare(`${SELECT} WHERE m.match_id = ?`),
      created: db.prepare(
        `INSERT OR REPLACE INTO match_list
           (match_id, ruleset_id, ruleset_version, side_a, side_b, status, revision, created_at, updated_at,
            in_tournament)
         VALUES (?, ?, ?, ?, ?, 'open', ?, ?, ?,
           EXISTS (SELECT 1 FROM match_list_tournament WHERE match_id = ?))`,
      ),
      touched: db.prepare('UPDATE match_list SET revision = ?, updated_at = ? WHERE match_id = ?'),
      ended: db.prepare(
        `UPDATE match_list SET status = 'ended', winner = ?, note = ?, ended_revision = ?, revision = ?,
           updated_at = ? WHERE match_id = ?`,
      ),
      reopened: db.prepare(
        `UPDATE match_list SET status = 'open', winner = NULL, note = NULL, ended_revision = NULL,
           revision = ?, updated_at = ? WHERE match_id = ?`,
      ),
      // The first tournament to schedule a match keeps it (as the tournaments read model says).
      scheduled: db.prepare(
        `INSERT OR IGNORE INTO match_list_tournament (match_id, tournament_id, scheduled_position) VALUES (?, ?, ?)`,
      ),
      inTournament: db.prepare('UPDATE match_list SET in_tournament = 1 WHERE match_id = ?'),
      disputes: db.prepare(
        `UPDATE match_list SET open_disputes = MAX(0, open_disputes + ?), revision = ?, updated_at = ?
         WHERE match_id = ?`,
      ),
    };
  }

  reset(db: Database): void {
    db.exec('DELETE FROM match_list; DELETE FROM match_list_tournament;');
    this.pending.clear();
  }

  project(event: RecordedEvent): ProjectionWrite | undefined {
    const s = this.prepared();
    const tournamentId = tournamentIdOf(event.metadata.stream);
    if (tournamentId !== undefined) {
      if (!isEventOf(TOURNAMENT_EVENTS, event) || !hasType(event, 'MatchScheduled')) return undefined;
      const { matchId } = event.data;
      return () => {
        s.scheduled.run(matchId, tournamentId, event.position);
        s.inTournament.run(matchId);
      };
    }
    const matchId = matchIdOf(event.metadata.stream);
    if (matchId === undefined) return undefined;
    const { revision, at } = event.metadata;
    if (isMatchCreated(event)) {
      const { sides } = event.data;
      const ruleset = event.metadata.ruleset;
      return () => {
        this.pending.delete(matchId);
        s.created.run(
          matchId,
          ruleset?.id ?? 'unknown',
          ruleset?.version ?? 'unknown',
          sides.A,
          sides.B,
          revision,
          at,
          at,
          matchId,
        );
      };
    }
    if (isMatchLevel(event, 'MatchEnded')) {
      const { result } = event.data;
      return () => {
        this.pending.delete(matchId);
        s.ended.run(result.winner, result.note, revision, revision, at, matchId);
      };
    }
    if (isMatchLevel(event, 'ActionsReverted')) {
      const { fromRevision, throughRevision } = event.data;
      return () => {
        this.pending.delete(matchId);
        // A backup that undoes the end puts the match back in play (C-5).
        const row = s.get.get(matchId);
        const endUndone =
          row?.ended_revision != null &&
          row.ended_revision >= fromRevision &&
          row.ended_revision <= throughRevision;
        if (endUndone) s.reopened.run(revision, at, matchId);
        else s.touched.run(revision, at, matchId);
      };
    }
    if (isMatchLevel(event, 'DisputeRaised') || isMatchLevel(event, 'DisputeRuled')) {
      const change = event.type === 'DisputeRaised' ? 1 : -1;
      return () => {
        this.pending.delete(matchId);
        s.disputes.run(change, revision, at, matchId);
      };
    }
    return () => this.pending.set(matchId, { revision, at });
  }

  endPage(): void {
    const s = this.prepared();
    for (const [matchId, { revision, at }] of this.pending) s.touched.run(revision, at, matchId);
    this.pending.clear();
  }

  abortPage(): void {
    this.pending.clear();
  }

  /** One page of matches in id order, after `afterMatchId`, with the filters given. */
  list(filter: MatchListFilter): MatchSummary[] {
    const where: string[] = ['m.match_id > ?'];
    const values: unknown[] = [filter.afterMatchId];
    if (filter.matchId !== undefined) {
      where.push('m.match_id = ?');
      values.push(filter.matchId);
    }
    if (filter.tournamentId !== undefined) {
      where.push('t.tournament_id = ?');
      values.push(filter.tournamentId);
    }
    if (filter.standalone) where.push('m.in_tournament = 0');
    if (filter.status !== undefined) {
      where.push('m.status = ?');
      values.push(filter.status);
    }
    if (filter.updatedSince !== undefined) {
      where.push('m.updated_at >= ?');
      values.push(filter.updatedSince);
    }
    const sql = `${SELECT} WHERE ${where.join(' AND ')} ORDER BY m.match_id LIMIT ?`;
    let statement = this.lists.get(sql);
    if (!statement) {
      statement = this.database.db.prepare<unknown[], MatchRow>(sql);
      this.lists.set(sql, statement);
    }
    return statement.all(...values, filter.limit).map(toSummary);
  }

  summary(matchId: string): MatchSummary | undefined {
    const row = this.prepared().get.get(matchId);
    return row ? toSummary(row) : undefined;
  }

  dump(): unknown {
    const { db } = this.database;
    return {
      matches: db.prepare('SELECT * FROM match_list ORDER BY match_id').all(),
      tournaments: db.prepare('SELECT * FROM match_list_tournament ORDER BY match_id').all(),
    };
  }

  private prepared(): NonNullable<MatchesProjection['statements']> {
    if (!this.statements) this.setUp(this.database.db);
    return this.statements!;
  }
}

const SELECT = `SELECT m.*, t.tournament_id AS tournament_id FROM match_list m
  LEFT JOIN match_list_tournament t ON t.match_id = m.match_id`;

function toSummary(row: MatchRow): MatchSummary {
  const sides = { A: row.side_a, B: row.side_b };
  const winner = row.winner === 'A' || row.winner === 'B' ? row.winner : null;
  return {
    matchId: row.match_id,
    ruleset: { id: row.ruleset_id, version: row.ruleset_version },
    tournamentId: row.tournament_id,
    sides,
    status: row.status === 'ended' ? 'ended' : 'open',
    result:
      row.status === 'ended'
        ? { winner, winnerName: winner ? sides[winner] : null, note: row.note ?? '' }
        : null,
    revision: row.revision,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    openDisputes: row.open_disputes,
  };
}

/** A page of a list, in the convention every list follows. */
export interface MatchListPage {
  items: MatchSummary[];
  /** Pass as `cursor` for the next page; null on the last. */
  nextCursor: string | null;
}

export interface MatchListQuery {
  limit: number;
  cursor?: string;
  tournament?: string;
  standalone?: boolean;
  status?: MatchListStatus;
  updatedSince?: string;
}

/**
 * `GET /matches`: the matches a key may see, from the read model. A player key sees its own match (so
 * does a judge or spectator key bound to one), a key bound to a tournament that tournament's matches
 * (naming another answers as an unknown one does), other organiser, judge and spectator keys every
 * match. A spectator held behind live play is told
 * no later revision than it may read.
 */
@Injectable()
export class MatchListQueries {
  constructor(
    private readonly runner: ProjectionRunner,
    private readonly matches: MatchesProjection,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  async list(principal: Principal, query: MatchListQuery): Promise<MatchListPage> {
    await this.runner.settle(['matches']);
    const bound = principal.tournamentId;
    if (query.standalone && query.tournament !== undefined)
      throw new BadRequestException(
        'standalone=true lists the matches outside every tournament: it does not go with tournament',
      );
    if (bound !== undefined && query.tournament !== undefined && query.tournament !== bound) {
      throw unknownTournament(query.tournament);
    }
    const after = query.cursor !== undefined ? cursorAfter(query.cursor) : '';
    const rows = this.matches.list({
      // A key bound to one match (a seat, or a judge or spectator of it) lists that match alone.
      ...(principal.role === 'player' || principal.matchId !== undefined
        ? { matchId: principal.matchId ?? '' }
        : {}),
      ...((bound ?? query.tournament) !== undefined ? { tournamentId: bound ?? query.tournament } : {}),
      ...(query.standalone ? { standalone: true } : {}),
      ...(query.status !== undefined ? { status: query.status } : {}),
      ...(query.updatedSince !== undefined
        ? { updatedSince: new Date(query.updatedSince).toISOString() }
        : {}),
      afterMatchId: after,
      limit: query.limit + 1,
    });
    const more = rows.length > query.limit;
    const page = rows.slice(0, query.limit);
    const delay = delayFor(principal, this.config.spectatorDelayEvents);
    const items = delay > 0 ? await this.heldBack(page, delay, query.updatedSince) : page;
    return { items, nextCursor: more ? encodeCursor(page[page.length - 1]!.matchId) : null };
  }

  /**
   * The page as a spectator held `delay` events behind live play sees it: an open match at the last
   * revision it may read, and when that event was recorded, not the newest's (whose time would tell it
   * that play went on); `updatedSince` holds against that time, so a page may come out shorter.
   */
  private async heldBack(
    page: MatchSummary[],
    delay: number,
    updatedSince?: string,
  ): Promise<MatchSummary[]> {
    const since = updatedSince === undefined ? undefined : new Date(updatedSince).toISOString();
    const held: MatchSummary[] = [];
    for (const match of page) {
      if (match.status !== 'open') {
        held.push(match);
        continue;
      }
      const revision = Math.max(0, match.revision - delay);
      const [visible] =
        revision > 0
          ? await this.store.readStream(matchStream(match.matchId), { fromRevision: revision, maxCount: 1 })
          : [];
      const updatedAt = visible?.metadata.at ?? match.createdAt;
      if (since === undefined || updatedAt >= since)
        held.push({ ...match, revision, updatedAt, openDisputes: null });
    }
    return held;
  }
}

function encodeCursor(afterMatchId: string): string {
  return Buffer.from(JSON.stringify({ after: afterMatchId })).toString('base64url');
}

function cursorAfter(cursor: string): string {
  let after: unknown;
  try {
    after = (JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { after?: unknown }).after;
  } catch {
    after = undefined;
  }
  if (typeof after !== 'string') throw new BadRequestException('cursor is not one this API gave out');
  return after;
}
