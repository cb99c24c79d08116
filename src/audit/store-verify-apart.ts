import type { EventStore } from '../event-store/event-store.port.js';
import { type WorkerStart, workerStarter } from './chain-thread.js';
import { KeptThread } from './kept-thread.js';
import { sqliteFileOf, WORKER_PAGE } from './store-chain-apart.js';
import type { StoreVerify } from './store-verify-worker.js';
import type { VerificationReport, VerifyOptions } from './verification-report.js';

/**
 * Below this many events the route verifies in line: a fresh worker costs about half a second of CPU
 * time before its first event (its isolate loads the rules) and runs cold, near twice the in-line cost
 * an event over the first tens of thousands. Measured (compiled, shared 2-core machine): at 1,000
 * events it cost 0.5 s more in all to free the service's thread of 0.05 s; at 20,000, 1.2 s more to
 * free it of 0.73 s.
 */
export const STORE_VERIFY_WORKER_FROM_EVENTS = 20_000;

/**
 * The route's whole verification of the stored stream up to `upTo` on a worker thread with a
 * read-only connection of its own (store-verify-worker.ts), so that the service's event loop stays
 * free for the other tables. The report is the one the route would make in line: the same rows, made
 * into events as the store makes them, through the same verifyPages. Only for the embedded SQLite
 * store on a file and streams long enough; undefined otherwise. The verification it starts answers
 * undefined when the worker fails: the route then verifies in line.
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
  const thread = verificationThread();
  if (!thread) return undefined;
  const work: StoreVerify = { file, stream, upTo, pageSize: WORKER_PAGE, options };
  return () => thread.run(work);
}

/**
 * The one thread the process's route verifications run on, kept warm between them (kept-thread.ts):
 * started when first needed, ended after a minute with nothing to do. Verifications asked for while it
 * is busy wait their turn (each key's long-work budget bounds how many it asks for at once).
 */
let kept: KeptThread<StoreVerify, VerificationReport> | null | undefined;

function verificationThread(): KeptThread<StoreVerify, VerificationReport> | undefined {
  if (kept === undefined) {
    let start: WorkerStart | undefined;
    try {
      start = workerStarter(import.meta.url, 'store-verify-worker');
    } catch {
      start = undefined;
    }
    kept = start ? new KeptThread<StoreVerify, VerificationReport>(start) : null;
  }
  return kept ?? undefined;
}

/** Ends the kept verification thread now, if there is one (a bench between its parts; a test). */
export async function closeVerificationThread(): Promise<void> {
  await kept?.close();
  kept = undefined;
}
