import { AppendSignal } from '../../src/event-store/append-signal.js';

describe('append signal', () => {
  it('a wait for a generation already passed returns at once, so an append during a read is not left to the poll', async () => {
    const signal = new AppendSignal();
    const seen = signal.generation;
    signal.notify(); // an append lands while the subscriber is still reading
    const started = Date.now();
    await signal.wait(10_000, seen).promise;
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('a wait for the current generation ends at the next append', async () => {
    const signal = new AppendSignal();
    const wait = signal.wait(10_000);
    let woke = false;
    void wait.promise.then(() => (woke = true));
    await Promise.resolve();
    expect(woke).toBe(false);
    signal.notify();
    await wait.promise;
    expect(woke).toBe(true);
  });
});
