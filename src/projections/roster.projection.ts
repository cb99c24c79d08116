import { Injectable } from '@nestjs/common';
import type { Database, Statement } from 'better-sqlite3';
import type { RecordedEvent } from '../event-store/event-store.port.js';
import { MatchLoader } from '../match/match-loader.js';
import { isMatchLevelEvent } from '../rules/match/events.js';
import { matchIdOf } from '../match/match-stream.js';
import type { RosterRow as RosterUnitRow } from '../rules/common/roster.js';
import type { Side } from '../rules/common/sides.js';
import type { AnyRuleset } from '../rulesets/registry.js';
import type { Projection } from './projection.js';
import { ProjectionDatabase } from './projection-database.js';

/** One unit of a match as the roster shows it: public facts only (no orders, AA-2); the ruleset says which. */
export type RosterUnit = RosterUnitRow;

interface Folded {
  ruleset: AnyRuleset;
  state: unknown;
  revision: number;
}

interface RosterRow {
  match_id: string;
  unit_id: string;
  name: string;
  side: string;
  side_name: string;
  status: string;
  detail: string;
}

/** Matches whose folded state stays in memory; others are folded again from the store when they move. */
const CACHED_MATCHES = 200;

/**
 * The unit roster (projection 2): every unit of every match with its standing, read from the match
 * state as a viewer with no side sees it. The state is folded with the match's own fold (undo
 * included), incrementally while the match is in memory, and from the store up to the event in hand
 * otherwise, so a rebuild reads exactly what the live run read.
 */
@Injectable()
export class RosterProjection implements Projection {
  readonly name = 'roster';
  readonly version = 1;
  private readonly folded = new Map<string, Folded>();
  /** The matches folded during this page, as they stand after its last event of each. */
  private readonly dirty = new Map<string, Folded>();
  /**
   * What was last written per match: the state it was viewed from (a state not changed since, as after
   * a match-level event, is not viewed again) and the rows as JSON (an event that changes no unit's
   * public facts writes nothing).
   */
  private readonly written = new Map<string, { state: unknown; rows: string }>();
  private statements?: {
    clear: Statement<[string]>;
    insert: Statement<[string, string, string, string, string, string, string]>;
    units: Statement<[string], RosterRow>;
  };

  constructor(
    private readonly database: ProjectionDatabase,
    private readonly matches: MatchLoader,
  ) {}

  setUp(db: Database): void {
    db.exec(`CREATE TABLE IF NOT EXISTS roster (
      match_id  TEXT NOT NULL,
      unit_id   TEXT NOT NULL,
      name      TEXT NOT NULL,
      side      TEXT NOT NULL,
      side_name TEXT NOT NULL,
      status    TEXT NOT NULL,
      detail    TEXT NOT NULL,
      PRIMARY KEY (match_id, unit_id)
    )`);
    this.statements = {
      clear: db.prepare('DELETE FROM roster WHERE match_id = ?'),
      insert: db.prepare(
        'INSERT INTO roster (match_id, unit_id, name, side, side_name, status, detail) VALUES (?, ?, ?, ?, ?, ?, ?)',
      ),
      units: db.prepare('SELECT * FROM roster WHERE match_id = ? ORDER BY side, unit_id'),
    };
  }

  reset(db: Database): void {
    db.exec('DELETE FROM roster');
    this.abortPage();
  }

  /**
   * Folds the event into the match; the units are written once per page (endPage), from the state
   * after the page's last event of each match: the rows the event-by-event writes would have left,
   * for one view of the match per page instead of one per event.
   */
  project(event: RecordedEvent): undefined | Promise<undefined> {
    const matchId = matchIdOf(event.metadata.stream);
    if (matchId === undefined) return undefined;
    const { revision } = event.metadata;
    const folded = this.folded.get(matchId);
    if (!folded || folded.revision !== revision - 1 || event.type === 'ActionsReverted') {
      // Only here does projecting wait (for the store): the rest of a page runs in one go.
      return this.foldFromStore(matchId, event).then((refolded) => {
        this.folded_(matchId, refolded);
        return undefined;
      });
    }
    const state = isMatchLevelEvent(event)
      ? folded.state
      : folded.ruleset.decider.evolve(folded.state, { type: event.type, data: event.data });
    this.folded_(matchId, { ruleset: folded.ruleset, state, revision });
    return undefined;
  }

  endPage(): void {
    const s = this.prepared();
    for (const [matchId, folded] of this.dirty) {
      const { state } = folded;
      const before = this.written.get(matchId);
      if (before?.state === state) continue;
      const units = folded.ruleset.roster(state);
      const rows = JSON.stringify(units);
      this.written.set(matchId, { state, rows });
      if (rows === before?.rows) continue;
      s.clear.run(matchId);
      for (const u of units) {
        s.insert.run(matchId, u.unitId, u.name, u.side, u.sideName, u.status, JSON.stringify(u.detail));
      }
    }
    this.dirty.clear();
  }

  abortPage(): void {
    // The rows of the page were rolled back: what was folded or written from it is not in the file.
    this.dirty.clear();
    this.folded.clear();
    this.written.clear();
  }

  units(matchId: string): RosterUnit[] {
    return this.prepared()
      .units.all(matchId)
      .map((row) => ({
        unitId: row.unit_id,
        name: row.name,
        side: row.side as Side,
        sideName: row.side_name,
        status: row.status as RosterUnit['status'],
        detail: JSON.parse(row.detail) as Record<string, unknown>,
      }));
  }

  dump(): unknown {
    return this.database.db.prepare('SELECT * FROM roster ORDER BY match_id, unit_id').all();
  }

  /**
   * The match as it stood right after this event, from the match aggregates: kept in memory, or the
   * nearest snapshot and its tail (never the whole stream, however long the match or far back a revert).
   */
  private async foldFromStore(matchId: string, event: RecordedEvent): Promise<Folded> {
    const { revision } = event.metadata;
    const [match, state] = await Promise.all([
      this.matches.load(matchId),
      this.matches.stateAt(matchId, revision),
    ]);
    return { ruleset: match.ruleset, state, revision };
  }

  /** The match's fold after an event: kept for the next event, and for the end of the page. */
  private folded_(matchId: string, folded: Folded): void {
    this.dirty.set(matchId, folded);
    this.remember(matchId, folded);
  }

  private remember(matchId: string, folded: Folded): void {
    this.folded.delete(matchId);
    this.folded.set(matchId, folded);
    if (this.folded.size > CACHED_MATCHES) {
      const oldest = this.folded.keys().next().value;
      if (oldest !== undefined) {
        this.folded.delete(oldest);
        this.written.delete(oldest);
      }
    }
  }

  private prepared(): NonNullable<RosterProjection['statements']> {
    if (!this.statements) this.setUp(this.database.db);
    return this.statements!;
  }
}
