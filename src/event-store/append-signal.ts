/**
 * Wakes subscriptions when this process appends. Appends by other processes on the same SQLite file
 * send no signal, so waiting also ends after a poll interval: the signal is for latency, the poll for
 * completeness.
 */
export class AppendSignal {
  private waiters = new Set<() => void>();

  notify(): void {
    const waiters = this.waiters;
    this.waiters = new Set();
    for (const wake of waiters) wake();
  }

  wait(timeoutMs: number): { promise: Promise<void>; cancel: () => void } {
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
