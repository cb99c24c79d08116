import type { EventStore } from '../event-store/event-store.port.js';
import { STORE_CHAIN_WORKER_FROM_EVENTS, storeChainApart } from './store-chain-apart.js';
import { storePages } from './store-pages.js';
import { STORE_VERIFY_WORKER_FROM_EVENTS, storeVerifyApart } from './store-verify-apart.js';
import type { VerificationReport, VerifyOptions } from './verification-report.js';
import { verifyPages } from './verify-pages.js';

/** From how many events each worker is used (the bench sets them to compare). */
export interface StoreVerifyThreads {
  wholeFromEvents?: number;
  chainFromEvents?: number;
}

/**
 * GET /matches/:id/verify's verification of the stored stream up to revision `upTo`. On
 * the SQLite store, a long stream is verified whole on a worker thread (store-verify-apart.ts, on the worker pool), and
 * the service's event loop stays free. Otherwise, or if that worker fails, it is verified here in
 * pages, yielding between them, with the chain walked on a worker where it pays
 * (store-chain-apart.ts). The report is the same whichever way it was made.
 */
export async function verifyStoredStream(
  store: EventStore,
  stream: string,
  upTo: number,
  options: VerifyOptions,
  threads: StoreVerifyThreads = {},
): Promise<VerificationReport> {
  const whole = storeVerifyApart(
    store,
    stream,
    upTo,
    options,
    threads.wholeFromEvents ?? STORE_VERIFY_WORKER_FROM_EVENTS,
  );
  const report = whole ? await whole() : undefined;
  if (report) return report;
  const chainApart = storeChainApart(
    store,
    stream,
    upTo,
    threads.chainFromEvents ?? STORE_CHAIN_WORKER_FROM_EVENTS,
  );
  return verifyPages(() => storePages(store, stream, upTo), {
    ...options,
    ...(chainApart ? { chainApart } : {}),
    yieldBetweenPages: true,
  });
}
