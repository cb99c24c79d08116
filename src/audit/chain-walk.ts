import * as crypto from 'node:crypto';
import type { RecordedEvent } from '../event-store/event-store.port.js';
import { GENESIS_HASH } from '../event-store/hash-chain.js';
import { canonicalEnvelope } from '../event-store/canonical-json.js';

/**
 * SHA-256 of prevHash ‖ canonical JSON, in lowercase hex (hash-chain.ts's recipe). The bytes are the
 * UTF-8 of the two texts one after the other; Node.js 20.12 and later hash them in one call, without a
 * Hash object per event (the verifier's chain walk does it 100,000 times for a long match). They are
 * written into one reused buffer first: joining the two strings and hashing the join would spend most
 * of each event's time turning the joined string into bytes.
 */
const oneShot: typeof crypto.hash | undefined = typeof crypto.hash === 'function' ? crypto.hash : undefined;
/** Links longer than this (a few KiB is usual) are hashed without the buffer, so that it stays small. */
const MOST_BUFFERED = 1 << 20;
let scratch: Buffer | undefined;

export function linkHash(prevHash: string, canonical: string): string {
  if (!oneShot) return crypto.createHash('sha256').update(prevHash).update(canonical).digest('hex');
  // UTF-8 takes at most 3 bytes for each UTF-16 unit.
  const most = 3 * (prevHash.length + canonical.length);
  if (most > MOST_BUFFERED || typeof Buffer !== 'function') {
    return crypto.createHash('sha256').update(prevHash).update(canonical).digest('hex');
  }
  if (!scratch || scratch.length < most) scratch = Buffer.allocUnsafe(Math.max(most, 1 << 16));
  const length = scratch.write(prevHash, 0, 'utf8');
  const total = length + scratch.write(canonical, length, 'utf8');
  return oneShot('sha256', scratch.subarray(0, total), 'hex');
}

/**
 * The hash chain checked one event at a time (verifyChain in hash-chain.ts, the same verdicts): a
 * long log is walked in pages without being held. Stops at the first broken link.
 */
export class ChainWalk {
  private prevHash = GENESIS_HASH;
  private expectedRevision = 1;
  broken: { revision: number; reason: string } | null = null;

  constructor(private readonly stream: string) {}

  /** False once the chain is broken (at this event or before). */
  add(event: Pick<RecordedEvent, 'type' | 'data' | 'metadata'>): boolean {
    if (this.broken) return false;
    const { metadata } = event;
    const at = metadata.revision;
    if (metadata.stream !== this.stream) {
      this.broken = {
        revision: at,
        reason: `event belongs to stream ${metadata.stream}, not ${this.stream}`,
      };
    } else if (at !== this.expectedRevision) {
      this.broken = {
        revision: this.expectedRevision,
        reason: `expected revision ${this.expectedRevision}, found ${at}`,
      };
    } else if (metadata.prevHash !== this.prevHash) {
      this.broken = { revision: at, reason: 'prevHash does not match the hash of the event before it' };
    } else if (linkHash(metadata.prevHash, canonicalEnvelope(event)) !== metadata.hash) {
      this.broken = { revision: at, reason: 'hash does not match the event’s content' };
    }
    if (this.broken) return false;
    this.prevHash = metadata.hash;
    this.expectedRevision += 1;
    return true;
  }

  /** The last event linked so far. */
  get head(): { revision: number; hash: string } {
    return { revision: this.expectedRevision - 1, hash: this.prevHash };
  }
}

/**
 * What a ChainWalk made apart from the verifier saw (a worker thread reading the same export): how many
 * events, the hash the last one records, and the first broken link. The verifier takes the verdict
 * only when the first two are what it was given itself (verify-pages.ts).
 */
export interface ChainWalked {
  events: number;
  lastHash: string | null;
  broken: { revision: number; reason: string } | null;
}

/**
 * A walk of the log's chain made apart, started when called; undefined when it could not be made.
 * Once `signal` aborts its answer is no longer wanted, and the walk stops (its thread is ended).
 */
export type ChainApart = (signal?: AbortSignal) => Promise<ChainWalked | undefined>;

/**
 * A whole log's chain walked page by page, as a worker thread walks it apart (src/workers/export-chain.ts,
 * src/workers/store-chain.ts): what it saw, or null when the pages could not be read.
 */
export function walkChainOf(
  pages: Iterable<readonly Pick<RecordedEvent, 'type' | 'data' | 'metadata'>[]>,
): ChainWalked | null {
  let chain: ChainWalk | undefined;
  let events = 0;
  let lastHash: string | null = null;
  try {
    for (const page of pages) {
      for (const event of page) {
        // The stream its first event names, as the verifier's own walk takes it.
        chain ??= new ChainWalk(event.metadata.stream);
        chain.add(event);
        events += 1;
        lastHash = event.metadata.hash;
      }
    }
  } catch {
    return null;
  }
  return { events, lastHash, broken: chain?.broken ?? null };
}
