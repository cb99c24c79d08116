import { createHash } from 'node:crypto';

/**
 * The validator of an ended match's export (immutable answers carry an ETag and answer 304
 * to If-None-Match). Once a match has ended its log takes no more events, so the export is fixed by
 * its head (revision and hash) and the key that signs its closing checkpoint. The ETag is weak: the
 * closing line is signed at export time, so two exports differ in `signedAt` and its signature while
 * holding the same events, the same head and a checkpoint that proves the same thing.
 */
export function exportETag(head: { stream: string; revision: number; hash: string }, keyId: string): string {
  const digest = createHash('sha256')
    .update(`${head.stream}\n${head.revision}\n${head.hash}\n${keyId}`)
    .digest('base64url');
  return `W/"${head.revision}-${digest.slice(0, 32)}"`;
}

/** If-None-Match is matched as for every validator of the service. */
export { ifNoneMatchHolds } from '../http/conditional-get.js';
