import type { ChainWalked } from '../audit/chain-walk.js';
import { walkChainOf } from '../audit/chain-walk.js';
import type { StoreChainWalk } from '../audit/store-chain-apart.js';
import { streamPagesReadApart } from '../event-store/sqlite/stream-read-apart.js';

/**
 * GET /matches/:id/verify's second thread on the SQLite store: walks the stored stream's
 * hash chain (RFC 8785 canonical JSON and SHA-256 of every event, a third of a verification's work)
 * on a read-only connection of its own, while the other thread re-decides the rules on its own read
 * of the same rows. Answers what it saw (ChainWalked), or null when it could not read them: the
 * verification then walks the chain itself (verify-pages.ts).
 */
export function run({ file, stream, upTo, pageSize }: StoreChainWalk): ChainWalked | null {
  return walkChainOf(streamPagesReadApart(file, stream, upTo, pageSize));
}
