import { type Api, ApiError } from './api';
import type { EventsPage } from './match-view';
import { readMessages } from './sse-messages';

export type LiveMode = 'connecting' | 'stream' | 'polling' | 'ended' | 'stopped';

export interface LiveHandlers {
  /** Something new was appended, up to this revision: the page reads the match again. */
  onRevision(revision: number): void;
  onMode(mode: LiveMode): void;
  /** A read failed (the message says why), or undefined: reading works again. */
  onError(message: string | undefined): void;
}

const POLL_MS = 2000;
const RECONNECT_MS = 2000;

/**
 * Follows a match live. Preferred: a stream ticket (POST /stream-tickets) and the match's SSE feed
 * opened with it, since a browser cannot put a key in an EventSource's headers. Where the service has
 * no tickets (404), it polls GET /matches/:id/events after the last revision every 2 s instead.
 *
 * The feed is read with fetch rather than EventSource: its messages are named by event type, and an
 * EventSource only hands out the names it was told in advance, which a page for any ruleset cannot
 * know; a fetch also lets a reconnect take a fresh ticket (a ticket is good for one connection).
 * Returns a function that stops following.
 */
export function followMatch(api: Api, matchId: string, from: number, on: LiveHandlers): () => void {
  const stop = new AbortController();
  let last = from;
  const seen = (revision: number) => {
    if (revision > last) {
      last = revision;
      on.onRevision(revision);
    }
  };
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      stop.signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
    });

  async function poll(): Promise<void> {
    on.onMode('polling');
    while (!stop.signal.aborted) {
      try {
        const page = await api.get<EventsPage>(
          `/matches/${encodeURIComponent(matchId)}/events?from=${last + 1}&limit=100`,
        );
        const newest = page.events.reduce((top, event) => Math.max(top, event.revision), last);
        on.onError(undefined);
        seen(newest);
      } catch (error) {
        on.onError(messageOf(error));
      }
      await sleep(POLL_MS);
    }
  }

  async function stream(): Promise<void> {
    while (!stop.signal.aborted) {
      let ticket: { ticket: string; url?: string };
      try {
        ticket = await api.post('/stream-tickets', { matchId });
      } catch (error) {
        // No tickets on this service (or not for this key): polling works everywhere.
        if (error instanceof ApiError && (error.status === 404 || error.status === 405)) return poll();
        on.onError(messageOf(error));
        return poll();
      }
      const url =
        ticket.url ??
        `/matches/${encodeURIComponent(matchId)}/stream?ticket=${encodeURIComponent(ticket.ticket)}`;
      try {
        const response = await api.stream(url, last, stop.signal);
        on.onMode('stream');
        on.onError(undefined);
        if ((await readMessages(response, seen)) === 'end') {
          on.onMode('ended');
          return;
        }
      } catch (error) {
        if (stop.signal.aborted) return;
        on.onError(messageOf(error));
      }
      on.onMode('connecting');
      await sleep(RECONNECT_MS);
    }
  }

  on.onMode('connecting');
  void stream();
  return () => {
    stop.abort();
    on.onMode('stopped');
  };
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export interface TournamentLiveHandlers {
  /** Something of the tournament (or of one of its matches) was appended: the page reads it again. */
  onChange(): void;
  onMode(mode: LiveMode): void;
}

const TOURNAMENT_POLL_MS = 5000;

/**
 * Follows a tournament live: a stream ticket for its feed (POST /stream-tickets with tournamentId),
 * then the feed from now on, resumed after the last message seen when it drops, with a fresh ticket (a ticket opens
 * one connection). A key that may not open the feed, or a service without tickets, polls instead.
 * Returns a function that stops following.
 */
export function followTournament(api: Api, tournamentId: string, on: TournamentLiveHandlers): () => void {
  const stop = new AbortController();
  let last = 0;
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      stop.signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
    });

  async function poll(): Promise<void> {
    on.onMode('polling');
    while (!stop.signal.aborted) {
      await sleep(TOURNAMENT_POLL_MS);
      if (!stop.signal.aborted) on.onChange();
    }
  }

  async function stream(): Promise<void> {
    while (!stop.signal.aborted) {
      let ticket: { ticket: string; url?: string };
      try {
        ticket = await api.post('/stream-tickets', { tournamentId });
      } catch (error) {
        if (error instanceof ApiError && [403, 404, 405].includes(error.status)) return poll();
        on.onMode('connecting');
        await sleep(RECONNECT_MS);
        continue;
      }
      const opened =
        ticket.url ??
        `/tournaments/${encodeURIComponent(tournamentId)}/stream?ticket=${encodeURIComponent(ticket.ticket)}`;
      // The page reads the tournament from its routes: the feed only says when to read again, so it
      // starts now, not with the whole day so far (a resume goes on after the last message seen).
      const url = last === 0 ? `${opened}${opened.includes('?') ? '&' : '?'}from=now` : opened;
      try {
        const response = await api.stream(url, last, stop.signal);
        on.onMode('stream');
        // Whatever happened while the feed was down is read again once it is back.
        on.onChange();
        await readMessages(response, (position) => {
          if (position > last) last = position;
          on.onChange();
        });
      } catch {
        if (stop.signal.aborted) return;
      }
      on.onMode('connecting');
      await sleep(RECONNECT_MS);
    }
  }

  on.onMode('connecting');
  void stream();
  return () => {
    stop.abort();
    on.onMode('stopped');
  };
}
