import { setImmediate as nextTurn } from 'node:timers/promises';
import type { AppendSignal } from './append-signal.js';
import type {
  EventHandler,
  ReadAllOptions,
  RecordedEvent,
  SubscribeOptions,
  Subscription,
} from './event-store.port.js';

const PAGE_SIZE = 500;

/**
 * A subscription built on readAll: read pages after the checkpoint until a short page (caught up),
 * then wait for an append signal or the poll interval, and read again. Because it only ever asks for
 * events after the last one it handled, and positions grow in commit order, it can neither skip nor
 * repeat an event, whether the event came in during catch-up or live.
 *
 * Between full pages it gives the event loop a turn (setImmediate): the SQLite adapter reads
 * synchronously, so without it a long backlog ran as one block of microtasks and nothing else (not
 * even /health) was answered until the subscriber had caught up.
 */
export function catchUpSubscription(
  readAll: (options: ReadAllOptions) => Promise<RecordedEvent[]>,
  signal: AppendSignal,
  options: SubscribeOptions,
  handler: EventHandler,
  pollMs: number,
): Subscription & { readonly done: Promise<void> } {
  let position = options.fromPosition ?? 0;
  let closed = false;
  let cancelWait: (() => void) | undefined;
  let markCaughtUp!: () => void;
  let failCaughtUp!: (error: unknown) => void;
  const caughtUp = new Promise<void>((resolve, reject) => {
    markCaughtUp = resolve;
    failCaughtUp = reject;
  });

  const run = async (): Promise<void> => {
    while (!closed) {
      const seen = signal.generation;
      const page = await readAll({
        fromPosition: position,
        maxCount: PAGE_SIZE,
        streamPrefix: options.streamPrefix,
      });
      for (const event of page) {
        if (closed) return;
        await handler(event);
        position = event.position;
      }
      if (page.length < PAGE_SIZE) {
        markCaughtUp();
        if (closed) return;
        const wait = signal.wait(pollMs, seen);
        cancelWait = wait.cancel;
        await wait.promise;
      } else {
        await nextTurn();
      }
    }
  };

  const done = run().catch((error: unknown) => {
    closed = true;
    failCaughtUp(error);
    throw error;
  });
  // A failing handler ends the subscription; callers see it through `done` or `caughtUp`.
  done.catch(() => undefined);
  caughtUp.catch(() => undefined);

  return {
    caughtUp,
    done,
    get position() {
      return position;
    },
    async close() {
      closed = true;
      cancelWait?.();
      await done.catch(() => undefined);
    },
  };
}
