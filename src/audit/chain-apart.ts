import type { JobName } from '../worker-pool/jobs.js';
import { processPool } from '../worker-pool/process-pool.js';
import type { ChainApart, ChainWalked } from './chain-walk.js';

/**
 * A chain walk apart, as the pool's job `job` on `work`: undefined where no worker can start here (a
 * bundle), and the caller then walks the chain itself. The walk answers undefined when its worker
 * could not read the log, failed or died, and its worker is ended when the verification no longer
 * wants it (its signal).
 */
export function chainWalkOnPool(job: JobName, work: unknown): ChainApart | undefined {
  const pool = processPool();
  if (!pool) return undefined;
  return (signal) =>
    pool.run<ChainWalked | null>(job, work, signal).then(
      (walked) => walked ?? undefined,
      () => undefined,
    );
}
