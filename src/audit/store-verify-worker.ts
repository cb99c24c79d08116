import { parentPort } from 'node:worker_threads';
import { streamPagesReadApart } from '../event-store/sqlite/stream-read-apart.js';
import type { KeptThreadAnswer, KeptThreadMessage } from './kept-thread.js';
import { fileChainApart } from './store-chain-apart.js';
import type { VerificationReport, VerifyOptions } from './verification-report.js';
import { verifyPages } from './verify-pages.js';

/**
 * GET /matches/:id/verify's whole verification on a thread of its own, on the SQLite store:
 * the stored stream read on a read-only connection of its own and verified in pages exactly as the
 * route would verify it in line (the rules replayed here, the hash chain walked on one more thread for
 * a long stream), while the service's event loop answers the other tables. Answers the report, or null
 * when it could not make one: the route then verifies in line.
 */
export interface StoreVerify {
  file: string;
  stream: string;
  upTo: number;
  pageSize: number;
  options: VerifyOptions;
}

async function verify({
  file,
  stream,
  upTo,
  pageSize,
  options,
}: StoreVerify): Promise<VerificationReport | null> {
  try {
    // The chain walked on one more thread, as the route does in line: the rules here, the chain there.
    const chainApart = fileChainApart(file, stream, upTo);
    return await verifyPages(() => streamPagesReadApart(file, stream, upTo, pageSize), {
      ...options,
      ...(chainApart ? { chainApart } : {}),
    });
  } catch {
    return null;
  }
}

// Kept between verifications (kept-thread.ts): one piece of work at a time, each answered by its id.
parentPort?.on('message', ({ id, work }: KeptThreadMessage<StoreVerify>) => {
  void verify(work).then((answer) =>
    parentPort?.postMessage({ id, answer } satisfies KeptThreadAnswer<VerificationReport>),
  );
});
