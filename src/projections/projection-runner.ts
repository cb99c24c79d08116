import {
  ConflictException,
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
  Optional,
} from '@nestjs/common';
import { AppendSignal } from '../event-store/append-signal.js';
import { EVENT_STORE, type EventStore, type Subscription } from '../event-store/event-store.port.js';
import { PageTransactions } from './page-transaction.js';
import { PROJECTIONS, type Projection } from './projection.js';
import { ProjectionDatabase } from './projection-database.js';
import { type FollowerSettings, ProjectionFollower } from './projection-follower.js';
import { ProjectionObserver } from './projection-observer.js';
import { ReadModelNotReadyError } from './read-model-not-ready.error.js';
import type { ProjectionStatus, ReadModelFailure, ReadModelState } from './read-model-status.js';
import { SharedPages } from './shared-pages.js';
import { lastPosition } from '../event-store/store-head.js';

export type { ProjectionStatus } from './read-model-status.js';

/** Nest token: whether this process keeps the read models (true) or reads another's (false). */
export const PROJECT_READ_MODELS = Symbol('PROJECT_READ_MODELS');

/** Events per page: one transaction per page per read model, a turn of the event loop between pages. */
const PAGE_SIZE = 500;
/** How long a read waits for a live read model to take in the last writes before it answers 503. */
const SETTLE_TIMEOUT_MS = 5000;
const SETTLE_POLL_MS = 25;
/** How long tests, the bench and a rebuild wait for a read model to read the whole store. */
const CATCH_UP_TIMEOUT_MS = 120_000;
/** How long a stop lets live read models take in the last appends. */
const STOP_DRAIN_MS = 1000;
/** Until a catch-up has been timed, what Retry-After assumes (events per second). */
const ASSUMED_EVENTS_PER_SECOND = 20_000;
const FOLLOWER_SETTINGS: FollowerSettings = { pollMs: 250, gatherMs: 10, retryMs: 100, maxRetryMs: 30_000 };

/**
 * Keeps every read model up to date, each from its own checkpoint, a page at a time (see
 * ProjectionFollower and PageTransactions): the service answers from its first second however long
 * the backlog, and the read models catch up between requests.
 *
 * What a read asks of it:
 * - settle(): read-your-writes for a route. A read model that is catching up (or stopped at an event)
 *   answers 503 at once with its lag and Retry-After; a live one is waited for, briefly.
 * - require(): the same, up to one event (a match's history needs only that match's events).
 * - waitFor(): the same as a yes/no, never throwing, for a command that has been recorded already and
 *   must be accepted whether or not the read models are current.
 *
 * With several instances on one data folder only one keeps the read models (`project`); the others
 * (UMPIRE_PROJECT_READ_MODELS=off) follow its checkpoints and recorded states in projections.db
 * (ProjectionObserver), so the same waits give the same read-your-writes there, and a rebuild is
 * refused with a pointer to the instance that can do it.
 */
@Injectable()
export class ProjectionRunner implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('projections');
  private readonly projections = new Map<string, Projection>();
  private readonly followers = new Map<string, ProjectionFollower | ProjectionObserver>();
  private readonly pages: SharedPages;
  private readonly transactions: PageTransactions;
  /**
   * Rung at every append the store tells of, and by every read that wants the latest events: the
   * followers then read at once instead of at the next poll.
   */
  private readonly doorbell = new AppendSignal();
  private bell?: Subscription;
  /** The store's last position, as far as anything here has seen. */
  private head = 0;
  private headMeasured = false;
  private measuring?: Promise<number>;
  private started = false;
  /** When the observed checkpoints were last read (not projecting). */
  private observedAt = Number.NEGATIVE_INFINITY;

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly database: ProjectionDatabase,
    @Inject(PROJECTIONS) projections: Projection[],
    @Optional() @Inject(PROJECT_READ_MODELS) readonly project: boolean = true,
  ) {
    for (const projection of projections) this.projections.set(projection.name, projection);
    this.pages = new SharedPages(store, PAGE_SIZE);
    this.transactions = new PageTransactions(database);
  }

  onApplicationBootstrap(): void {
    this.start();
  }

  async onModuleDestroy(): Promise<void> {
    await this.stop();
  }

  /** Sets the read models up and starts them; returns at once (they catch up in the background). */
  start(): void {
    if (this.started) return;
    this.started = true;
    if (!this.project) {
      for (const projection of this.projections.values()) {
        this.followers.set(projection.name, new ProjectionObserver(projection, () => this.observe(true)));
      }
      this.observe(true);
      void this.measureHead();
      return;
    }
    const { db } = this.database;
    for (const projection of this.projections.values()) {
      projection.setUp(db);
      const stored = this.database.checkpoint(projection.name);
      let from = stored?.position ?? 0;
      if (!stored || stored.version !== projection.version) {
        // A new read model, or one whose code changed: build it from the first event.
        db.transaction(() => {
          projection.reset(db);
          this.database.saveCheckpoint(projection.name, projection.version, 0);
        })();
        from = 0;
      }
      this.follow(projection, from);
    }
    // The bell: a store subscription from the head (not through the backlog the followers read), whose
    // only work is to ring when something is appended.
    void this.measureHead().then((head) => {
      if (!this.started || this.bell) return;
      this.bell = this.store.subscribe({ fromPosition: head }, () => this.doorbell.notify());
    });
  }

  async stop(): Promise<void> {
    if (!this.started) return;
    // A live read model first takes in what is already in the store (a moment at most), so that a
    // stop (a shutdown) leaves it current; one still catching up stops after the page in hand.
    const live = [...this.followers.values()].filter((f) => f.state === 'live').map((f) => f.projection.name);
    if (this.project) await this.caughtUp(live, STOP_DRAIN_MS);
    this.started = false;
    const bell = this.bell;
    this.bell = undefined;
    await Promise.all([bell?.close(), ...[...this.followers.values()].map((f) => f.stop())]);
    if (this.project) for (const f of this.followers.values()) this.recordState(f);
  }

  names(): string[] {
    return [...this.projections.keys()];
  }

  projection<P extends Projection>(name: string): P {
    const projection = this.projections.get(name);
    if (!projection) throw new Error(`no projection named ${name}`);
    return projection as P;
  }

  status(names: readonly string[] = this.names()): ProjectionStatus[] {
    this.observe();
    return names.map((name) => {
      const f = this.follower(name);
      return {
        name,
        version: f.projection.version,
        state: f.state,
        position: f.position,
        lag: this.headMeasured ? Math.max(0, this.head - f.position) : null,
        errors: f.errors,
        failure: f.failure ? { ...f.failure } : null,
      };
    });
  }

  /** The status with the lag measured now (one-event reads of the store, see lastPosition). */
  async measuredStatus(): Promise<ProjectionStatus[]> {
    await this.measureHead();
    return this.status();
  }

  /** Every read model has read the store to its head once and follows it. */
  ready(): boolean {
    this.observe();
    return this.started && [...this.followers.values()].every((f) => f.state === 'live');
  }

  /**
   * Read-your-writes for a route: waits until the named read models hold every event in the store
   * now. Throws ReadModelNotReadyError (503) when one is catching up or stopped, or does not get there
   * within the bound: its answer would not be current.
   */
  async settle(names: readonly string[] = this.names(), timeoutMs = SETTLE_TIMEOUT_MS): Promise<true> {
    this.assertLive(names);
    this.doorbell.notify();
    const deadline = Date.now() + timeoutMs;
    for (const name of names) {
      const f = this.follower(name);
      while ((await this.store.readAll({ fromPosition: f.position, maxCount: 1 })).length > 0) {
        if (f.state !== 'live' || Date.now() >= deadline) throw this.notReady(names);
        await f.progress(Math.min(SETTLE_POLL_MS, deadline - Date.now()));
      }
    }
    return true;
  }

  /** Like settle, up to the event at `position` only. */
  async require(name: string, position: number, timeoutMs = SETTLE_TIMEOUT_MS): Promise<void> {
    if (!(await this.waitFor(name, position, timeoutMs))) throw this.notReady([name]);
  }

  /**
   * Whether the read model has read the event at `position`, waiting (within the bound) only when it
   * is live: one that is catching up or stopped will not get there soon, and the caller (a command
   * already recorded, a webhook that will try again) must not be held up.
   */
  async waitFor(name: string, position: number, timeoutMs = SETTLE_TIMEOUT_MS): Promise<boolean> {
    this.observe();
    const f = this.follower(name);
    if (f.position >= position) return true;
    this.doorbell.notify();
    const deadline = Date.now() + timeoutMs;
    while (f.position < position) {
      if (f.state !== 'live' || Date.now() >= deadline) return false;
      await f.progress(Math.min(SETTLE_POLL_MS, deadline - Date.now()));
    }
    return true;
  }

  /**
   * Waits, however they stand, until the named read models hold every event in the store now; false
   * when one stops at an event or the bound passes. For a rebuild, the tests and the bench.
   */
  async caughtUp(names: readonly string[] = this.names(), timeoutMs = CATCH_UP_TIMEOUT_MS): Promise<boolean> {
    this.observe(true);
    this.doorbell.notify();
    const deadline = Date.now() + timeoutMs;
    for (const name of names) {
      const f = this.follower(name);
      while ((await this.store.readAll({ fromPosition: f.position, maxCount: 1 })).length > 0) {
        if (f.state === 'failed' || f.state === 'stopped' || Date.now() >= deadline) return false;
        await f.progress(Math.min(SETTLE_POLL_MS * 4, deadline - Date.now()));
      }
    }
    return true;
  }

  /** Drops a read model's rows and checkpoint and builds it again from the first event. */
  async rebuild(name: string): Promise<ProjectionStatus> {
    if (!this.project) {
      throw new ConflictException(
        `read model ${name} is kept by another instance on this data folder (this one runs with UMPIRE_PROJECT_READ_MODELS=off); with UMPIRE_INSTANCES, send the rebuild on a new connection: /projections routes go to the first instance, which keeps them`,
      );
    }
    const f = this.follower(name);
    await f.stop();
    await this.transactions.reset(f.projection);
    this.follow(f.projection, 0);
    await this.caughtUp([name]);
    return this.status([name])[0]!;
  }

  /** The error a route throws for read models that cannot answer now, with their lag and a Retry-After. */
  notReady(names: readonly string[]): ReadModelNotReadyError {
    const statuses = this.status(names);
    return new ReadModelNotReadyError(statuses, this.retryAfterSeconds(statuses));
  }

  /** Seconds until the read models should have caught up, by the pace measured so far (1 to 300). */
  retryAfterSeconds(statuses: readonly ProjectionStatus[] = this.status()): number {
    // Each catching-up read model reads at its own pace (they take turns on one thread).
    let seconds = 1;
    for (const s of statuses) {
      if (s.state === 'failed') seconds = Math.max(seconds, 5);
      else if (s.lag !== null && s.state === 'catching up') {
        const { events, since } = this.follower(s.name).pace;
        const ms = performance.now() - since;
        const perSecond = events > 0 && ms > 100 ? (events / ms) * 1000 : ASSUMED_EVENTS_PER_SECOND;
        seconds = Math.max(seconds, Math.ceil(s.lag / perSecond));
      }
    }
    return Math.min(seconds, 300);
  }

  private assertLive(names: readonly string[]): void {
    this.observe();
    if (names.some((name) => this.follower(name).state !== 'live')) throw this.notReady(names);
  }

  private follow(projection: Projection, from: number): void {
    const follower = new ProjectionFollower(
      projection,
      from,
      this.pages,
      this.transactions,
      this.doorbell,
      FOLLOWER_SETTINGS,
      {
        onRead: (position) => {
          this.head = Math.max(this.head, position);
        },
        onFailure: (name, failure, retryInMs) => {
          this.logFailure(name, failure, retryInMs);
          this.recordState(follower);
        },
        onCaughtUp: (name, events, ms) => {
          this.recordState(follower, 'live'); // the follower sets it once told
          // A backlog worth a line in the log (at least a page), not every start.
          if (events >= PAGE_SIZE) {
            this.logger.log(`read model ${name} caught up: ${events} events in ${Math.round(ms)} ms`);
          }
        },
      },
    );
    this.followers.set(projection.name, follower);
    this.recordState(follower);
  }

  /**
   * Writes a read model's state for the instances that only read projections.db, at each change
   * (never per page); after any page in hand, since the connection holds a page's transaction open.
   */
  private recordState(f: ProjectionFollower | ProjectionObserver, now: ReadModelState = f.state): void {
    const { name } = f.projection;
    const state = now === 'catching up' && f.failure ? 'failed' : now;
    const failure = f.failure ? JSON.stringify(f.failure) : null;
    const errors = f.errors;
    void this.transactions
      .exclusive(() => {
        if (this.database.db.open) this.database.saveState(name, state, errors, failure);
      })
      .catch((error: unknown) => this.logger.warn(`recording the state of ${name}: ${String(error)}`));
  }

  /**
   * Not projecting: reads the keeping process's checkpoints and states (one small query), at most once
   * a millisecond unless `now`, since every read route asks.
   */
  private observe(now = false): void {
    if (this.project || !this.database.db.open) return;
    const at = performance.now();
    if (!now && at - this.observedAt < 1) return;
    this.observedAt = at;
    const rows = new Map(this.database.standings().map((row) => [row.name, row]));
    for (const f of this.followers.values()) {
      if (!(f instanceof ProjectionObserver)) continue;
      f.update(rows.get(f.projection.name));
      this.head = Math.max(this.head, f.position);
    }
  }

  private follower(name: string): ProjectionFollower | ProjectionObserver {
    const f = this.followers.get(name);
    if (!f) throw new Error(`no projection named ${name}`);
    return f;
  }

  /** One measurement at a time; each starts from the highest position seen, so it is a few reads. */
  private measureHead(): Promise<number> {
    this.measuring ??= lastPosition(this.store, this.head)
      .then((head) => {
        this.head = Math.max(this.head, head);
        this.headMeasured = true;
        return this.head;
      })
      .finally(() => (this.measuring = undefined));
    return this.measuring;
  }

  private logFailure(name: string, failure: ReadModelFailure, retryInMs: number): void {
    this.logger.error(
      `read model ${name} stopped at ${failure.type} (position ${failure.position}${failure.stream ? `, ${failure.stream}` : ''}): ${failure.error}; ` +
        (Number.isFinite(retryInMs) ? `trying that event again in ${retryInMs} ms` : 'not trying again'),
    );
  }
}
