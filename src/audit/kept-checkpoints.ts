import { checkCheckpoints, type KeptCheckpoint } from './checkpoint-check.js';
import { checkpointSignatureValid, publicKeyId, type SignedCheckpoint } from './checkpoint.js';
import { type Findings, Pass } from './findings.js';
import type { VerificationReport, VerifyOptions } from './verification-report.js';

/**
 * C-3: the checkpoints a verification is given (kept from earlier, and the one an export closes with),
 * their signatures checked once, and the log's hash at each one's revision noted as the events pass.
 */
export class KeptCheckpoints {
  private readonly kept: KeptCheckpoint[];
  private readonly keptAt = new Map<number, KeptCheckpoint[]>();
  private readonly end: KeptCheckpoint | 'missing' | undefined;
  private readonly keyId: string | null;

  constructor(options: Pick<VerifyOptions, 'checkpoints' | 'endCheckpoint' | 'publicKey'>) {
    const { publicKey } = options;
    this.keyId = publicKey ? publicKeyId(publicKey) : null;
    const keep = (signed: SignedCheckpoint): KeptCheckpoint => {
      const signature = publicKey
        ? checkpointSignatureValid(signed, publicKey)
          ? 'valid'
          : 'invalid'
        : 'not-checked';
      const entry: KeptCheckpoint = { signed, signature, found: undefined };
      const at = this.keptAt.get(signed.checkpoint.revision) ?? [];
      at.push(entry);
      this.keptAt.set(signed.checkpoint.revision, at);
      return entry;
    };
    this.kept = (options.checkpoints ?? []).map(keep);
    const { endCheckpoint } = options;
    this.end =
      endCheckpoint === undefined || endCheckpoint === 'missing' ? endCheckpoint : keep(endCheckpoint);
  }

  /** The log holds `hash` at `revision` (its first event there counts). */
  see(revision: number, hash: string): void {
    const checkpoints = this.keptAt.get(revision);
    if (checkpoints === undefined) return;
    for (const checkpoint of checkpoints) if (checkpoint.found === undefined) checkpoint.found = hash;
  }

  /** The report's section, for the log of `stream` ending at revision `last` (no stream: an empty log). */
  section(
    findings: Findings,
    log: { stream: string | null; last: number },
  ): VerificationReport['checked']['checkpoints'] {
    const checked =
      log.stream === null
        ? []
        : checkCheckpoints(
            { stream: log.stream, last: log.last, kept: this.kept, end: this.end, keyId: this.keyId },
            (revision, message, place) =>
              findings.add(revision, 'C-3', 'checkpoints', message, Pass.Checkpoints, place),
          );
    const held = checked.filter((c) => c.matches && c.signature !== 'invalid').length;
    const unchecked = checked.filter((c) => c.signature === 'not-checked').length;
    return {
      ok: !findings.has('checkpoints'),
      checked,
      unverifiedSignatures: unchecked,
      message: [
        checked.length === 0 ? 'no checkpoint given' : `${held} of ${checked.length} checkpoints hold`,
        unchecked > 0
          ? `${unchecked} checkpoint signature${unchecked === 1 ? ' was' : 's were'} NOT checked (no public key): unverified`
          : '',
        this.kept.length === 0
          ? 'without a checkpoint kept from earlier, the chain proves only that these events agree with each other: whoever holds the store could have rewritten the log whole, recomputing every hash, and it would verify'
          : '',
      ]
        .filter(Boolean)
        .join('; '),
    };
  }
}
