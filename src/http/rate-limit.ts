import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { KeyRegistry } from '../auth/key-registry.service.js';
import type { AppConfig } from '../config/app-config.js';
import { EventLoopLag, FairScheduler, type Ticket } from './fair-queue.js';
import { PROBLEM_CONTENT_TYPE, problem } from './problem-details.js';

/** Routes never limited: probes must not be refused, and a CORS preflight carries no key. */
const UNLIMITED_ROUTES = new Set(['/health', '/health/ready']);

/** Routes that never wait in the fair queue: a scrape must see a busy service as it is. */
const UNQUEUED_ROUTES = new Set(['/metrics']);

/** Live feeds: long-lived, so only their opening takes a turn in the fair queue, not their duration. */
const isLiveFeed = (route: string): boolean => route.endsWith('/stream');

/** Marks a request refused by the rate limit, for the request log (see installRequestLogging). */
export const RATE_LIMITED = Symbol('umpire:rate-limited');

/** One key's (or address's) count in the current window. */
interface WindowCount {
  count: number;
  resetsAt: number;
  /** Whether this window's first refusal was logged: later ones are counted, not logged one by one. */
  told: boolean;
}

/**
 * Rate limits per API key, counted in fixed windows: a request with a valid key counts against that
 * key, so that a table of players behind one address is not throttled as one; anything else counts
 * against its IP. The key is verified, not just read from the token, so nobody can spend another key's
 * allowance by naming its id. UMPIRE_RATE_LIMIT=0 turns it off; /health and /health/ready are never
 * limited.
 *
 * Fair sharing: a flood must cost the tables it does not belong to as little as possible,
 * so the refusal is made in Fastify's first hook, before the body is read or parsed and before any of
 * Nest's guards, pipes or filters run, and it is cheap: no exception is thrown, and the answer is
 * written straight from a string. It is written after a pause (UMPIRE_RATE_LIMIT_PAUSE_MS, 1 s, never past
 * the window's end): a client that loops on 429s, as floods do, then sends one request per connection
 * per pause instead of thousands a second that each cost the service a parse and an answer, while a
 * client that honours Retry-After loses nothing. Each window's first refusal of a key is logged; the
 * others are only counted (metrics), so that a flood does not flood the log either. A flooding key's
 * token is verified once a second, not on every request (TrackerCache), and the 429 body is written
 * once per number of seconds it names.
 */
export class RateLimiter {
  private readonly windows = new Map<string, WindowCount>();
  private sweepAt = 0;

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one request; answers the window as it stands after it. */
  take(tracker: string): WindowCount & { allowed: boolean } {
    const now = this.now();
    if (now >= this.sweepAt) this.sweep(now);
    let window = this.windows.get(tracker);
    if (!window || now >= window.resetsAt) {
      window = { count: 0, resetsAt: now + this.windowMs, told: false };
      this.windows.set(tracker, window);
    }
    window.count += 1;
    return Object.assign(window, { allowed: window.count <= this.max });
  }

  /** Windows that have ended are forgotten, so that addresses seen once do not pile up. */
  private sweep(now: number): void {
    for (const [tracker, window] of this.windows) if (now >= window.resetsAt) this.windows.delete(tracker);
    this.sweepAt = now + this.windowMs;
  }
}

/**
 * Whom an Authorization header counts against, remembered for a moment: a flooding key sends the same
 * header thousands of times a second, and verifying it each time (two SHA-256 and a registry look-up)
 * was most of a refusal's cost. Only the tracker is remembered, for rate counting; every request that
 * gets past the limit still has its key verified by the guards. A key revoked meanwhile counts against
 * its own allowance for at most `ttlMs` more. Only tokens that name a key are remembered, and at most
 * `most` of them: when full, it is forgotten whole.
 */
export class TrackerCache {
  private readonly known = new Map<string, { tracker: string; until: number }>();

  constructor(
    private readonly ttlMs = 1000,
    private readonly most = 10_000,
  ) {}

  get(header: string, now: number): string | undefined {
    const found = this.known.get(header);
    return found !== undefined && now < found.until ? found.tracker : undefined;
  }

  set(header: string, tracker: string, now: number): void {
    if (this.known.size >= this.most) this.known.clear();
    this.known.set(header, { tracker, until: now + this.ttlMs });
  }
}

/**
 * The 429 answer's body, written once for each number of seconds it can name (at most the window's
 * length in seconds), instead of building and serialising a problem object for every refusal.
 */
function refusalBodies(
  config: Pick<AppConfig, 'rateLimit' | 'rateLimitWindowMs'>,
): (seconds: number) => string {
  const written = new Map<number, string>();
  return (seconds) => {
    let body = written.get(seconds);
    if (body === undefined) {
      body = JSON.stringify(
        problem(
          429,
          `rate limit reached: at most ${config.rateLimit} requests per ${config.rateLimitWindowMs} ms for one key (UMPIRE_RATE_LIMIT, UMPIRE_RATE_LIMIT_WINDOW_MS); retry in ${seconds} s`,
        ),
      );
      written.set(seconds, body);
    }
    return body;
  };
}

/** What the limit and the fair queue report, for the metrics. */
export interface AdmissionCounters {
  /** A request refused by the rate limit. */
  onRefused?: (tracker: string) => void;
  /** A request that waited its key's turn in the fair queue. */
  onWaited?: (tracker: string) => void;
  /** A request refused because its key's queue was full. */
  onQueueFull?: (tracker: string) => void;
}

type LimitConfig = Pick<
  AppConfig,
  | 'rateLimit'
  | 'rateLimitWindowMs'
  | 'rateLimitPauseMs'
  | 'fairQueueShare'
  | 'fairQueuePerKey'
  | 'fairQueueLagMs'
  | 'fairQueueBusyPercent'
  | 'fairQueueCostHalfLifeMs'
  | 'fairQueueMaxWaitMs'
>;

/**
 * The fair queue the service uses: none when UMPIRE_FAIR_QUEUE_SHARE is 0; otherwise saturation
 * is the event loop's delay (UMPIRE_FAIR_QUEUE_LAG_MS) while it is busy (UMPIRE_FAIR_QUEUE_BUSY_PERCENT),
 * measured until the app closes.
 */
function fairQueueFor(app: NestFastifyApplication, config: LimitConfig): FairScheduler | undefined {
  if (config.fairQueueShare === 0) return undefined;
  const lag = new EventLoopLag(config.fairQueueLagMs, config.fairQueueBusyPercent / 100);
  lag.start();
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onClose', (_instance, done) => {
      lag.stop();
      done();
    });
  return new FairScheduler(
    {
      share: config.fairQueueShare,
      perKey: config.fairQueuePerKey,
      costHalfLifeMs: config.fairQueueCostHalfLifeMs,
      maxWaitMs: config.fairQueueMaxWaitMs,
    },
    lag.saturated,
  );
}

/** The 429 answer when a key's queue is full: one body, written once. */
function queueFullBody(config: LimitConfig): string {
  return JSON.stringify(
    problem(
      429,
      `too many requests of this key waiting while the service is busy: at most ${config.fairQueuePerKey} wait for one key (UMPIRE_FAIR_QUEUE_PER_KEY); retry in 1 s`,
    ),
  );
}

/**
 * The rate limit, then the fair queue (fair-queue.ts), both in Fastify's first hook, before the body
 * is read. Only requests with a valid player's or spectator's key take a turn in the queue: an
 * unauthenticated request, the organiser's and judges' keys, a probe (/health) and a scrape (/metrics)
 * never wait behind keys. `scheduler` replaces the service's own (tests
 * drive saturation through it).
 */
export function installRateLimit(
  app: NestFastifyApplication,
  config: LimitConfig,
  counters: AdmissionCounters = {},
  scheduler: FairScheduler | undefined = fairQueueFor(app, config),
): void {
  if (config.rateLimit === 0 && !scheduler) return;
  const onRefused = counters.onRefused ?? (() => undefined);
  const keys = app.get(KeyRegistry);
  const limiter =
    config.rateLimit === 0 ? undefined : new RateLimiter(config.rateLimit, config.rateLimitWindowMs);
  const trackers = new TrackerCache();
  const bodyFor = refusalBodies(config);
  const fullBody = queueFullBody(config);
  const max = String(config.rateLimit);
  const fastify = app.getHttpAdapter().getInstance();
  /** When each key's last queue refusal was logged: later ones within a second are only counted. */
  const toldFull = new Map<string, number>();
  /**
   * The organiser's and judges' keys: they run the tournament and rule on the tables, and never wait in
   * the fair queue, which shares the service between the players' and spectators' keys: an operator
   * waiting behind the tables' load would see the turn log behind by up to the longest wait.
   */
  const operators = new Set<string>();

  /** Takes a turn in the fair queue for a keyed request: starts it now, later, or refuses it (queue full). */
  const admit = (tracker: string, request: FastifyRequest, reply: FastifyReply, done: () => void): void => {
    const route = request.routeOptions.url ?? '';
    if (!scheduler || !tracker.startsWith('key:') || UNQUEUED_ROUTES.has(route) || operators.has(tracker)) {
      return done();
    }
    const feed = isLiveFeed(route);
    let ticket: Ticket | undefined;
    let closed = false;
    // The response's 'close' is the request over: answered, or its caller gone (even while it waited).
    if (!feed) {
      reply.raw.once('close', () => {
        closed = true;
        ticket?.finish();
      });
    }
    const outcome = scheduler.request(tracker, (given) => {
      if (feed || closed) given.finish();
      else ticket = given;
      done();
    });
    if (outcome === 'waiting') counters.onWaited?.(tracker);
    if (outcome !== 'refused') return;
    counters.onQueueFull?.(tracker);
    const now = Date.now();
    if (now - (toldFull.get(tracker) ?? -Infinity) < 1000) {
      (request as FastifyRequest & { [RATE_LIMITED]?: boolean })[RATE_LIMITED] = true;
    } else {
      if (toldFull.size >= 10_000) toldFull.clear();
      toldFull.set(tracker, now);
    }
    const refuse = (): void => {
      void reply
        .code(429)
        .header('retry-after', '1')
        .header('content-type', PROBLEM_CONTENT_TYPE)
        .send(fullBody);
    };
    // Paused as the rate limit's refusals are, so that a flood looping on 429s slows down.
    const pause = Math.min(config.rateLimitPauseMs, 1000);
    if (pause > 0) setTimeout(refuse, pause);
    else refuse();
  };

  /** Counts the request against `tracker`: lets it through (done), or refuses it after the pause. */
  const limit = (tracker: string, request: FastifyRequest, reply: FastifyReply, done: () => void): void => {
    if (!limiter) return admit(tracker, request, reply, done);
    const window = limiter.take(tracker);
    const resetSeconds = Math.max(1, Math.ceil((window.resetsAt - Date.now()) / 1000));
    void reply.header('x-ratelimit-limit', max);
    void reply.header('x-ratelimit-remaining', String(Math.max(0, config.rateLimit - window.count)));
    void reply.header('x-ratelimit-reset', String(resetSeconds));
    if (window.allowed) return admit(tracker, request, reply, done);
    onRefused(tracker);
    if (window.told) (request as FastifyRequest & { [RATE_LIMITED]?: boolean })[RATE_LIMITED] = true;
    window.told = true;
    const refuse = (): void => {
      void reply
        .code(429)
        .header('retry-after', String(resetSeconds))
        .header('content-type', PROBLEM_CONTENT_TYPE)
        .send(bodyFor(resetSeconds));
    };
    const pause = Math.min(config.rateLimitPauseMs, window.resetsAt - Date.now());
    if (pause > 0) setTimeout(refuse, pause);
    else refuse();
  };

  // A callback hook, not an async one: a key already known is counted, and let through or refused,
  // without a promise or a turn of the microtask queue.
  fastify.addHook(
    'onRequest',
    (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => {
      if (request.method === 'OPTIONS' || UNLIMITED_ROUTES.has(request.routeOptions.url ?? '')) return done();
      const header = request.headers.authorization;
      const token = typeof header === 'string' && header.startsWith('Bearer ') ? header.slice(7).trim() : '';
      if (!token) return limit(`ip:${request.ip}`, request, reply, done);
      const now = Date.now();
      const known = trackers.get(token, now);
      if (known !== undefined) return limit(known, request, reply, done);
      keys.verify(token).then(
        (principal) => {
          const tracker = principal ? `key:${principal.keyId}` : `ip:${request.ip}`;
          // A token that names no key counts against its address, which differs between callers.
          if (principal) trackers.set(token, tracker, now);
          if (principal && (principal.role === 'organiser' || principal.role === 'judge')) {
            if (operators.size >= 10_000) operators.clear();
            operators.add(tracker);
          }
          limit(tracker, request, reply, done);
        },
        (error: unknown) => done(error instanceof Error ? error : new Error(String(error))),
      );
    },
  );
}
