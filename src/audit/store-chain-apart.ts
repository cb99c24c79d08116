import type { EventStore } from '../event-store/event-store.port.js';
import { SqliteEventStore } from '../event-store/sqlite/sqlite-event-store.js';
import type { ChainApart } from './chain-walk.js';
import { walkOnThread, type WorkerStart, workerStarter } from './chain-thread.js';
import type { StoreChainWalk } from './store-chain-worker.js';

/**
 * Below this many events a worker costs more to start than the chain it would walk (its modules load
 * in a fresh thread, and it opens its own connection): measured, see STORE_CHAIN_WORKER_FROM_EVENTS's
 * note in the report of issue 12.
 */
export const STORE_CHAIN_WORKER_FROM_EVENTS = 5000;

/** Rows the worker reads at a time: small, so that each page's parsed events die young. */
const WORKER_PAGE = 200;

/**
 * The stored stream's hash chain, up to revision `upTo`, walked on a worker thread with a read-only
 * connection of its own (store-chain-worker.ts) while the route verifies the rest (verifyPages'
 * `chainApart`): on two cores, a third of the work off the service's event loop. Only for the
 * embedded SQLite store on a file (another process, or thread, may open it), and only for streams
 * long enough to pay for the thread; undefined otherwise, and the chain is walked in line, as it is
 * when the worker fails or reads other rows than the route did.
 */
export function storeChainApart(
  store: EventStore,
  stream: string,
  upTo: number,
  fromEvents = STORE_CHAIN_WORKER_FROM_EVENTS,
): ChainApart | undefined {
  if (!(store instanceof SqliteEventStore)) return undefined;
  const file = store.options.file;
  if (file === ':memory:' || file === '' || upTo < fromEvents) return undefined;
  let start: WorkerStart | undefined;
  try {
    start = workerStarter(import.meta.url, 'store-chain-worker');
  } catch {
    return undefined;
  }
  if (!start) return undefined;
  const starter = start;
  const walk: StoreChainWalk = { file, stream, upTo, pageSize: WORKER_PAGE };
  return (signal) => walkOnThread(starter, walk, signal);
}
