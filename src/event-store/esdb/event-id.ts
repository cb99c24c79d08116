import { createHash } from 'node:crypto';

/** Fixed namespace of umpire's event ids; changing it changes every id and breaks idempotent retries. */
const NAMESPACE = Buffer.from('8d3c5a1e6b7f4e2a9c0d1f2e3a4b5c6d', 'hex');

/**
 * The ESDB event id of the index-th event of a command's batch in a stream: a name-based UUID (version
 * 5 layout: SHA-1 of namespace and name) so that the same command always proposes the same ids, and
 * EventStoreDB's own idempotency check recognises a repeated write at the same expected revision.
 */
export function eventId(stream: string, commandId: string, index: number): string {
  const name = JSON.stringify([stream, commandId, index]);
  const bytes = createHash('sha1').update(NAMESPACE).update(name, 'utf8').digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
