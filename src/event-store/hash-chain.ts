import { createHash } from 'node:crypto';
import { canonicalJson } from './canonical-json.js';
import type { EventMetadata, RecordedEvent } from './event-store.port.js';

/** The prevHash of a stream's first event. */
export const GENESIS_HASH = '0'.repeat(64);

/** An event as it is hashed: everything but its own hash and its store-local position. */
export interface HashableEvent {
  type: string;
  data: unknown;
  metadata: Omit<EventMetadata, 'hash'>;
}

/**
 * hash = SHA-256(prevHash ‖ canonical JSON of the rest), canonical JSON by RFC 8785, so that any
 * implementation in any language recomputes the same bytes (canonicalJson: the `canonicalize`
 * package's bytes, faster for plain JSON values).
 */
export function eventHash(event: HashableEvent): string {
  const canonical = canonicalJson({ type: event.type, data: event.data, metadata: event.metadata });
  if (canonical === undefined) throw new Error(`event ${event.type} is not JSON`);
  return createHash('sha256').update(event.metadata.prevHash).update(canonical).digest('hex');
}

export type ChainVerdict =
  { ok: true; head: { revision: number; hash: string } } | { ok: false; revision: number; reason: string };

/**
 * Verifies one stream's chain from its first event. Names the first broken link: the revision at
 * which the events stop being what was appended (edited, removed, reordered, or foreign).
 */
export function verifyChain(
  stream: string,
  events: readonly Pick<RecordedEvent, 'type' | 'data' | 'metadata'>[],
): ChainVerdict {
  let prevHash = GENESIS_HASH;
  let expectedRevision = 1;
  for (const event of events) {
    const { hash, ...rest } = event.metadata;
    const at = event.metadata.revision;
    if (event.metadata.stream !== stream) {
      return {
        ok: false,
        revision: at,
        reason: `event belongs to stream ${event.metadata.stream}, not ${stream}`,
      };
    }
    if (at !== expectedRevision) {
      return {
        ok: false,
        revision: expectedRevision,
        reason: `expected revision ${expectedRevision}, found ${at}`,
      };
    }
    if (event.metadata.prevHash !== prevHash) {
      return { ok: false, revision: at, reason: 'prevHash does not match the hash of the event before it' };
    }
    if (eventHash({ type: event.type, data: event.data, metadata: rest }) !== hash) {
      return { ok: false, revision: at, reason: 'hash does not match the event’s content' };
    }
    prevHash = hash;
    expectedRevision += 1;
  }
  return { ok: true, head: { revision: expectedRevision - 1, hash: prevHash } };
}
