import * as crypto from 'node:crypto';
import type { RecordedEvent } from '../event-store/event-store.port.js';
import { GENESIS_HASH } from '../event-store/hash-chain.js';
import { canonicalEnvelope } from '../event-store/canonical-json.js';

/**
 * SHA-256 of prevHash ‖ canonical JSON, in lowercase hex (hash-chain.ts's recipe). The bytes are the
 * UTF-8 of the two texts one after the other, so hashing their concatenation in one call is the same
 * hash; Node.js 20.12 and later hash it without making a Hash object per event (the verifier's chain
 * walk does it 100,000 times for a long match).
 */
const oneShot: typeof crypto.hash | undefined = typeof crypto.hash === 'function' ? crypto.hash : undefined;

export function linkHash(prevHash: string, canonical: string): string {
  return oneShot
    ? oneShot('sha256', prevHash + canonical, 'hex')
    : crypto.createHash('sha256').update(prevHash).update(canonical).digest('hex');
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

/** A walk of the log's chain made apart, started when called; undefined when it could not be made. */
export type ChainApart = () => Promise<ChainWalked | undefined>;
