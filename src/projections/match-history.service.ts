import { BadRequestException, Inject, Injectable } from '@nestjs/common';
import { type Principal, viewerOf } from '../auth/principal.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { EVENT_STORE, type EventStore, type RecordedEvent } from '../event-store/event-store.port.js';
import { visibleRevision } from '../match/spectator-delay.js';
import { matchStream } from '../match/match-stream.js';
import { MatchNotFoundError } from '../match/match-errors.js';
import { type LoadedMatch, MatchLoader } from '../match/match-loader.js';
import { type EventView, MatchViewer } from '../match/match-viewer.js';
import { assertMayRead } from '../match/match.queries.js';
import type { RulesetRef } from '../rules/common/ruleset-ref.js';
import { ProjectionRunner } from './projection-runner.js';
import { type MatchResult, ResultsProjection } from './results.projection.js';
import { RosterProjection, type RosterUnit } from './roster.projection.js';
import { describeSafely } from './turn-log/turn-log.projection.js';
import type { LogLine } from '../rules/turn-log.js';
import { TurnLogProjection } from './turn-log/turn-log.projection.js';

export interface LogEntryView extends LogLine {
  revision: number;
  type: string;
  at: string;
  actor: { role: string; side?: string };
  reverted: boolean;
}

export interface MatchLogView {
  matchId: string;
  /** The last revision this caller may see (a spectator may be held behind live play). */
  revision: number;
  entries: LogEntryView[];
}

export interface MatchEventsPage {
  matchId: string;
  revision: number;
  events: EventView[];
  /** The `from` of the next page, or null at the end. */
  next: number | null;
}

export interface MatchStateAtView {
  matchId: string;
  ruleset: RulesetRef;
  /** The state is as it stood right after this event (0: before the first). */
  at: number;
  revision: number;
  state: unknown;
}

export interface RosterView {
  matchId: string;
  revision: number;
  units: RosterUnit[];
}

export const MAX_EVENTS_PAGE = 500;

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
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async log(matchId: string, principal: Principal): Promise<MatchLogView> {
    const { match, visible } = await this.open(matchId, principal);
    await this.caughtUp('turn-log', match, visible);
    const viewer = viewerOf(principal);
    const context = this.turnLog.context(matchId);
    const reverted = match.revertedAsOf(visible);
    const stored = this.turnLog.entries(matchId, visible);
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
        reverted: reverted.has(entry.revision),
      };
    });
    return { matchId, revision: visible, entries };
  }

  async events(matchId: string, principal: Principal, from = 1, limit = 100): Promise<MatchEventsPage> {
    const { match, visible } = await this.open(matchId, principal);
    const viewer = viewerOf(principal);
    const reverted = match.revertedAsOf(visible);
    const last = Math.min(visible, from + Math.min(limit, MAX_EVENTS_PAGE) - 1);
    const page =
      last >= from
        ? await this.store.readStream(matchStream(matchId), { fromRevision: from, maxCount: last - from + 1 })
        : [];
    const events = page.map((e) => ({
      ...this.viewer.event(match, e, viewer),
      reverted: reverted.has(e.metadata.revision),
    }));
    return { matchId, revision: visible, events, next: last < visible ? last + 1 : null };
  }

  async stateAt(matchId: string, principal: Principal, at?: number): Promise<MatchStateAtView> {
    const { match, visible } = await this.open(matchId, principal);
    const revision = at ?? visible;
    if (revision > visible) {
      throw new BadRequestException(`at must be an event of this match you may see, 0 to ${visible}`);
    }
    const state = revision === match.revision ? match.state : await this.loader.stateAt(matchId, revision);
    return {
      matchId,
      ruleset: match.rulesetRef,
      at: revision,
      revision: visible,
      state: this.viewer.stateOf(match, state, viewerOf(principal)),
    };
  }

  async roster(matchId: string, principal: Principal): Promise<RosterView> {
    const { match, visible } = await this.open(matchId, principal);
    if (visible < match.revision) {
      // A spectator held behind live play: the roster as it stood then, not the stored one of now.
      const state = await this.loader.stateAt(matchId, visible);
      return { matchId, revision: visible, units: match.ruleset.roster(state) };
    }
    await this.caughtUp('roster', match, visible);
    return { matchId, revision: visible, units: this.rosters.units(matchId) };
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
