import type { EventStore } from '../event-store/event-store.port.js';
import { SqliteEventStore } from '../event-store/sqlite/sqlite-event-store.js';
import type { ChainApart } from './chain-walk.js';
import { chainWalkerOn } from './chain-thread.js';
import type { StoreChainWalk } from './store-chain-worker.js';

/**
 * Below this many events the worker costs more than it saves the service's thread. Measured on the
 * shared 2-core build machine (compiled, load about 9): a worker's start and the warm-up of its fresh
 * isolate cost 150 to 400 ms of CPU time, and it reads and parses every row again; at 10,000 events it
 * saved the service's thread 50 ms and cost the process 390 ms more, at 20,000 it saved 340 ms and
 * cost 180 ms more, at 40,000 and 60,000 it saved 330 to 360 ms.
 */
export const STORE_CHAIN_WORKER_FROM_EVENTS = 20_000;

/** Rows the worker reads at a time: small, so that each page's parsed events die young. */
export const WORKER_PAGE = 200;

/**
 * The file of the embedded SQLite store, which a worker thread may open on a connection of its own;
 * undefined for any other store, or one in memory.
 */
export function sqliteFileOf(store: EventStore): string | undefined {
  if (!(store instanceof SqliteEventStore)) return undefined;
  const file = store.options.file;
  return file === ':memory:' || file === '' ? undefined : file;
}

/**
 * The stored stream's hash chain, up to revision `upTo`, walked on a worker thread with a read-only
 * connection of its own (store-chain-worker.ts) while the route verifies the rest (verifyPages'
 * `chainApart`): the chain's share off the service's thread (measured at 100,000 events: 2.1 to 2.3 s
 * of its CPU time against 2.4 to 3.2 s in line). Only for the
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
  const file = sqliteFileOf(store);
  return file === undefined ? undefined : fileChainApart(file, stream, upTo, fromEvents);
}

/**
 * The same walk of the stream in the SQLite database `file`: what the route's whole verification on a
 * worker (store-verify-worker.ts) takes beside its own replay of the rules, so that the two cores share
 * the work while the service's thread is free.
 */
export function fileChainApart(
  file: string,
  stream: string,
  upTo: number,
  fromEvents = STORE_CHAIN_WORKER_FROM_EVENTS,
): ChainApart | undefined {
  if (upTo < fromEvents) return undefined;
  const walk: StoreChainWalk = { file, stream, upTo, pageSize: WORKER_PAGE };
  // V8's default young generation: 16, 32, 48 and 64 MiB (resourceLimits.maxYoungGenerationSizeMb)
  // each made a 100,000-event walk slower (2.4 to 2.8 s of CPU time against 1.9 to 2.4 s).
  return chainWalkerOn(import.meta.url, 'store-chain-worker', walk);
}
