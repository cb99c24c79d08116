/**
 * Wakes subscriptions when this process appends. Appends by other processes on the same SQLite file
 * send no signal, so waiting also ends after a poll interval: the signal is for latency, the poll for
 * completeness.
 *
 * The generation counts appends: a subscription notes it before reading, and a wait for that
 * generation returns at once if an append came in while it was reading, so no append waits for the
 * poll just because it landed between a read and the wait.
 */
export class AppendSignal {
  private waiters = new Set<() => void>();
  private appends = 0;

  get generation(): number {
    return this.appends;
  }

  notify(): void {
    this.appends += 1;
    const waiters = this.waiters;
    this.waiters = new Set();
    for (const wake of waiters) wake();
  }

  /** Waits for an append after generation `seen`, or the timeout, whichever comes first. */
  wait(timeoutMs: number, seen: number = this.appends): { promise: Promise<void>; cancel: () => void } {
    if (seen !== this.appends) return { promise: Promise.resolve(), cancel: () => undefined };
    let wake!: () => void;
    const promise = new Promise<void>((resolve) => {
      const timer = setTimeout(done, timeoutMs);
      timer.unref?.();
      const waiters = this.waiters;
      function done(): void {
        clearTimeout(timer);
        waiters.delete(done);
        resolve();
      }
      wake = done;
      this.waiters.add(done);
    });
    return { promise, cancel: wake };
  }
}
