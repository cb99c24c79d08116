import type { EventStore } from '../event-store/event-store.port.js';
import { processPool } from '../worker-pool/process-pool.js';
import { sqliteFileOf, WORKER_PAGE } from './store-chain-apart.js';
import type { VerificationReport, VerifyOptions } from './verification-report.js';

/**
 * Below this many events the route verifies in line: a worker costs CPU time before its first event
 * (its isolate loads the rules) and runs cold at first, so the thread pays only for long streams.
 */
export const STORE_VERIFY_WORKER_FROM_EVENTS = 20_000;

/** The pool's store-verify job (src/workers/store-verify.ts): the stream, how far, and how to verify. */
export interface StoreVerify {
  file: string;
  stream: string;
  upTo: number;
  pageSize: number;
  options: VerifyOptions;
}

/**
 * The route's whole verification of the stored stream up to `upTo` on a pool worker with a read-only
 * connection of its own (src/workers/store-verify.ts), so that the service's event loop stays free for
 * the other tables. The report is the one the route would make in line: the same rows, made into
 * events as the store makes them, through the same verifyPages. Only for the embedded SQLite store on
 * a file and streams long enough; undefined otherwise. The verification it starts answers undefined
 * when the worker fails: the route then verifies in line. The pool keeps its workers warm between
 * verifications, and verifications asked for while it is full wait their turn (each key's long-work
 * budget bounds how many it asks for at once).
 */
export function storeVerifyApart(
  store: EventStore,
  stream: string,
  upTo: number,
  options: VerifyOptions,
  fromEvents = STORE_VERIFY_WORKER_FROM_EVENTS,
): (() => Promise<VerificationReport | undefined>) | undefined {
  const file = sqliteFileOf(store);
  if (file === undefined || upTo < fromEvents) return undefined;
  const pool = processPool();
  if (!pool) return undefined;
  const work: StoreVerify = { file, stream, upTo, pageSize: WORKER_PAGE, options };
  return () =>
    pool.run<VerificationReport | null>('store-verify', work).then(
      (report) => report ?? undefined,
      () => undefined,
    );
}
