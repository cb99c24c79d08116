import type {
  EventHandler,
  EventStore,
  Subscription,
  SubscribeOptions,
} from '../event-store/event-store.port.js';

export interface RestartingSubscriptionOptions extends Omit<SubscribeOptions, 'fromPosition'> {
  /** The checkpoint to start from, asked again at every restart: the last event handled for good. */
  from: () => number;
  /** Told of each failure, with the pause before the next start (for the log). */
  onFailure: (error: unknown, retryInMs: number) => void;
  /** The first pause; each failure in a row doubles it, up to maxDelayMs. */
  initialDelayMs?: number;
  maxDelayMs?: number;
}

/**
 * A store subscription that comes back. The store's own subscription ends at the first handler that
 * throws (or read that fails) rather than skip the event; this one then reports the failure, waits
 * (doubling the wait while failures come in a row) and subscribes again from the caller's checkpoint,
 * so the event that failed is handled again, neither skipped nor left behind for good.
 */
export class RestartingSubscription {
  private current: Subscription;
  private generation = 0;
  private failures = 0;
  private timer?: NodeJS.Timeout;
  private closed = false;
  private markCaughtUp!: () => void;
  /** Settles once, when some subscription first catches up, however many restarts that takes. */
  readonly caughtUp = new Promise<void>((resolve) => (this.markCaughtUp = resolve));

  constructor(
    private readonly store: EventStore,
    private readonly options: RestartingSubscriptionOptions,
    private readonly handler: EventHandler,
  ) {
    this.current = this.open();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    await this.current.close();
  }

  private open(): Subscription {
    const generation = ++this.generation;
    let failed = false;
    const fail = (error: unknown): void => {
      if (failed || this.closed || generation !== this.generation) return;
      failed = true;
      this.failures += 1;
      const initial = this.options.initialDelayMs ?? 100;
      const delay = Math.min(initial * 2 ** (this.failures - 1), this.options.maxDelayMs ?? 30_000);
      this.options.onFailure(error, delay);
      this.timer = setTimeout(() => void this.restart(generation), delay);
      this.timer.unref();
    };
    const subscription = this.store.subscribe(
      { fromPosition: this.options.from(), streamPrefix: this.options.streamPrefix },
      async (event) => {
        try {
          await this.handler(event);
        } catch (error) {
          fail(error);
          throw error; // ends this subscription: the next one reads the event again
        }
      },
    );
    // A failure streak ends only when a subscription has caught up: resetting after each handled event
    // kept the pause short when failures came between successes.
    subscription.caughtUp.then(() => {
      this.failures = 0;
      this.markCaughtUp();
    }, fail);
    // The adapters' subscriptions also say when they end for good (a read that failed, say).
    if ('done' in subscription && subscription.done instanceof Promise) subscription.done.catch(fail);
    return subscription;
  }

  private async restart(generation: number): Promise<void> {
    if (this.closed || generation !== this.generation) return;
    await this.current.close();
    if (this.closed || generation !== this.generation) return;
    this.current = this.open();
  }
}
