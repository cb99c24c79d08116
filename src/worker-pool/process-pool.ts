import { availableParallelism } from 'node:os';
import { WorkerPool } from './worker-pool.js';
import { type WorkerStart, workerStarter } from './worker-start.js';

/**
 * Where the worker entry point (src/workers/worker.ts) sits, from this module. Held in a name, not
 * written into `new URL(…, import.meta.url)`, so that a bundler leaves it alone.
 */
const WORKERS_FOLDER = '../workers/';

/**
 * At least two, so that a backup does not wait behind a long verification; at most four, however many
 * cores: each worker holds its own copy of the rules.
 */
const PROCESS_POOL_SIZE = Math.max(2, Math.min(4, availableParallelism()));

/**
 * The process's one pool (each thread, a worker included, has its own): made when first asked for,
 * null where no worker can start (a bundle with no worker file beside it), and the work is then done
 * in line by the caller.
 */
let pool: WorkerPool | null | undefined;

export function processPool(): WorkerPool | undefined {
  if (pool === undefined) {
    let start: WorkerStart | undefined;
    try {
      start = workerStarter(new URL(WORKERS_FOLDER, import.meta.url).href, 'worker');
    } catch {
      start = undefined;
    }
    pool = start ? new WorkerPool(start, PROCESS_POOL_SIZE) : null;
  }
  return pool ?? undefined;
}

/** How many running services hold the pool: it ends when the last of them lets go. */
let holders = 0;

/**
 * A service's hold on the process's pool, for as long as it runs: several apps may run in one process
 * (tests, a bench), and one that closes must not end the jobs another has in hand. Answers the release,
 * which ends the pool once no service holds it (a second call does nothing).
 */
export function holdProcessPool(): () => Promise<void> {
  holders += 1;
  let released = false;
  return async () => {
    if (released) return;
    released = true;
    holders -= 1;
    if (holders === 0) await closeProcessPool();
  };
}

/** Ends the process's pool, if it was made, whoever holds it (a bench between its parts). */
export async function closeProcessPool(): Promise<void> {
  const closing = pool;
  pool = undefined;
  await closing?.close();
}
