import type { Client } from 'openapi-fetch';
import { problemFrom, UmpireProblem } from './problem.js';
import type { components, paths } from './schema.js';
import { SseParser } from './sse.js';

/** One event of a match as its live feed shows it to this key (a sealed card stays hidden, AA-2). */
export type MatchFeedEvent = MatchEventsPage['events'][number] & { matchId: string };

/** A page of GET /matches/{id}/events: the feed sends the same events, one message each, with the match's id. */
type MatchEventsPage = paths['/matches/{id}/events']['get']['responses'][200]['content']['application/json'];

/** One message of a tournament's live feed: its own events and its matches', in store order. */
export type TournamentFeedMessage = components['schemas']['TournamentFeedMessageDto'];

export interface FollowOptions<Message> {
  /** Resume after this id (the last one this caller has: a match's revision, a tournament's position). */
  lastEventId?: number;
  /** Called with each message in order; the follower waits for it before reading on. */
  onEvent(message: Message): void | Promise<void>;
  /** Stops following (the promise then resolves with `ended: false`). */
  signal?: AbortSignal;
  /** Wait before reconnecting after a dropped connection; the stream's own `retry:` by default. */
  reconnectDelayMs?: number;
  /** Give up after this many reconnections in a row that brought no event; 10 by default. */
  maxReconnects?: number;
}

export type FollowMatchOptions = FollowOptions<MatchFeedEvent>;
export type FollowTournamentOptions = FollowOptions<TournamentFeedMessage>;

export interface FollowResult {
  /** True once a match's feed said `event: end` (the match ended), or answered 204 (it had already). */
  ended: boolean;
  /** The last id received (revision or position): pass it as `lastEventId` to resume later. */
  lastEventId: number | undefined;
  /** How many times the follower reconnected after a dropped connection. */
  reconnects: number;
}

const DEFAULT_RECONNECT_MS = 2000;

/**
 * Follows a match's live feed (GET /matches/{id}/stream, Server-Sent Events) with the key's
 * Authorization header, which fetch can send and a browser's EventSource cannot (browsers that want
 * EventSource take a `?ticket=` from POST /stream-tickets instead). A dropped connection is resumed
 * from the last revision received (`Last-Event-ID`), so each event arrives once and in order; the
 * feed's `event: end` after MatchEnded stops it. A refusal (401/403/404) throws an `UmpireProblem`.
 */
export function followMatch(
  client: Client<paths>,
  matchId: string,
  options: FollowMatchOptions,
): Promise<FollowResult> {
  return follow(
    {
      name: `the live feed of ${matchId}`,
      open: (lastEventId, signal) =>
        client.GET('/matches/{id}/stream', {
          params: {
            path: { id: matchId },
            header: lastEventId === undefined ? {} : { 'Last-Event-ID': String(lastEventId) },
          },
          parseAs: 'stream',
          signal,
        }),
      parse: (data) => parsed(data, isMatchFeedEvent),
      idOf: (event) => event.revision,
    },
    options,
  );
}

/**
 * Follows a tournament's live feed (GET /tournaments/{id}/stream): the tournament's own events (round
 * opened, pairings published, results reported, confirmed, overridden…) and every event of its
 * matches, each message once and in order across dropped connections (resumed from the last global
 * position received). A tournament's feed has no end: stop it with the signal.
 */
export function followTournament(
  client: Client<paths>,
  tournamentId: string,
  options: FollowTournamentOptions,
): Promise<FollowResult> {
  return follow(
    {
      name: `the live feed of tournament ${tournamentId}`,
      open: (lastEventId, signal) =>
        client.GET('/tournaments/{id}/stream', {
          params: { path: { id: tournamentId } },
          headers: lastEventId === undefined ? {} : { 'Last-Event-ID': String(lastEventId) },
          parseAs: 'stream',
          signal,
        }),
      parse: (data) => parsed(data, isTournamentFeedMessage),
      idOf: (message) => message.position,
    },
    options,
  );
}

/** What differs between the feeds: how to open one from an id, read a message, and tell its id. */
interface Feed<Message> {
  name: string;
  open(
    lastEventId: number | undefined,
    signal: AbortSignal | undefined,
  ): Promise<{ error?: unknown; response: Response }>;
  parse(data: string): Message | undefined;
  idOf(message: Message): number;
}

async function follow<Message>(feed: Feed<Message>, options: FollowOptions<Message>): Promise<FollowResult> {
  let lastEventId = options.lastEventId;
  let reconnects = 0;
  let idle = 0;
  let delayMs = options.reconnectDelayMs;
  const maxReconnects = options.maxReconnects ?? 10;
  const signal = options.signal;
  const stopped = () => ({ ended: false, lastEventId, reconnects });

  for (;;) {
    if (signal?.aborted) return stopped();
    const parser = new SseParser();
    let progressed = false;
    try {
      const { error, response } = await feed.open(lastEventId, signal);
      // 204: the match had ended and this caller has every event already.
      if (response.status === 204) return { ended: true, lastEventId, reconnects };
      if (!response.ok || error !== undefined) {
        const problem = problemFrom(response.status, error);
        // Refusals are final; a rate limit or a server error is worth another try.
        if (problem.status !== 429 && problem.status < 500) throw new UmpireProblem(problem);
        throw new DroppedFeed(problem.detail);
      }
      if (!response.body) throw new DroppedFeed('the answer had no body');
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        for (const message of parser.push(decoder.decode(value, { stream: true }))) {
          if (message.event === 'end') {
            await reader.cancel().catch(() => undefined);
            return { ended: true, lastEventId, reconnects };
          }
          const event = feed.parse(message.data);
          if (event === undefined) continue;
          try {
            await options.onEvent(event);
          } catch (failure) {
            await reader.cancel().catch(() => undefined);
            throw new ListenerFailed(failure);
          }
          lastEventId = message.id !== undefined ? Number(message.id) : feed.idOf(event);
          progressed = true;
          // Stopped from inside onEvent: no event after that one, even from the chunk in hand.
          if (signal?.aborted) {
            await reader.cancel().catch(() => undefined);
            return stopped();
          }
        }
      }
    } catch (error) {
      if (signal?.aborted) return stopped();
      if (error instanceof UmpireProblem) throw error;
      // The caller's own onEvent failed: theirs to see, not a connection to resume.
      if (error instanceof ListenerFailed) throw error.cause;
      // Anything else is the connection going away: resume below.
    }
    idle = progressed ? 0 : idle + 1;
    if (idle > maxReconnects) {
      throw new Error(`${feed.name} dropped ${idle} times in a row without an event`);
    }
    delayMs = options.reconnectDelayMs ?? parser.retryMs ?? delayMs ?? DEFAULT_RECONNECT_MS;
    if (!(await pause(delayMs, signal))) return stopped();
    reconnects += 1;
  }
}

/** A connection that failed in a way worth retrying. */
class DroppedFeed extends Error {}

/** An error thrown by the caller's onEvent, carried out of the loop unchanged. */
class ListenerFailed extends Error {
  constructor(override readonly cause: unknown) {
    super('onEvent failed');
  }
}

/** One message's data as a message of the feed, or nothing when it is not one (checked, not assumed). */
function parsed<Message>(data: string, is: (value: unknown) => value is Message): Message | undefined {
  try {
    const value: unknown = JSON.parse(data);
    return is(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

function isMatchFeedEvent(value: unknown): value is MatchFeedEvent {
  if (typeof value !== 'object' || value === null) return false;
  const fields: Record<string, unknown> = { ...value };
  return (
    typeof fields.matchId === 'string' &&
    typeof fields.revision === 'number' &&
    typeof fields.type === 'string' &&
    typeof fields.data === 'object' &&
    fields.data !== null &&
    typeof fields.at === 'string' &&
    typeof fields.reverted === 'boolean' &&
    typeof fields.actor === 'object' &&
    fields.actor !== null
  );
}

function isTournamentFeedMessage(value: unknown): value is TournamentFeedMessage {
  if (typeof value !== 'object' || value === null) return false;
  const fields: Record<string, unknown> = { ...value };
  return (
    typeof fields.position === 'number' &&
    typeof fields.tournamentId === 'string' &&
    (fields.matchId === undefined || typeof fields.matchId === 'string') &&
    typeof fields.event === 'object' &&
    fields.event !== null &&
    typeof (fields.event as { type?: unknown }).type === 'string'
  );
}

/** Waits, unless stopped first: answers whether to go on. */
function pause(ms: number, signal: AbortSignal | undefined): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve(false);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', stop);
      resolve(true);
    }, ms);
    const stop = () => {
      clearTimeout(timer);
      resolve(false);
    };
    signal?.addEventListener('abort', stop, { once: true });
  });
}
