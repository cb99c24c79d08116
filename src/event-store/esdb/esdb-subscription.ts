import {
  streamNameFilter,
  type AllStreamResolvedEvent,
  type AllStreamSubscription,
  type EventStoreDBClient,
  type Filter,
} from '@eventstore/db-client';
import type { EventHandler, SubscribeOptions, Subscription } from '../event-store.port.js';
import { decodeEvent, isSystemEvent } from './envelope-codec.js';
import { startAt, toPortPosition } from './esdb-numbering.js';

export interface ResubscribeSettings {
  /** Wait before the first resubscription after a drop; doubles up to maxDelayMs. */
  initialDelayMs: number;
  maxDelayMs: number;
  /** Told about each drop (for logs); the subscription carries on by itself. */
  onDrop?: (error: unknown, attempt: number) => void;
}

/** Stands in the client's event stream for the server's caught-up message (see run()). */
const CAUGHT_UP: AllStreamResolvedEvent = Object.freeze({});

function ignore(): void {}

class HandlerFailed {
  constructor(readonly cause: unknown) {}
}

/**
 * A catch-up subscription to $all on the server: subscribeToAll from the checkpoint, filtered by stream
 * prefix on the server (system streams excluded), events handed over one at a time in $all order.
 * When the server drops it, it subscribes again from the last event it took, after a growing pause;
 * events at or before that position are skipped, so a resubscription can neither repeat nor skip one.
 * caughtUp needs the server's caught-up message (EventStoreDB 23.10 or later).
 */
export class EsdbSubscription implements Subscription {
  readonly caughtUp: Promise<void>;
  /** Settles when delivery has stopped: resolves after close(), rejects when a handler failed. */
  readonly done: Promise<void>;
  private lastHandled: number;
  /** Last position taken from the server, handled or skipped: where a resubscription starts after. */
  private resumeAfter: number;
  private closed = false;
  private current: AllStreamSubscription | undefined;
  private wake: (() => void) | undefined;
  private markCaughtUp!: () => void;
  private failCaughtUp!: (error: unknown) => void;
  private readonly filter: Filter;

  constructor(
    private readonly client: EventStoreDBClient,
    private readonly options: SubscribeOptions,
    private readonly handler: EventHandler,
    private readonly resubscribe: ResubscribeSettings,
  ) {
    this.lastHandled = options.fromPosition ?? 0;
    this.resumeAfter = this.lastHandled;
    this.filter = options.streamPrefix
      ? streamNameFilter({ prefixes: [options.streamPrefix] })
      : streamNameFilter({ regex: '^[^$]' });
    this.caughtUp = new Promise<void>((resolve, reject) => {
      this.markCaughtUp = resolve;
      this.failCaughtUp = reject;
    });
    this.caughtUp.catch(() => undefined);
    this.done = this.run().catch((error: unknown) => {
      this.closed = true;
      this.failCaughtUp(error);
      throw error;
    });
    // A failing handler ends the subscription; callers see it through `done` or `caughtUp`.
    this.done.catch(() => undefined);
  }

  get position(): number {
    return this.lastHandled;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.wake?.();
    const current = this.current;
    if (current) {
      await current.unsubscribe().catch(() => undefined);
      current.destroy();
    }
    await this.done.catch(() => undefined);
  }

  private async run(): Promise<void> {
    let drops = 0;
    while (!this.closed) {
      const subscription = this.client.subscribeToAll({
        fromPosition: startAt(this.resumeAfter),
        filter: this.filter,
      });
      this.current = subscription;
      // The client emits 'caughtUp' while it transforms the server's CaughtUp message: every event sent
      // before that message is already in the stream's buffer, and none sent after it. A marker pushed
      // now therefore comes out of the stream right after the last event that existed when catch-up
      // ended, which is when caughtUp must resolve: once those events have been handled.
      const onCaughtUp = (): void => {
        subscription.push(CAUGHT_UP);
      };
      subscription.on('caughtUp', onCaughtUp);
      // The iteration below sees errors through its own listener; this one keeps an error that comes
      // after the iteration has ended (the call closing under a drop) from being an unhandled 'error'.
      subscription.on('error', ignore);
      try {
        for await (const resolved of subscription) {
          if (this.closed) break;
          if (resolved === CAUGHT_UP) {
            drops = 0;
            this.markCaughtUp();
          } else if (await this.deliver(resolved)) {
            drops = 0;
          }
        }
        if (this.closed) break;
        throw new Error('the server ended the subscription');
      } catch (error) {
        if (error instanceof HandlerFailed) throw error.cause;
        if (this.closed) break;
        drops += 1;
        this.resubscribe.onDrop?.(error, drops);
        await this.pause(
          Math.min(this.resubscribe.initialDelayMs * 2 ** (drops - 1), this.resubscribe.maxDelayMs),
        );
      } finally {
        subscription.off('caughtUp', onCaughtUp);
        this.current = undefined;
        await subscription.unsubscribe().catch(() => undefined);
      }
    }
  }

  /** Hands one event to the handler unless it is not ours to hand; true when it did. */
  private async deliver(resolved: AllStreamResolvedEvent): Promise<boolean> {
    const record = resolved.event;
    if (!record) return false;
    const position = toPortPosition(record.position);
    if (position <= this.resumeAfter) return false;
    const prefix = this.options.streamPrefix;
    const event =
      isSystemEvent(record) || (prefix && !record.streamId.startsWith(prefix))
        ? undefined
        : decodeEvent(record);
    if (event) {
      try {
        await this.handler(event);
      } catch (error) {
        throw new HandlerFailed(error);
      }
      this.lastHandled = position;
    }
    this.resumeAfter = position;
    return event !== undefined;
  }

  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        this.wake = undefined;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wake = done;
    });
  }
}
