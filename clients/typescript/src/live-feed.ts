import type { Client } from 'openapi-fetch';
import { problemFrom, UmpireProblem } from './problem.js';
import type { paths } from './schema.js';
import { SseParser } from './sse.js';

/** One event of a match as its live feed shows it to this key (a sealed card stays hidden, AA-2). */
export type MatchFeedEvent = MatchEventsPage['events'][number] & { matchId: string };

/** A page of GET /matches/{id}/events: the feed sends the same events, one message each, with the match's id. */
type MatchEventsPage = paths['/matches/{id}/events']['get']['responses'][200]['content']['application/json'];

export interface FollowMatchOptions {
  /** Resume after this revision (the last one this caller has): every later event, once. */
  lastEventId?: number;
  /** Called with each event in order; the follower waits for it before reading on. */
  onEvent(event: MatchFeedEvent): void | Promise<void>;
  /** Stops following (the promise then resolves with `ended: false`). */
  signal?: AbortSignal;
  /** Wait before reconnecting after a dropped connection; the stream's own `retry:` by default. */
  reconnectDelayMs?: number;
  /** Give up after this many reconnections in a row that brought no event; 10 by default. */
  maxReconnects?: number;
}

export interface FollowResult {
  /** True once the feed said `event: end` (the match ended), or answered 204 (it had already). */
  ended: boolean;
  /** The last revision received: pass it as `lastEventId` to resume later. */
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
export async function followMatch(
  client: Client<paths>,
  matchId: string,
  options: FollowMatchOptions,
): Promise<FollowResult> {
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
      const { error, response } = await client.GET('/matches/{id}/stream', {
        params: {
          path: { id: matchId },
          header: lastEventId === undefined ? {} : { 'Last-Event-ID': String(lastEventId) },
        },
        parseAs: 'stream',
        signal,
      });
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
          const event = feedEvent(message.data);
          if (!event) continue;
          try {
            await options.onEvent(event);
          } catch (failure) {
            await reader.cancel().catch(() => undefined);
            throw new ListenerFailed(failure);
          }
          lastEventId = message.id !== undefined ? Number(message.id) : event.revision;
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
      throw new Error(`the live feed of ${matchId} dropped ${idle} times in a row without an event`);
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

/** One message's data as an event of the match, or nothing when it is not one (checked, not assumed). */
function feedEvent(data: string): MatchFeedEvent | undefined {
  try {
    const value: unknown = JSON.parse(data);
    return isMatchFeedEvent(value) ? value : undefined;
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
