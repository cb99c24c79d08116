import createClient, { type Client } from 'openapi-fetch';
import {
  followMatch,
  type FollowMatchOptions,
  type FollowResult,
  followTournament,
  type FollowTournamentOptions,
} from './live-feed.js';
import {
  type AwaitedStep,
  type CommandAnswer,
  type CommandTemplate,
  type Connection,
  playAwaited,
  type StepBody,
} from './play.js';
import { ok } from './problem.js';
import type { paths } from './schema.js';

export { newCommandId } from './command-id.js';
export type {
  FollowMatchOptions,
  FollowOptions,
  FollowResult,
  FollowTournamentOptions,
  MatchFeedEvent,
  TournamentFeedMessage,
} from './live-feed.js';
export {
  type AwaitedPlay,
  type AwaitedStep,
  type CommandAnswer,
  type CommandTemplate,
  type Connection,
  fillTemplate,
  type MatchContract,
  nextStep,
  playAwaited,
  playUntilSettled,
  type StepBody,
  type TemplateChoice,
  type TemplateFilling,
} from './play.js';
export { isProblem, ok, type Problem, problemFrom, UmpireProblem } from './problem.js';
export type { components, operations, paths } from './schema.js';
export { type SseMessage, SseParser } from './sse.js';

export interface UmpireClientOptions {
  /** The service's root, e.g. `https://umpire.example.org` (a path prefix is kept). */
  baseUrl: string;
  /** An API key (`umpire_<keyId>_<secret>`), sent as `Authorization: Bearer <key>`. */
  key: string;
  /** A fetch to send through (a test double, a proxy's agent); the global fetch by default. */
  fetch?: typeof globalThis.fetch;
}

/** A stream ticket for a browser's EventSource, with its feed's absolute URL (`?ticket=`). */
export type StreamTicket = paths['/stream-tickets']['post']['responses'][201]['content']['application/json'];

/**
 * The typed calls of openapi-fetch (`GET`, `POST`, … on the service's documented paths, bodies and
 * answers typed from its OpenAPI document) plus the helpers every integration writes by hand.
 */
export interface UmpireClient extends Client<paths>, Connection {
  /** Follows a match's live feed, resuming after a dropped connection; see `followMatch`. */
  followMatch(matchId: string, options: FollowMatchOptions): Promise<FollowResult>;
  /** Follows a tournament's live feed (its own events and its matches'); see `followTournament`. */
  followTournament(tournamentId: string, options: FollowTournamentOptions): Promise<FollowResult>;
  /** Posts an awaited step's body to the route it names, with a fresh commandId. */
  playAwaited(
    step: Pick<AwaitedStep | CommandTemplate, 'route'>,
    body: StepBody | Record<string, unknown>,
    options?: { signal?: AbortSignal },
  ): Promise<CommandAnswer>;
  /** A ticket to open one live feed with EventSource (browsers), its `url` absolute. */
  streamTicket(feed: { matchId: string } | { tournamentId: string }): Promise<StreamTicket>;
}

export function createUmpireClient(options: UmpireClientOptions): UmpireClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  // Looked up at call time, so that a fetch installed (or mocked) later is the one used.
  const send: typeof globalThis.fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const api = createClient<paths>({
    baseUrl,
    fetch: (request) => send(request),
    headers: { Authorization: `Bearer ${options.key}` },
  });
  const connection: Connection = { baseUrl, key: options.key, fetch: send };
  return {
    ...api,
    ...connection,
    followMatch: (matchId, follow) => followMatch(api, matchId, follow),
    followTournament: (tournamentId, follow) => followTournament(api, tournamentId, follow),
    playAwaited: (step, body, play) => playAwaited(connection, step, body, play),
    async streamTicket(feed) {
      const ticket = ok(await api.POST('/stream-tickets', { body: feed }));
      return { ...ticket, url: new URL(ticket.url, `${baseUrl}/`).href };
    },
  };
}
