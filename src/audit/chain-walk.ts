import { createHash } from 'node:crypto';
import type { RecordedEvent } from '../event-store/event-store.port.js';
import { GENESIS_HASH } from '../event-store/hash-chain.js';
import { canonicalEnvelope } from '../event-store/canonical-json.js';

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
    } else if (
      createHash('sha256').update(metadata.prevHash).update(canonicalEnvelope(event)).digest('hex') !==
      metadata.hash
    ) {
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
