import { ChainWalk } from './chain-walk.js';
import { type Findings, Pass } from './findings.js';
import type { LogEvent } from './log-event.js';
import type { VerificationReport } from './verification-report.js';

/**
 * C-3: the log's hash chain, up to its first broken link: each event links to the one before and hashes to
 * its recorded hash (hash-chain.ts's recipe). Walked here as the events pass, or apart (a worker thread
 * reading the same file) and handed in by `walked`.
 */
export class ChainCheck {
  private walk: ChainWalk | null = null;
  private stream: string | null = null;
  private brokenAt: number | null = null;

  constructor(
    private readonly findings: Findings,
    private readonly walkHere: boolean,
  ) {}

  /** The stream the log's first event names (null: none, and there is no chain to walk). */
  begin(stream: string | null): void {
    this.stream = stream;
    if (stream !== null && this.walkHere) this.walk = new ChainWalk(stream);
  }

  add(event: LogEvent): void {
    const walk = this.walk;
    if (!walk || walk.broken) return;
    if (walk.add(event)) return;
    this.broke(walk.broken!);
  }

  /** The verdict of a walk made apart, over exactly the events this verifier was given. */
  walked(broken: { revision: number; reason: string } | null): void {
    if (this.walkHere) throw new Error('this verifier walks the chain itself');
    if (broken && this.stream !== null) this.broke(broken);
  }

  /** The report's section for a log of `events` events. */
  section(events: number): VerificationReport['checked']['chain'] {
    const links = this.stream === null ? 0 : this.brokenAt === null ? events : this.brokenAt - 1;
    const ok = !this.findings.has('chain');
    return {
      ok,
      links,
      message: ok
        ? `intact: ${links} events, each linked to the one before and hashing to its recorded hash`
        : `intact up to event ${links}`,
    };
  }

  private broke(broken: { revision: number; reason: string }): void {
    this.brokenAt = broken.revision;
    this.findings.add(
      broken.revision,
      'C-3',
      'chain',
      `the hash chain breaks at event ${broken.revision}: ${broken.reason}`,
      Pass.Chain,
    );
  }
}
