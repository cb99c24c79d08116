import { Inject, Injectable } from '@nestjs/common';
import { type Principal, viewerOf } from '../auth/principal.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { EVENT_STORE, type EventStore, type RecordedEvent } from '../event-store/event-store.port.js';
import { lastPosition } from '../event-store/store-head.js';
import { MatchNotFoundError } from '../match/match-errors.js';
import { type LoadedMatch, MatchLoader } from '../match/match-loader.js';
import { matchIdOf, matchStream } from '../match/match-stream.js';
import { type EventView, MatchViewer } from '../match/match-viewer.js';
import { assertMayRead } from '../match/match.queries.js';
import type { Viewer } from '../rules/ruleset.js';
import type { TournamentEvent } from '../rules/tournament/events.js';
import { tournamentStream } from '../rules/tournament/events.js';
import { TournamentService } from '../tournament/tournament.service.js';
import { isEventOf } from '../event-store/typed-events.js';
import { TOURNAMENT_EVENTS } from '../tournament/tournament-events.js';
import { feedShowsMatches } from '../tournament/tournament-feed-access.js';
import { delayFor } from '../match/spectator-delay.js';
import { FeedResume, MatchByMatchHold } from './feed-hold.js';
import type { SseConnection } from './sse.js';

/** A feed message of a match: its SSE id is the event's revision. */
export interface MatchFeedMessage extends EventView {
  matchId: string;
}

/** A feed message of a tournament: its SSE id is the event's global position. */
export interface TournamentFeedMessage {
  position: number;
  tournamentId: string;
  /** The match the event belongs to; absent for the tournament's own events. */
  matchId?: string;
  event: EventView;
  /**
   * MatchScheduled only: the match's events recorded before it was scheduled (its creation), so that
   * the feed shows every match from its first event while staying in one order.
   */
  preceding?: EventView[];
}

/** An opened feed: access and existence are checked before any byte of the stream is written. */
export interface Feed {
  /**
   * The reader has every message already: a match that ended at or before its Last-Event-ID. Answered
   * 204, which tells an EventSource to stop reconnecting (it would otherwise come back every 2 s).
   */
  over?: boolean;
  run(connection: SseConnection): Promise<void>;
}

/**
 * Live feeds over Server-Sent Events. A feed is a catch-up subscription on the store, so resuming
 * after the last id a client saw gives every later event exactly once, whether it was recorded while
 * the client was away or is recorded now. Events go out through the MatchViewer (AA-2) and as they
 * stood when recorded (`reverted` false: a later ActionsReverted arrives in the feed itself), so a
 * message always says the same thing whenever it is read again.
 */
@Injectable()
export class LiveFeeds {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly loader: MatchLoader,
    private readonly viewer: MatchViewer,
    private readonly tournaments: TournamentService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async match(matchId: string, principal: Principal, lastEventId?: number): Promise<Feed> {
    assertMayRead(principal, matchId);
    const loaded = await this.loader.load(matchId);
    const stream = matchStream(matchId);
    const after = Math.min(Math.max(lastEventId ?? 0, 0), loaded.revision);
    // The feed starts right after event `after`: one event read for its position, never the stream.
    const [from] = await this.store.readStream(stream, { fromRevision: Math.max(after, 1), maxCount: 1 });
    const fromPosition = after >= 1 ? from!.position : from!.position - 1;
    const viewer = viewerOf(principal);
    const delay = delayFor(principal, this.config.spectatorDelayEvents);

    return {
      over: loaded.meta.ended !== null && after >= loaded.revision,
      run: async (connection) => {
        // Nothing is folded: an event is viewed with the match's ruleset alone, as it stood when
        // recorded; all a feed follows is whether the match has ended (then nothing is held back).
        let ended = loaded.meta.ended !== null;
        const held: RecordedEvent[] = [];
        const subscription = this.store.subscribe({ fromPosition, streamPrefix: stream }, async (event) => {
          if (event.metadata.stream !== stream) return;
          if (event.type === 'MatchEnded') ended = true;
          held.push(event);
          // A spectator stays `delay` events behind; once the match has ended everything goes out.
          while (held.length > delay || (held.length > 0 && ended)) {
            const next = held.shift()!;
            const message: MatchFeedMessage = { matchId, ...this.asRecorded(loaded, next, viewer) };
            await connection.send(next.metadata.revision, next.type, message);
            // MatchEnded is a match's last event (nothing is accepted after it): the feed is over.
            if (next.type === 'MatchEnded') connection.end(feedEnd(matchId, next.metadata.revision));
          }
        });
        connection.onClose(() => void subscription.close());
        await connection.done;
      },
    };
  }

  /**
   * A delayed spectator's feed holds each match back on its own (MatchByMatchHold), so its messages
   * may leave out of position order. It then always reads from the tournament's first event, and a
   * reader resuming with a Last-Event-ID gets every message it has not had, once (FeedResume). Any
   * other reader's feed is in position order and starts right after the id. Without an id, a feed
   * `from` now starts at the store's last event: a page that reads the tournament from its routes is
   * not sent the whole day again each time it loads (a delayed spectator's hold starts there too, so
   * it still sees nothing newer than the delay allows).
   */
  async tournament(
    tournamentId: string,
    principal: Principal,
    lastEventId?: number,
    from: 'start' | 'now' = 'start',
  ): Promise<Feed> {
    const events = await this.tournaments.read(tournamentId);
    const firstPosition = events[0]!.position;
    const delay = delayFor(principal, this.config.spectatorDelayEvents);
    // Nothing of a tournament comes before its creation.
    const resumeAfter = lastEventId !== undefined && lastEventId >= firstPosition ? lastEventId : undefined;
    const start =
      resumeAfter === undefined && from === 'now'
        ? await lastPosition(this.store, events[events.length - 1]!.position)
        : firstPosition - 1;
    const after = delay > 0 || resumeAfter === undefined ? start : resumeAfter;
    const scheduled = new Map<string, number>();
    for (const event of events) {
      if (event.position > after) break;
      if (event.type === 'MatchScheduled') scheduled.set(matchIdFromSchedule(event), event.position);
    }
    const own = tournamentStream(tournamentId);
    const withMatches = feedShowsMatches(principal);

    return {
      run: async (connection) => {
        const matches = new Map<string, LoadedMatch>();
        const hold = new MatchByMatchHold<TournamentFeedMessage>(delay);
        const resume = new FeedResume(delay > 0 ? resumeAfter : undefined);
        const subscription = this.store.subscribe({ fromPosition: after }, async (event) => {
          const message =
            withMatches || event.metadata.stream === own
              ? await this.tournamentMessage(tournamentId, own, scheduled, matches, event, withMatches)
              : undefined;
          resume.read(event.position, message !== undefined);
          if (!message) return;
          const match =
            message.matchId !== undefined && event.metadata.stream !== own
              ? { matchId: message.matchId, ends: event.type === 'MatchEnded' }
              : undefined;
          for (const next of hold.take(message, match)) {
            if (!resume.has(next.position)) await connection.send(next.position, next.event.type, next);
          }
        });
        connection.onClose(() => void subscription.close());
        await connection.done;
      },
    };
  }

  /**
   * The feed message for one event of the store, or undefined when it is not the tournament's: its
   * own stream, and the events of each match from its MatchScheduled on. Viewed as by a spectator.
   */
  async tournamentMessage(
    tournamentId: string,
    own: string,
    scheduled: Map<string, number>,
    matches: Map<string, LoadedMatch>,
    event: RecordedEvent,
    withMatches = true,
  ): Promise<TournamentFeedMessage | undefined> {
    if (event.metadata.stream === own) {
      const message: TournamentFeedMessage = {
        position: event.position,
        tournamentId,
        event: tournamentEventView(event),
      };
      if (isEventOf(TOURNAMENT_EVENTS, event) && event.type === 'MatchScheduled') {
        const matchId = matchIdFromSchedule(event);
        scheduled.set(matchId, event.position);
        message.matchId = matchId;
        const match = withMatches ? await this.loadCached(matches, matchId) : undefined;
        message.preceding = match ? await this.preceding(match, event.position) : [];
      }
      return message;
    }
    const matchId = matchIdOf(event.metadata.stream);
    if (matchId === undefined) return undefined;
    const since = scheduled.get(matchId);
    if (since === undefined || since >= event.position) return undefined;
    const match = await this.loadCached(matches, matchId);
    if (!match) return undefined;
    return {
      position: event.position,
      tournamentId,
      matchId,
      event: this.asRecorded(match, event, {}),
    };
  }

  /** The event as this viewer sees it, as it stood when recorded. */
  asRecorded(match: LoadedMatch, event: RecordedEvent, viewer: Viewer): EventView {
    return { ...this.viewer.event(match, event, viewer), reverted: false };
  }

  /** The match's events recorded before its schedule, read in pages. */
  private async preceding(match: LoadedMatch, before: number): Promise<EventView[]> {
    const out: EventView[] = [];
    for (let fromRevision = 1; ;) {
      const page = await this.store.readStream(matchStream(match.matchId), { fromRevision, maxCount: 500 });
      for (const event of page) {
        if (event.position >= before) return out;
        out.push(this.asRecorded(match, event, {}));
      }
      if (page.length < 500) return out;
      fromRevision += page.length;
    }
  }

  /** A match as a feed needs it (its ruleset, to view events): loaded once per feed. */
  private async loadCached(
    matches: Map<string, LoadedMatch>,
    matchId: string,
  ): Promise<LoadedMatch | undefined> {
    const cached = matches.get(matchId);
    if (cached) return cached;
    try {
      const match = await this.loader.load(matchId);
      matches.set(matchId, match);
      return match;
    } catch (error) {
      if (error instanceof MatchNotFoundError) return undefined;
      throw error;
    }
  }
}

/** The last message of a match's feed (`event: end`): the match and the revision it ended at. */
export interface MatchFeedEnd {
  matchId: string;
  revision: number;
  ended: true;
}

function feedEnd(matchId: string, revision: number): MatchFeedEnd {
  return { matchId, revision, ended: true };
}

function matchIdFromSchedule(
  event: Extract<RecordedEvent<TournamentEvent>, { type: 'MatchScheduled' }>,
): string {
  return event.data.matchId;
}

/** The tournament's own events hide nothing. */
function tournamentEventView(event: RecordedEvent): EventView {
  const { role } = event.metadata.actor;
  return {
    revision: event.metadata.revision,
    type: event.type,
    data: event.data,
    at: event.metadata.at,
    actor: { role },
    reverted: false,
  };
}
