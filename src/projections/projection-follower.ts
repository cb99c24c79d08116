import { setImmediate as nextTurn } from 'node:timers/promises';
import type { AppendSignal } from '../event-store/append-signal.js';
import type { RecordedEvent } from '../event-store/event-store.port.js';
import type { PageTransactions } from './page-transaction.js';
import type { Projection } from './projection.js';
import type { ReadModelFailure, ReadModelState } from './read-model-status.js';
import type { SharedPages } from './shared-pages.js';

export interface FollowerSettings {
  /** How often a caught-up read model looks at the store when nobody rang (appends by other processes). */
  pollMs: number;
  /**
   * How long a live read model waits after the doorbell before it reads: appends come in bursts (a
   * group commit per turn of the event loop under load), and one page gathers several of them into
   * one transaction instead of one each. It bounds how far behind a live read model falls.
   */
  gatherMs: number;
  /** The pause after a failure; it doubles while failures come in a row, up to maxRetryMs. */
  retryMs: number;
  maxRetryMs: number;
}

export interface FollowerEvents {
  /** Told of each failure (for the log), with the pause before the next try. */
  onFailure(name: string, failure: ReadModelFailure, retryInMs: number): void;
  /** Told of the last event of each page read: the store's head is at least there. */
  onRead(position: number): void;
  /** Told when a catch-up ends: the events it read, and how long it took. */
  onCaughtUp(name: string, events: number, ms: number): void;
}

/**
 * One read model's loop: a page from its checkpoint, one transaction for it, a turn of the event loop
 * (setImmediate, so requests are answered between pages however long the backlog), and again. When a
 * page comes back short it has caught up ("live") and waits for the doorbell or the poll interval.
 *
 * An event it cannot read stops it there ("failed"): it reports the event and the error and tries the
 * same event again after a growing pause, so a passing fault (a full disk, a lock) heals by itself and
 * a defect in its code waits, visibly, for a fixed version to rebuild it. It never skips the event.
 */
export class ProjectionFollower {
  state: ReadModelState = 'catching up';
  position: number;
  errors = 0;
  failure: ReadModelFailure | null = null;
  /** Events read while catching up, and since when: the catch-up rate behind Retry-After. */
  readonly pace = { events: 0, since: performance.now() };
  private waiters = new Set<() => void>();
  private stopped = false;
  private cancelWait?: () => void;
  private readonly done: Promise<void>;

  constructor(
    readonly projection: Projection,
    from: number,
    private readonly pages: SharedPages,
    private readonly transactions: PageTransactions,
    private readonly doorbell: AppendSignal,
    private readonly settings: FollowerSettings,
    private readonly events: FollowerEvents,
  ) {
    this.position = from;
    this.done = this.run().catch((error: unknown) => {
      // Not a failure of an event (those are caught and retried): a defect of the loop itself.
      this.state = 'failed';
      this.failure = {
        position: this.position,
        stream: '',
        type: '(the read model loop)',
        error: error instanceof Error ? error.message : String(error),
        since: new Date().toISOString(),
      };
      this.events.onFailure(this.projection.name, this.failure, Number.POSITIVE_INFINITY);
    });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.state = 'stopped';
    this.cancelWait?.();
    await this.done;
    this.state = 'stopped'; // again: a page that was in hand when stop() came may have set it
    this.wake();
  }

  /** Resolves at the next page committed (or failure, or stop), or after `ms`. */
  progress(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, Math.max(1, ms));
      const waiters = this.waiters;
      function done(): void {
        clearTimeout(timer);
        waiters.delete(done);
        resolve();
      }
      this.waiters.add(done);
    });
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      const rung = this.doorbell.generation;
      let page: RecordedEvent[];
      try {
        page = await this.pages.read(this.position, rung);
      } catch (error) {
        await this.failed(undefined, error);
        continue;
      }
      // A page read is applied even when stop() came meanwhile: stop waits for it (as a subscription
      // finishes the event in hand), so what was read before the stop is not left out.
      if (page.length > 0) {
        let failure;
        try {
          ({ failure, position: this.position } = await this.transactions.apply(
            this.projection,
            this.position,
            page,
          ));
        } catch (error) {
          // The page could not be committed (checkpoint, commit): none of it was; it is read again.
          failure = { event: page[0]!, error };
        }
        this.events.onRead(page[page.length - 1]!.position);
        if (this.state === 'catching up') this.pace.events += page.length;
        if (failure) {
          await this.failed(failure.event, failure.error);
          continue;
        }
        this.recovered();
        this.wake();
      }
      if (this.stopped) return;
      if (page.length < this.pages.pageSize) {
        // At the head of the store (as of this read): live from now on.
        if (this.state === 'catching up') {
          this.events.onCaughtUp(this.projection.name, this.pace.events, performance.now() - this.pace.since);
        }
        this.state = 'live';
        const wait = this.doorbell.wait(this.settings.pollMs, rung);
        this.cancelWait = wait.cancel;
        await wait.promise;
        if (this.settings.gatherMs > 0 && !this.stopped && this.doorbell.generation !== rung) {
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, this.settings.gatherMs);
            this.cancelWait = () => {
              clearTimeout(timer);
              resolve();
            };
          });
        }
      } else {
        // Between pages, a turn of the event loop for everything else (requests, commands, timers).
        await nextTurn();
      }
    }
  }

  private recovered(): void {
    if (this.failure) {
      this.failure = null;
      this.errors = 0;
      this.state = 'catching up';
    }
  }

  private async failed(event: RecordedEvent | undefined, error: unknown): Promise<void> {
    this.errors += 1;
    const position = event?.position ?? this.position;
    if (this.failure?.position !== position) {
      this.failure = {
        position,
        stream: event?.metadata.stream ?? '',
        type: event?.type ?? '(reading the store)',
        error: error instanceof Error ? error.message : String(error),
        since: new Date().toISOString(),
      };
    } else {
      this.failure.error = error instanceof Error ? error.message : String(error);
    }
    this.state = 'failed';
    const pause = Math.min(this.settings.retryMs * 2 ** (this.errors - 1), this.settings.maxRetryMs);
    this.events.onFailure(this.projection.name, this.failure, pause);
    this.wake();
    if (this.stopped) return;
    // A plain pause: the doorbell rings at every read that asks, which would make this a busy loop.
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, pause);
      this.cancelWait = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = new Set();
    for (const wake of waiters) wake();
  }
}
