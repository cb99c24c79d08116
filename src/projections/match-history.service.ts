import { BadRequestException, Inject, Injectable } from '@nestjs/common';
import { type Principal, viewerOf } from '../auth/principal.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { EVENT_STORE, type EventStore, type RecordedEvent } from '../event-store/event-store.port.js';
import { visibleRevision } from '../match/spectator-delay.js';
import { matchStream } from '../match/match-stream.js';
import { MatchNotFoundError } from '../match/match-errors.js';
import { type LoadedMatch, MatchLoader } from '../match/match-loader.js';
import { type EventView, MatchViewer, type PlayContractView } from '../match/match-viewer.js';
import { assertMayRead, MatchQueries } from '../match/match.queries.js';
import { ProjectionRunner } from './projection-runner.js';
import { type MatchResult, ResultsProjection } from './results.projection.js';
import { RosterProjection } from './roster.projection.js';
import { type WordedRosterRow, wordedRows } from '../rules/common/unit-words.js';
import { describeSafely } from './turn-log/turn-log.projection.js';
import type { LogLine } from '../rules/turn-log.js';
import { isUndoneByRevert } from '../rules/match/events.js';
import { TurnLogProjection } from './turn-log/turn-log.projection.js';

export interface LogEntryView extends LogLine {
  revision: number;
  type: string;
  at: string;
  actor: { role: string; side?: string };
  reverted: boolean;
  /**
   * AA-2: present only when `sentence` holds what this caller alone may see (its own sealed card): the
   * same line as every other reader has it. Any ruleset's private line is marked so, whatever its words.
   */
  publicSentence?: string;
}

export interface MatchLogView {
  matchId: string;
  /** The last revision this caller may see (a spectator may be held behind live play). */
  revision: number;
  entries: LogEntryView[];
  /** Pass as `cursor` for the next page; null on the last. */
  nextCursor: string | null;
}

export interface MatchEventsPage {
  matchId: string;
  revision: number;
  events: EventView[];
  /** Pass as `cursor` for the next page; null when this page reaches the last event the caller may see. */
  nextCursor: string | null;
  /**
   * True when every event this page can hold is written: it is full, or more events follow it. Such a
   * page grows no more (its `reverted` flags may still change, which its ETag follows).
   */
  complete: boolean;
}

/** The play contract as it stood right after event `at` (`GET /matches/:id/state?at=`). */
export interface MatchStateAtView extends PlayContractView {
  /** The state is as it stood right after this event (0: before the first); `revision` equals it. */
  at: number;
  /** The last event this caller may see now. */
  visibleRevision: number;
}

export interface RosterView {
  matchId: string;
  revision: number;
  /** Each unit with its words, said by the match's ruleset (its version's) when read, not stored. */
  units: WordedRosterRow[];
}

export const MAX_EVENTS_PAGE = 500;
/** A turn log's page: its default too, so that a match's whole log usually comes in one answer. */
export const MAX_LOG_PAGE = 500;

/**
 * A match's history for one caller: its log, its events, its state at any point, its roster and
 * result. Every event and state goes out through the MatchViewer (AA-2); the stored log is public and
 * a side's own sealed cards are written into it here, for that side only.
 */
@Injectable()
export class MatchHistory {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly loader: MatchLoader,
    private readonly viewer: MatchViewer,
    private readonly runner: ProjectionRunner,
    private readonly turnLog: TurnLogProjection,
    private readonly rosters: RosterProjection,
    private readonly results: ResultsProjection,
    private readonly queries: MatchQueries,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async log(
    matchId: string,
    principal: Principal,
    page: { cursor?: string; limit?: number } = {},
  ): Promise<MatchLogView> {
    const { match, visible } = await this.open(matchId, principal);
    await this.caughtUp('turn-log', match, visible);
    const viewer = viewerOf(principal);
    const context = this.turnLog.context(matchId);
    const reverted = match.revertedAsOf(visible);
    const from = page.cursor !== undefined ? eventsCursorFrom(page.cursor) : 1;
    const limit = Math.min(page.limit ?? MAX_LOG_PAGE, MAX_LOG_PAGE);
    const following = this.turnLog.entries(matchId, visible).filter((entry) => entry.revision >= from);
    const stored = following.slice(0, limit);
    const nextCursor =
      following.length > limit ? eventsCursor(stored[stored.length - 1]!.revision + 1) : null;
    // AA-2: this side's own view of its private events (its own sealed cards), described for it alone.
    const own = new Map<number, RecordedEvent>();
    if (viewer.side && context) {
      for (const entry of stored) {
        if (!entry.privateFor.includes(viewer.side)) continue;
        const [event] = await this.store.readStream(matchStream(matchId), {
          fromRevision: entry.revision,
          maxCount: 1,
        });
        if (event) own.set(entry.revision, event);
      }
    }
    const entries = stored.map((entry): LogEntryView => {
      let line: LogLine = entry;
      const event = own.get(entry.revision);
      if (event && context) {
        line = describeSafely(
          match.ruleset,
          { ...context, turn: entry.turn },
          this.viewer.event(match, event, viewer),
        );
      }
      return {
        revision: entry.revision,
        turn: entry.turn,
        type: entry.type,
        sentence: line.sentence,
        ruleIds: line.ruleIds,
        dice: line.dice,
        at: entry.at,
        actor: entry.actor,
        reverted: reverted.has(entry.revision) && isUndoneByRevert(entry.type),
        // The stored line is the public one: written again from this side's own view, a line that reads
        // otherwise holds what that view alone shows.
        ...(line.sentence !== entry.sentence ? { publicSentence: entry.sentence } : {}),
      };
    });
    return { matchId, revision: visible, entries, nextCursor };
  }

  async events(
    matchId: string,
    principal: Principal,
    page: { from?: number; cursor?: string; limit?: number } = {},
  ): Promise<MatchEventsPage> {
    const { match, visible } = await this.open(matchId, principal);
    const from = page.cursor !== undefined ? eventsCursorFrom(page.cursor) : (page.from ?? 1);
    const limit = Math.min(page.limit ?? 100, MAX_EVENTS_PAGE);
    const viewer = viewerOf(principal);
    const reverted = match.revertedAsOf(visible);
    const last = Math.min(visible, from + limit - 1);
    const read =
      last >= from
        ? await this.store.readStream(matchStream(matchId), { fromRevision: from, maxCount: last - from + 1 })
        : [];
    const events = read.map((e) => ({
      ...this.viewer.event(match, e, viewer),
      reverted: reverted.has(e.metadata.revision) && isUndoneByRevert(e.type),
    }));
    return {
      matchId,
      revision: visible,
      events,
      nextCursor: last < visible ? eventsCursor(last + 1) : null,
      complete: last < visible || events.length === limit,
    };
  }

  async stateAt(matchId: string, principal: Principal, at?: number): Promise<MatchStateAtView> {
    const { match, visible } = await this.open(matchId, principal);
    const revision = at ?? visible;
    if (revision > visible) {
      throw new BadRequestException(`at must be an event of this match you may see, 0 to ${visible}`);
    }
    return {
      ...this.viewer.contract(match, await this.queries.matchAt(match, revision), viewerOf(principal)),
      at: revision,
      visibleRevision: visible,
    };
  }

  async roster(matchId: string, principal: Principal): Promise<RosterView> {
    const { match, visible } = await this.open(matchId, principal);
    if (visible < match.revision) {
      // A spectator held behind live play: the roster as it stood then, not the stored one of now.
      const state = await this.loader.stateAt(matchId, visible);
      const units = wordedRows(match.ruleset.roster(state), match.ruleset.unitWords);
      return { matchId, revision: visible, units };
    }
    await this.caughtUp('roster', match, visible);
    const units = wordedRows(this.rosters.units(matchId), match.ruleset.unitWords);
    return { matchId, revision: visible, units };
  }

  async result(matchId: string, principal: Principal): Promise<MatchResult> {
    const { match, visible } = await this.open(matchId, principal);
    await this.caughtUp('results', match, match.revision);
    const stored = this.results.result(matchId);
    if (!stored) throw new MatchNotFoundError(matchId);
    return { ...stored, revision: visible };
  }

  private async open(
    matchId: string,
    principal: Principal,
  ): Promise<{ match: LoadedMatch; visible: number }> {
    assertMayRead(principal, matchId);
    const match = await this.loader.load(matchId);
    return { match, visible: visibleRevision(principal, match, this.config.spectatorDelayEvents) };
  }

  /** Read-your-writes: the projection has read at least up to this revision of the match. */
  private async caughtUp(name: string, match: LoadedMatch, revision: number): Promise<void> {
    if (revision <= 0) return;
    const position =
      revision === match.revision
        ? match.headPosition
        : (
            await this.store.readStream(matchStream(match.matchId), { fromRevision: revision, maxCount: 1 })
          )[0]?.position;
    // A read model behind this event answers 503 with Retry-After, never a stale answer as current.
    if (position !== undefined) await this.runner.require(name, position);
  }
}

/** An events cursor: opaque to clients (base64url JSON of the next page's first revision). */
export function eventsCursor(from: number): string {
  return Buffer.from(JSON.stringify({ from })).toString('base64url');
}

function eventsCursorFrom(cursor: string): number {
  let from: unknown;
  try {
    from = (JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { from?: unknown }).from;
  } catch {
    from = undefined;
  }
  if (typeof from !== 'number' || !Number.isSafeInteger(from) || from < 1) {
    throw new BadRequestException('cursor is not one this API gave out');
  }
  return from;
}
