import { Injectable } from '@nestjs/common';
import type { Database, Statement } from 'better-sqlite3';
import type { RecordedEvent } from '../../event-store/event-store.port.js';
import { matchIdOf } from '../../match/match-stream.js';
import { isMatchLevel, isUndoneByRevert, MATCH_LEVEL_EVENT_TYPES } from '../../rules/match/events.js';
import type { DiceRoll } from '../../rules/common/dice.js';
import { SIDES, type Side } from '../../rules/common/sides.js';
import { type AnyRuleset, rulesetFor } from '../../rulesets/registry.js';
import {
  advanceLogContext,
  describeEvent,
  initialLogContext,
  isRulesetEvent,
  type LogContext,
  type LogLine,
  withLapsedUndo,
} from '../../rules/turn-log.js';
import type { Projection, ProjectionWrite } from '../projection.js';
import { ProjectionDatabase } from '../projection-database.js';

/** One step of a match's log, as stored: the public sentence (no side's hidden information in it). */
export interface TurnLogEntry extends LogLine {
  matchId: string;
  revision: number;
  type: string;
  at: string;
  actor: { role: string; side?: string };
  /** True once an ActionsReverted undid this step (C-5); it stays in the log. */
  reverted: boolean;
  /**
   * The sides whose own view of this event shows more than the public one (their sealed card, AA-2):
   * for them the sentence is written again, at read time, from their view.
   */
  privateFor: Side[];
}

interface EntryRow {
  match_id: string;
  revision: number;
  turn: number;
  type: string;
  sentence: string;
  rule_ids: string;
  dice: string;
  private_for: string;
  reverted: number;
  at: string;
  actor: string;
  turn_after: number;
  active_after: string;
}

/**
 * The turn log (projection 1). Stored public, viewed by nobody's side: a sealed card never reaches
 * this table before its reveal (AA-2). The context (names, the turn) is kept per match beside it, so
 * the projection needs nothing but the event in hand.
 */
@Injectable()
export class TurnLogProjection implements Projection {
  readonly name = 'turn-log';
  readonly version = 10;
  /** Each match's context after this page's events so far; written at the end of the page. */
  private readonly pending = new Map<string, LogContext>();
  private statements?: {
    context: Statement<[string], { context: string }>;
    saveContext: Statement<[string, string]>;
    insert: Statement<
      [string, number, number, number, string, string, string, string, string, string, string, number, string]
    >;
    at: Statement<[string, number], { turn_after: number; active_after: string }>;
    revert: Statement<[string, number, number]>;
    entries: Statement<[string, number], EntryRow>;
  };

  constructor(private readonly database: ProjectionDatabase) {}

  setUp(db: Database): void {
    db.exec(`
      CREATE TABLE IF NOT EXISTS turn_log (
        match_id     TEXT    NOT NULL,
        revision     INTEGER NOT NULL,
        position     INTEGER NOT NULL,
        turn         INTEGER NOT NULL,
        type         TEXT    NOT NULL,
        sentence     TEXT    NOT NULL,
        rule_ids     TEXT    NOT NULL,
        dice         TEXT    NOT NULL,
        private_for  TEXT    NOT NULL,
        reverted     INTEGER NOT NULL DEFAULT 0,
        at           TEXT    NOT NULL,
        actor        TEXT    NOT NULL,
        turn_after   INTEGER NOT NULL,
        active_after TEXT    NOT NULL,
        PRIMARY KEY (match_id, revision)
      );
      CREATE TABLE IF NOT EXISTS turn_log_context (
        match_id TEXT PRIMARY KEY,
        context  TEXT NOT NULL
      );
    `);
    this.statements = {
      context: db.prepare('SELECT context FROM turn_log_context WHERE match_id = ?'),
      saveContext: db.prepare(
        `INSERT INTO turn_log_context (match_id, context) VALUES (?, ?)
         ON CONFLICT (match_id) DO UPDATE SET context = excluded.context`,
      ),
      insert: db.prepare(
        `INSERT OR REPLACE INTO turn_log
           (match_id, revision, position, turn, type, sentence, rule_ids, dice, private_for, at, actor, turn_after, active_after)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
      at: db.prepare('SELECT turn_after, active_after FROM turn_log WHERE match_id = ? AND revision = ?'),
      // C-5: the match's own records in the range stand (isUndoneByRevert).
      revert: db.prepare(
        `UPDATE turn_log SET reverted = 1 WHERE match_id = ? AND revision BETWEEN ? AND ?
           AND type NOT IN (${[...MATCH_LEVEL_EVENT_TYPES]
             .filter((type) => !isUndoneByRevert(type))
             .map((type) => `'${type}'`)
             .join(', ')})`,
      ),
      entries: db.prepare('SELECT * FROM turn_log WHERE match_id = ? AND revision <= ? ORDER BY revision'),
    };
  }

  reset(db: Database): void {
    db.exec('DELETE FROM turn_log; DELETE FROM turn_log_context;');
    this.pending.clear();
  }

  project(event: RecordedEvent): ProjectionWrite | undefined {
    const matchId = matchIdOf(event.metadata.stream);
    if (matchId === undefined) return undefined;
    const s = this.prepared();
    const recorded = event.metadata.ruleset;
    // Every event names the ruleset version its match was recorded under: its words are that version's.
    const ruleset = recorded ? rulesetFor(recorded) : undefined;
    let context: LogContext = this.contextNow(matchId) ?? initialLogContext(recorded?.id ?? 'unknown');

    const { viewed, privateFor } = publicView(ruleset, event);
    const before = context;
    const described = describeSafely(ruleset, context, viewed);
    const { revision } = event.metadata;

    let revert: { from: number; through: number } | undefined;
    if (isMatchLevel(event, 'ActionsReverted')) {
      // C-5: the match stands as after toRevision again, whatever turn that was.
      const { data } = event;
      const then = s.at.get(matchId, data.toRevision);
      context = advanceLogContext(ruleset, context, { type: event.type, data: event.data }, revision);
      if (then) context = { ...context, turn: then.turn_after, activeSide: then.active_after as Side };
      revert = { from: data.fromRevision, through: data.throughRevision };
    } else {
      context = advanceLogContext(ruleset, context, { type: event.type, data: event.data }, revision);
    }
    const lapse = withLapsedUndo(described, before, context, revert !== undefined);
    const line = lapse.line;
    context = lapse.context;

    const { role, side } = event.metadata.actor;
    return () => {
      s.insert.run(
        matchId,
        revision,
        event.position,
        line.turn,
        viewed.type,
        line.sentence,
        JSON.stringify(line.ruleIds),
        JSON.stringify(line.dice),
        privateFor.join(''),
        event.metadata.at,
        JSON.stringify(side ? { role, side } : { role }),
        context.turn,
        context.activeSide,
      );
      if (revert) s.revert.run(matchId, revert.from, revert.through);
      // Set once the row is in: an event whose writes fail leaves the context as it was.
      this.pending.set(matchId, context);
    };
  }

  /** The contexts of the page, written once per match rather than once per event. */
  endPage(): void {
    const s = this.prepared();
    for (const [matchId, context] of this.pending) s.saveContext.run(matchId, JSON.stringify(context));
    this.pending.clear();
  }

  abortPage(): void {
    this.pending.clear();
  }

  /** The context as of the last event projected: this page's, or the stored one. */
  private contextNow(matchId: string): LogContext | undefined {
    const pending = this.pending.get(matchId);
    if (pending) return pending;
    const stored = this.prepared().context.get(matchId);
    return stored ? (JSON.parse(stored.context) as LogContext) : undefined;
  }

  /** The log of a match up to a revision, public sentences. */
  entries(matchId: string, throughRevision = Number.MAX_SAFE_INTEGER): TurnLogEntry[] {
    return this.prepared()
      .entries.all(matchId, throughRevision)
      .map((row) => ({
        matchId: row.match_id,
        revision: row.revision,
        turn: row.turn,
        type: row.type,
        sentence: row.sentence,
        ruleIds: JSON.parse(row.rule_ids) as string[],
        dice: JSON.parse(row.dice) as DiceRoll[],
        at: row.at,
        actor: JSON.parse(row.actor) as { role: string; side?: string },
        reverted: row.reverted === 1,
        privateFor: [...row.private_for] as Side[],
      }));
  }

  /** The names and turn as they stand now; names never change once registered. */
  context(matchId: string): LogContext | undefined {
    const stored = this.prepared().context.get(matchId);
    return stored ? (JSON.parse(stored.context) as LogContext) : undefined;
  }

  dump(): unknown {
    const { db } = this.database;
    return {
      entries: db.prepare('SELECT * FROM turn_log ORDER BY match_id, revision').all(),
      context: db.prepare('SELECT * FROM turn_log_context ORDER BY match_id').all(),
    };
  }

  private prepared(): NonNullable<TurnLogProjection['statements']> {
    if (!this.statements) this.setUp(this.database.db);
    return this.statements!;
  }
}

/** A sentence even for an event the describer trips on: the log never loses a step. */
export function describeSafely(
  ruleset: AnyRuleset | undefined,
  context: LogContext,
  event: { type: string; data: unknown },
): LogLine {
  try {
    return describeEvent(ruleset, context, event);
  } catch {
    return { turn: context.turn, sentence: `${event.type} was recorded.`, ruleIds: [], dice: [] };
  }
}

/**
 * The event as a viewer with no side sees it (AA-2), and the sides whose own view differs. Match-level
 * events hide nothing; a ruleset event goes through its ruleset's view.
 */
function publicView(
  ruleset: AnyRuleset | undefined,
  event: RecordedEvent,
): { viewed: { type: string; data: unknown }; privateFor: Side[] } {
  const raw = { type: event.type, data: event.data };
  if (!ruleset || !isRulesetEvent(ruleset, event.type)) return { viewed: raw, privateFor: [] };
  const viewed = ruleset.viewEvent(raw, {});
  let seen: string | undefined;
  const privateFor = SIDES.filter((side) => {
    const own = ruleset.viewEvent(raw, { side });
    // A view hands back the event itself when it hides nothing from anybody: no need to compare text.
    if (own === viewed) return false;
    seen ??= JSON.stringify(viewed);
    return JSON.stringify(own) !== seen;
  });
  return { viewed, privateFor };
}
