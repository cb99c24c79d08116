import { fileChainApart } from '../audit/store-chain-apart.js';
import type { StoreVerify } from '../audit/store-verify-apart.js';
import type { VerificationReport } from '../audit/verification-report.js';
import { verifyPages } from '../audit/verify-pages.js';
import { streamPagesReadApart } from '../event-store/sqlite/stream-read-apart.js';

/**
 * GET /matches/:id/verify's whole verification on a thread of its own, on the SQLite store:
 * the stored stream read on a read-only connection of its own and verified in pages exactly as the
 * route would verify it in line (the rules replayed here, the hash chain walked on one more thread for
 * a long stream), while the service's event loop answers the other tables. Answers the report, or null
 * when it could not make one: the route then verifies in line.
 */
export async function run({
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
