import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { EVENT_STORE, type EventStore, type RecordedEvent } from '../event-store/event-store.port.js';
import { PROJECTIONS, type Projection, type ProjectionWrite } from './projection.js';
import { ProjectionDatabase } from './projection-database.js';
import { RestartingSubscription } from './restarting-subscription.js';

export interface ProjectionStatus {
  name: string;
  version: number;
  /** Global position of the last event this projection has read. */
  position: number;
  /** Events whose projection failed (logged and skipped); a rebuild after a fix clears them. */
  errors: number;
}

interface Running {
  projection: Projection;
  subscription?: RestartingSubscription;
  position: number;
  errors: number;
  waiters: Set<() => void>;
}

/** How long a read waits for the projections to catch up with what is already in the store. */
const SETTLE_TIMEOUT_MS = 5000;
const SETTLE_POLL_MS = 25;

/**
 * Keeps every projection up to date: one catch-up subscription each (all streams, so that every
 * checkpoint is a global position and "caught up" is one cheap question to the store), started from
 * the projection's stored checkpoint. Each event's writes commit together with the new checkpoint, so
 * an event is projected exactly once however the process stops.
 *
 * A projection that cannot read an event (its code throws, or its writes fail) logs it and skips it:
 * one bad event must not freeze a read model. A checkpoint that cannot be saved (the file, not the
 * event) stops the subscription instead; it is logged and started again from the last checkpoint
 * saved, after a pause that doubles while it keeps failing, so the event is projected, not skipped.
 */
@Injectable()
export class ProjectionRunner implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('projections');
  private readonly running = new Map<string, Running>();
  private started = false;

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly database: ProjectionDatabase,
    @Inject(PROJECTIONS) projections: Projection[],
  ) {
    for (const projection of projections) {
      this.running.set(projection.name, { projection, position: 0, errors: 0, waiters: new Set() });
    }
  }

  onApplicationBootstrap(): void {
    this.start();
  }

  async onModuleDestroy(): Promise<void> {
    await this.stop();
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    const { db } = this.database;
    for (const running of this.running.values()) {
      const { projection } = running;
      projection.setUp(db);
      const stored = this.database.checkpoint(projection.name);
      if (!stored || stored.version !== projection.version) {
        // A new projection, or one whose code changed: build it from the first event.
        db.transaction(() => {
          projection.reset(db);
          this.database.saveCheckpoint(projection.name, projection.version, 0);
        })();
        running.position = 0;
      } else {
        running.position = stored.position;
      }
      this.subscribe(running);
    }
  }

  async stop(): Promise<void> {
    this.started = false;
    await Promise.all([...this.running.values()].map((r) => r.subscription?.close()));
  }

  names(): string[] {
    return [...this.running.keys()];
  }

  status(): ProjectionStatus[] {
    return [...this.running.values()].map((r) => ({
      name: r.projection.name,
      version: r.projection.version,
      position: r.position,
      errors: r.errors,
    }));
  }

  projection<P extends Projection>(name: string): P {
    return this.get(name).projection as P;
  }

  /**
   * Waits until the named projections have read every event that is in the store now (read-your-writes
   * for the API). Gives up after a bound and answers with what it has: false then.
   */
  async settle(names: readonly string[] = this.names(), timeoutMs = SETTLE_TIMEOUT_MS): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    for (const name of names) {
      const running = this.get(name);
      for (;;) {
        const next = await this.store.readAll({ fromPosition: running.position, maxCount: 1 });
        if (next.length === 0) break;
        if (Date.now() >= deadline || !this.started) return false;
        await this.progress(running, Math.min(SETTLE_POLL_MS, deadline - Date.now()));
      }
    }
    return true;
  }

  /** Waits until the projection has read the event at `position` (or gives up after the bound). */
  async waitFor(name: string, position: number, timeoutMs = SETTLE_TIMEOUT_MS): Promise<boolean> {
    const running = this.get(name);
    const deadline = Date.now() + timeoutMs;
    while (running.position < position) {
      // Stopped (shutting down): nothing will move any more.
      if (Date.now() >= deadline || !this.started) return false;
      await this.progress(running, Math.min(SETTLE_POLL_MS, deadline - Date.now()));
    }
    return true;
  }

  /** Drops a projection's rows and checkpoint and builds it again from the first event. */
  async rebuild(name: string): Promise<ProjectionStatus> {
    const running = this.get(name);
    await running.subscription?.close();
    const { db } = this.database;
    db.transaction(() => {
      running.projection.reset(db);
      this.database.saveCheckpoint(running.projection.name, running.projection.version, 0);
    })();
    running.position = 0;
    running.errors = 0;
    this.subscribe(running);
    await running.subscription!.caughtUp;
    return this.status().find((s) => s.name === name)!;
  }

  private get(name: string): Running {
    const running = this.running.get(name);
    if (!running) throw new Error(`no projection named ${name}`);
    return running;
  }

  private subscribe(running: Running): void {
    const name = running.projection.name;
    running.subscription = new RestartingSubscription(
      this.store,
      {
        from: () => running.position,
        onFailure: (error, retryInMs) =>
          this.logger.error(
            `projection ${name} stopped after position ${running.position}: ${describeError(error)}; starting again in ${retryInMs} ms`,
          ),
      },
      (event) => this.handle(running, event),
    );
  }

  private async handle(running: Running, event: RecordedEvent): Promise<void> {
    const { projection } = running;
    const { db } = this.database;
    const failures: unknown[] = [];
    let write: ProjectionWrite | undefined;
    try {
      write = await projection.project(event);
    } catch (error) {
      failures.push(error);
    }
    // The event's writes in a savepoint of their own: if they fail they are undone alone and the
    // event is skipped. If the checkpoint cannot be saved, nothing is committed and this throws.
    db.transaction(() => {
      if (write) {
        try {
          db.transaction(write)();
        } catch (error) {
          failures.push(error);
        }
      }
      this.database.saveCheckpoint(projection.name, projection.version, event.position);
    })();
    for (const error of failures) this.failed(running, event, error);
    running.position = event.position;
    const waiters = running.waiters;
    running.waiters = new Set();
    for (const wake of waiters) wake();
  }

  /** A projection that cannot read an event logs it and goes on: one bad event must not freeze a read model. */
  private failed(running: Running, event: RecordedEvent, error: unknown): void {
    running.errors += 1;
    this.logger.error(
      `projection ${running.projection.name} skipped ${event.type} at position ${event.position} (${event.metadata.stream}): ${describeError(error)}`,
    );
  }

  private progress(running: Running, ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, Math.max(1, ms));
      function done(): void {
        clearTimeout(timer);
        running.waiters.delete(done);
        resolve();
      }
      running.waiters.add(done);
    });
  }
}

function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
