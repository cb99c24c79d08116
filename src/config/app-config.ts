import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { loadOrCreateSecretFile } from './server-secret.js';

/** Everything the service reads from its environment, read once at start. */
export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  sqliteSynchronous: 'FULL' | 'NORMAL';
  /** Where SQLite group commits run: on the main thread (`inline`) or a worker thread (`thread`). */
  sqliteWriter: 'inline' | 'thread';
  /** Processes serving one port over one store (UMPIRE_INSTANCES); each match is served by one of them. */
  instances: number;
  /** When set, EventStoreDB is the store; otherwise the embedded SQLite file. */
  eventStoreConnectionString?: string;
  /**
   * A fixed organiser key (long and random: see organiserKeyProblem); without it one is generated on
   * first start into an owner-only file in the data folder, and only its hash is kept.
   */
  organiserKey?: string;
  /**
   * The secret server dice seeds (and sealed cards, webhook secrets) derive from: text from
   * UMPIRE_SERVER_SECRET, or the bytes of UMPIRE_SERVER_SECRET_FILE; without either, one is generated
   * into the data folder.
   */
  serverSecret?: string | Buffer;
  /**
   * The Ed25519 key that signs checkpoints, as PKCS8: PEM, or its DER in base64. Without it one is
   * generated into the data folder on first start.
   */
  signingKey?: string;
  /** Spectator reads and feeds run this many events behind live play (0: live). */
  spectatorDelayEvents: number;
  /** Requests per key (or per IP without a valid key) in each rate-limit window; 0 turns the limit off. */
  rateLimit: number;
  rateLimitWindowMs: number;
  /**
   * A refused request is answered after this long (never past its window's end), so that a client
   * looping on 429s slows to the pace of its connections instead of spinning the CPU; 0: at once.
   */
  rateLimitPauseMs: number;
  /**
   * Fair sharing between keys: while the service is saturated (its event loop late by
   * `fairQueueLagMs` or more), a key that has lately used more than this many times the mean use (event-loop time) of the
   * other active keys waits (one queue per key, least used first) until the others catch up. 0: off.
   */
  fairQueueShare: number;
  /** Requests of one key that may wait in the fair queue; past it, 429 with Retry-After. */
  fairQueuePerKey: number;
  /** The event-loop delay, in ms, from which the service counts as saturated. */
  fairQueueLagMs: number;
  /**
   * And the share of that time, in percent, its event loop must have been busy: a late timer on a
   * machine busy with other processes, while the service idles, is not saturation.
   */
  fairQueueBusyPercent: number;
  /** A key's measured use (event-loop time) counts half after this long, a quarter after twice this, and so on. */
  fairQueueCostHalfLifeMs: number;
  /** The longest one request waits in the fair queue, whatever its key's use: keys are paced, never stopped. */
  fairQueueMaxWaitMs: number;
  /** pino level of the JSON logs: fatal, error, warn, info, debug, trace or silent. */
  logLevel: string;
  /** Webhook deliveries: attempts per delivery, first retry delay (doubling), and per-attempt timeout. */
  webhookMaxAttempts: number;
  webhookBackoffMs: number;
  webhookTimeoutMs: number;
  /** Whether this instance sends webhooks (with several instances on one store, let one of them). */
  webhookDispatch: boolean;
  /**
   * Whether this instance keeps the read models up to date. Off: it answers their routes from
   * projections.db as another process on the same data folder keeps it (with several instances, the first).
   */
  projectReadModels: boolean;
  /**
   * Whether this instance follows the store for ended referee matches and records their results in
   * their tournaments. Off: another instance does (with several instances, the first), and whatever
   * no instance recorded is caught up when the tournament is read.
   */
  refereeResults: boolean;
  /**
   * Networks (CIDR) webhooks may reach although they are not public: loopback, private, link-local,
   * unspecified, reserved and the service's own addresses are refused otherwise, at registration and
   * again at each delivery, after name resolution. For a private deployment whose receivers sit on its
   * own network, e.g. `10.0.0.0/8`. Empty (the default): public addresses only.
   */
  webhookAllowedNetworks: string[];
  /** Active webhooks one tournament may have, and one organiser key may register (past either: 409). */
  webhooksPerTournament: number;
  webhooksPerOrganiser: number;
  /** Deliveries in flight at once, over all receivers; each receiver (scheme, host and port) gets one at a time. */
  webhookConcurrency: number;
  /** Server-Sent Events: a comment line this often keeps idle connections open through proxies. */
  sseHeartbeatMs: number;
  /** Matches kept folded in memory: at most this many, and about this many bytes (least recently used go). */
  matchCacheMatches: number;
  matchCacheBytes: number;
  /** A match's fold is saved every this many events; a cold load is the latest snapshot plus its tail. */
  snapshotEveryEvents: number;
  /** Per match: units registered, and events in all (a hard cap far above any real match). */
  maxUnitsPerMatch: number;
  maxEventsPerMatch: number;
  /** Live feeds one key may hold open at once (past it: 429). */
  sseStreamsPerKey: number;
  /** Request bodies: the largest accepted (413), and limits checked before any validation (400). */
  bodyLimitBytes: number;
  maxArrayLength: number;
  maxNestingDepth: number;
  /**
   * Browser origins allowed to call the service (CORS), e.g. `https://club.example`; `*` allows any.
   * Empty (the default): no CORS headers at all, so browsers on other origins cannot read answers.
   */
  corsOrigins: string[];
  /** How long a stream ticket may wait to be used, from its issue (POST /stream-tickets). */
  streamTicketTtlMs: number;
  /** GET /metrics without a key (a scraper on a private network); otherwise it takes an organiser key. */
  metricsPublic: boolean;
}

export const APP_CONFIG = Symbol('APP_CONFIG');

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number, got ${env.PORT}`);
  const synchronous = (env.UMPIRE_SQLITE_SYNCHRONOUS ?? 'FULL').toUpperCase();
  if (synchronous !== 'FULL' && synchronous !== 'NORMAL') {
    throw new Error(`UMPIRE_SQLITE_SYNCHRONOUS must be FULL or NORMAL, got ${synchronous}`);
  }
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: resolve(env.UMPIRE_DATA_DIR ?? './data'),
    sqliteSynchronous: synchronous,
    sqliteWriter: oneOf(env, 'UMPIRE_SQLITE_WRITER', ['inline', 'thread'] as const, 'inline'),
    instances: count(env, 'UMPIRE_INSTANCES', 1, 1),
    eventStoreConnectionString: env.EVENTSTORE_CONNECTION_STRING || undefined,
    organiserKey: organiserKey(env.UMPIRE_ORGANISER_KEY),
    serverSecret: serverSecret(env),
    signingKey: env.UMPIRE_SIGNING_KEY || undefined,
    spectatorDelayEvents: count(env, 'UMPIRE_SPECTATOR_DELAY_EVENTS', 0),
    rateLimit: count(env, 'UMPIRE_RATE_LIMIT', 1200),
    rateLimitWindowMs: count(env, 'UMPIRE_RATE_LIMIT_WINDOW_MS', 60_000, 1),
    rateLimitPauseMs: count(env, 'UMPIRE_RATE_LIMIT_PAUSE_MS', 1000),
    fairQueueShare: count(env, 'UMPIRE_FAIR_QUEUE_SHARE', 2),
    fairQueuePerKey: count(env, 'UMPIRE_FAIR_QUEUE_PER_KEY', 16, 1),
    fairQueueLagMs: count(env, 'UMPIRE_FAIR_QUEUE_LAG_MS', 20, 1),
    fairQueueBusyPercent: percent(env, 'UMPIRE_FAIR_QUEUE_BUSY_PERCENT', 80),
    fairQueueCostHalfLifeMs: count(env, 'UMPIRE_FAIR_QUEUE_COST_HALF_LIFE_MS', 2000, 10),
    fairQueueMaxWaitMs: count(env, 'UMPIRE_FAIR_QUEUE_MAX_WAIT_MS', 1000, 1),
    logLevel: logLevel(env.UMPIRE_LOG_LEVEL),
    webhookMaxAttempts: count(env, 'UMPIRE_WEBHOOK_MAX_ATTEMPTS', 8, 1),
    webhookBackoffMs: count(env, 'UMPIRE_WEBHOOK_BACKOFF_MS', 1000, 1),
    webhookTimeoutMs: count(env, 'UMPIRE_WEBHOOK_TIMEOUT_MS', 5000, 1),
    webhookDispatch: onOff(env, 'UMPIRE_WEBHOOK_DISPATCH', true),
    projectReadModels: onOff(env, 'UMPIRE_PROJECT_READ_MODELS', true),
    refereeResults: onOff(env, 'UMPIRE_REFEREE_RESULTS', true),
    webhookAllowedNetworks: networks(env, 'UMPIRE_WEBHOOK_ALLOWED_NETWORKS'),
    webhooksPerTournament: count(env, 'UMPIRE_WEBHOOKS_PER_TOURNAMENT', 10, 1),
    webhooksPerOrganiser: count(env, 'UMPIRE_WEBHOOKS_PER_ORGANISER', 50, 1),
    webhookConcurrency: count(env, 'UMPIRE_WEBHOOK_CONCURRENCY', 8, 1),
    sseHeartbeatMs: count(env, 'UMPIRE_SSE_HEARTBEAT_MS', 15_000, 1),
    matchCacheMatches: count(env, 'UMPIRE_MATCH_CACHE_MATCHES', 1000, 1),
    matchCacheBytes: count(env, 'UMPIRE_MATCH_CACHE_MB', 512, 1) * 1024 * 1024,
    snapshotEveryEvents: count(env, 'UMPIRE_SNAPSHOT_EVERY_EVENTS', 1000, 10),
    maxUnitsPerMatch: count(env, 'UMPIRE_MAX_UNITS_PER_MATCH', 200, 2),
    maxEventsPerMatch: count(env, 'UMPIRE_MAX_EVENTS_PER_MATCH', 100_000, 100),
    sseStreamsPerKey: count(env, 'UMPIRE_SSE_STREAMS_PER_KEY', 10, 1),
    bodyLimitBytes: count(env, 'UMPIRE_BODY_LIMIT_BYTES', 1_048_576, 1024),
    maxArrayLength: count(env, 'UMPIRE_MAX_ARRAY_LENGTH', 1000, 1),
    maxNestingDepth: count(env, 'UMPIRE_MAX_NESTING_DEPTH', 32, 2),
    corsOrigins: corsOrigins(env.UMPIRE_CORS_ORIGINS),
    streamTicketTtlMs: count(env, 'UMPIRE_STREAM_TICKET_TTL_MS', 60_000, 1000),
    metricsPublic: onOff(env, 'UMPIRE_METRICS_PUBLIC', false),
  };
}

/**
 * UMPIRE_CORS_ORIGINS: comma-separated origins (scheme, host and port, as a browser sends them), or
 * `*`. A path or a trailing slash would never equal a browser's Origin header: refused at start.
 */
function corsOrigins(raw: string | undefined): string[] {
  const origins = (raw ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter((origin) => origin !== '');
  for (const origin of origins) {
    if (origin === '*') continue;
    let url: URL | undefined;
    try {
      url = new URL(origin);
    } catch {
      url = undefined;
    }
    if (!url || !['http:', 'https:'].includes(url.protocol) || url.origin !== origin) {
      throw new Error(
        `UMPIRE_CORS_ORIGINS must list origins like https://club.example or http://localhost:5173 (no path, no trailing slash), got ${origin}`,
      );
    }
  }
  return origins;
}

/**
 * A comma-separated list of networks, each an address with an optional prefix length
 * (`10.0.0.0/8`, `fd00::/8`, `192.168.1.20`): a typo would silently allow nothing, or too much, so it
 * fails the start.
 */
function networks(env: NodeJS.ProcessEnv, name: string): string[] {
  const entries = (env[name] ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  for (const entry of entries) {
    if (!isNetwork(entry))
      throw new Error(`${name} must list networks like 10.0.0.0/8 or fd00::/8, got ${entry}`);
  }
  return entries;
}

/** An address, or an address and a prefix length that fits its family. */
function isNetwork(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}

function organiserKey(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  const problem = organiserKeyProblem(raw);
  if (problem) throw new Error(`UMPIRE_ORGANISER_KEY ${problem}`);
  return raw;
}

/**
 * Why a chosen organiser key is too weak to stand for the organiser, or undefined when it will do:
 * at least 32 characters, at least 12 different ones, and at least 128 bits by the Shannon entropy of
 * its own characters (so a repeated word or a run of one character is refused). `openssl rand -hex 32`
 * or `openssl rand -base64 32` give keys that pass.
 */
export function organiserKeyProblem(key: string): string | undefined {
  if (key.length < 32) return `must be at least 32 characters long (got ${key.length})`;
  if (/\s/.test(key)) return 'must not contain spaces';
  const counts = new Map<string, number>();
  for (const c of key) counts.set(c, (counts.get(c) ?? 0) + 1);
  if (counts.size < 12) return `must use at least 12 different characters (got ${counts.size}): generate it`;
  let bits = 0;
  for (const n of counts.values()) bits -= n * Math.log2(n / key.length);
  if (bits < 128) return `is not random enough (about ${Math.floor(bits)} bits, 128 needed): generate it`;
  return undefined;
}

/** UMPIRE_SERVER_SECRET as text, or the file UMPIRE_SERVER_SECRET_FILE names (created if missing); not both. */
function serverSecret(env: NodeJS.ProcessEnv): string | Buffer | undefined {
  const text = env.UMPIRE_SERVER_SECRET || undefined;
  const file = env.UMPIRE_SERVER_SECRET_FILE || undefined;
  if (text && file) throw new Error('set UMPIRE_SERVER_SECRET or UMPIRE_SERVER_SECRET_FILE, not both');
  return file ? loadOrCreateSecretFile(resolve(file)) : text;
}

/** A whole number from the environment, at least `min`; a typo fails the start instead of being ignored. */
function count(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 0): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min)
    throw new Error(`${name} must be a whole number of at least ${min}, got ${raw}`);
  return value;
}

function percent(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const value = count(env, name, fallback);
  if (value > 100) throw new Error(`${name} must be a whole number from 0 to 100, got ${env[name]}`);
  return value;
}

function oneOf<T extends string>(env: NodeJS.ProcessEnv, name: string, values: readonly T[], fallback: T): T {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!(values as readonly string[]).includes(raw))
    throw new Error(`${name} must be one of ${values.join(', ')}, got ${raw}`);
  return raw as T;
}

function onOff(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = (env[name] ?? '').toLowerCase();
  if (raw === '') return fallback;
  if (['on', 'true', '1'].includes(raw)) return true;
  if (['off', 'false', '0'].includes(raw)) return false;
  throw new Error(`${name} must be on or off, got ${env[name]}`);
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

function logLevel(raw: string | undefined): string {
  const level = (raw || 'info').toLowerCase();
  if (!LOG_LEVELS.includes(level))
    throw new Error(`UMPIRE_LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got ${raw}`);
  return level;
}

export function sqliteFile(config: AppConfig): string {
  return join(config.dataDir, 'umpire.db');
}

/** Snapshots of match folds: a cache, so deleting the file is safe. */
export function snapshotsFile(config: AppConfig): string {
  return join(config.dataDir, 'snapshots.db');
}

/** The read models (turn log, roster, results, standings): rebuildable, so deleting the file is safe. */
export function projectionsFile(config: AppConfig): string {
  return join(config.dataDir, 'projections.db');
}

/** Where a generated organiser key is written on first start (owner-only, never to the log). */
export function organiserKeyFile(config: AppConfig): string {
  return join(config.dataDir, 'organiser-key');
}

/** Webhook delivery state (queue, attempts, checkpoint): not rebuildable from events. */
export function webhooksFile(config: AppConfig): string {
  return join(config.dataDir, 'webhooks.db');
}
