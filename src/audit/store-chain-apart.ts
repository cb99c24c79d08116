import type { EventStore } from '../event-store/event-store.port.js';
import { SqliteEventStore } from '../event-store/sqlite/sqlite-event-store.js';
import { chainWalkOnPool } from './chain-apart.js';
import type { ChainApart } from './chain-walk.js';

/** The pool's store-chain job (src/workers/store-chain.ts): the stream to walk, and how far. */
export interface StoreChainWalk {
  file: string;
  stream: string;
  upTo: number;
  pageSize: number;
}

/**
 * Below this many events the worker costs more than it saves the service's thread: it reads and
 * parses every row again, and a fresh worker warms up first (`npm run bench`'s verify bench compares).
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
 * connection of its own (src/workers/store-chain.ts) while the route verifies the rest (verifyPages'
 * `chainApart`): the chain's share off the service's thread. Only for the
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
 * worker (src/workers/store-verify.ts) takes beside its own replay of the rules, so that the two cores share
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
  return chainWalkOnPool('store-chain', walk);
}
