import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { KeyRegistry } from '../auth/key-registry.service.js';
import type { AppConfig } from '../config/app-config.js';
import { PROBLEM_CONTENT_TYPE, problem } from './problem-details.js';

/** Routes never limited: probes must not be refused, and a CORS preflight carries no key. */
const UNLIMITED_ROUTES = new Set(['/health', '/health/ready']);

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
 * Fair sharing (issue 12): a flood must cost the tables it does not belong to as little as possible,
 * so the refusal is made in Fastify's first hook, before the body is read or parsed and before any of
 * Nest's guards, pipes or filters run, and it is cheap: no exception is thrown, and the answer is
 * written straight from a string. It is written after a pause (UMPIRE_RATE_LIMIT_PAUSE_MS, 1 s, never past
 * the window's end): a client that loops on 429s, as floods do, then sends one request per connection
 * per pause instead of thousands a second that each cost the service a parse and an answer, while a
 * client that honours Retry-After loses nothing. Each window's first refusal of a key is logged; the
 * others are only counted (metrics), so that a flood does not flood the log either.
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

export function installRateLimit(
  app: NestFastifyApplication,
  config: Pick<AppConfig, 'rateLimit' | 'rateLimitWindowMs' | 'rateLimitPauseMs'>,
  onRefused: (tracker: string) => void = () => undefined,
): void {
  if (config.rateLimit === 0) return;
  const keys = app.get(KeyRegistry);
  const limiter = new RateLimiter(config.rateLimit, config.rateLimitWindowMs);
  const max = String(config.rateLimit);
  const fastify = app.getHttpAdapter().getInstance();
  fastify.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method === 'OPTIONS' || UNLIMITED_ROUTES.has(request.routeOptions.url ?? '')) return;
    const tracker = await trackerOf(request, keys);
    const window = limiter.take(tracker);
    const resetSeconds = Math.max(1, Math.ceil((window.resetsAt - Date.now()) / 1000));
    void reply.header('x-ratelimit-limit', max);
    void reply.header('x-ratelimit-remaining', String(Math.max(0, config.rateLimit - window.count)));
    void reply.header('x-ratelimit-reset', String(resetSeconds));
    if (window.allowed) return;
    onRefused(tracker);
    if (window.told) (request as FastifyRequest & { [RATE_LIMITED]?: boolean })[RATE_LIMITED] = true;
    window.told = true;
    const pause = Math.min(config.rateLimitPauseMs, window.resetsAt - Date.now());
    if (pause > 0) await new Promise((resolve) => setTimeout(resolve, pause));
    return reply
      .code(429)
      .header('retry-after', String(resetSeconds))
      .header('content-type', PROBLEM_CONTENT_TYPE)
      .send(
        JSON.stringify(
          problem(
            429,
            `rate limit reached: at most ${config.rateLimit} requests per ${config.rateLimitWindowMs} ms for one key (UMPIRE_RATE_LIMIT, UMPIRE_RATE_LIMIT_WINDOW_MS); retry in ${resetSeconds} s`,
          ),
        ),
      );
  });
}

async function trackerOf(request: FastifyRequest, keys: KeyRegistry): Promise<string> {
  const header = request.headers.authorization;
  const token = typeof header === 'string' && header.startsWith('Bearer ') ? header.slice(7).trim() : '';
  const principal = token ? await keys.verify(token) : undefined;
  return principal ? `key:${principal.keyId}` : `ip:${request.ip}`;
}
