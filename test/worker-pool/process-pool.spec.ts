import { holdProcessPool, processPool } from '../../src/worker-pool/process-pool.js';

/** Several services in one process (tests, a bench) share its one worker pool. */
describe("the process's worker pool", () => {
  it('lives while any service holds it, and ends with the last one to let go', async () => {
    const first = holdProcessPool();
    const second = holdProcessPool();
    const pool = processPool();
    expect(pool).toBeDefined();
    // One service closes: the other's pool is the same, not closed under it.
    await first();
    await first(); // a second release of the same hold changes nothing
    expect(processPool()).toBe(pool);
    // The last one closes: the pool ends, and the next service gets a new one.
    await second();
    await expect(pool!.run('store-chain', {})).rejects.toThrow(/closed/);
    const next = processPool();
    expect(next).toBeDefined();
    expect(next).not.toBe(pool);
    const last = holdProcessPool();
    await last();
  });
});
