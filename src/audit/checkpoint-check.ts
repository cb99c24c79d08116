import type { SignedCheckpoint } from './checkpoint.js';
import type { CheckpointResult } from './verification-report.js';

/** A checkpoint given to the verifier: its signature's verdict, and the log's hash at its revision once met. */
export interface KeptCheckpoint {
  signed: SignedCheckpoint;
  signature: CheckpointResult['signature'];
  /** The hash of the first event of the log at the checkpoint's revision, once seen. */
  found: string | undefined;
}

/**
 * C-3: the checkpoints kept from earlier, then the one an export closes with: each signature (checked
 * when the verifier was given the key), and whether the log still holds that hash at that revision;
 * the closing one must also cover the log's last event. An export without one may have been cut short.
 * Findings go to `report`, with their place among the checkpoints' findings.
 */
export function checkCheckpoints(
  log: {
    stream: string;
    /** The revision of the log's last event. */
    last: number;
    kept: readonly KeptCheckpoint[];
    end: KeptCheckpoint | 'missing' | undefined;
    /** The id of the public key signatures were checked with, if any. */
    keyId: string | null;
  },
  report: (revision: number, message: string, place: number) => void,
): CheckpointResult[] {
  const { stream, last, keyId } = log;
  const results: CheckpointResult[] = [];
  const all: [KeptCheckpoint, boolean][] = log.kept.map((k) => [k, false]);
  if (log.end && log.end !== 'missing') all.push([log.end, true]);
  all.forEach(([entry, atEnd], n) => {
    const { signed, signature } = entry;
    const { checkpoint } = signed;
    const { revision } = checkpoint;
    const place = n * 2;
    const what = atEnd ? 'the export’s closing checkpoint' : 'the checkpoint';
    if (signature === 'invalid') {
      report(
        revision,
        `${what} at event ${revision} does not verify with the public key ${keyId}${signed.keyId && signed.keyId !== keyId ? ` (it names key ${signed.keyId})` : ''}: it was altered or not signed by this service`,
        place,
      );
    }
    let matches = false;
    if (checkpoint.stream !== stream) {
      report(revision, `${what} is for stream ${checkpoint.stream}, not ${stream}`, place + 1);
    } else if (entry.found === undefined) {
      report(
        revision,
        `${atEnd ? 'the export’s closing checkpoint' : 'a checkpoint'} signed at ${checkpoint.signedAt} covers event ${revision}, but the log ends at event ${last}: events were removed`,
        place + 1,
      );
    } else if (entry.found !== checkpoint.hash) {
      report(
        revision,
        `event ${revision} has hash ${entry.found}, but ${atEnd ? 'the export’s closing checkpoint' : 'the checkpoint'} signed at ${checkpoint.signedAt} says ${checkpoint.hash}: the log up to event ${revision} was rewritten since`,
        place + 1,
      );
    } else if (atEnd && revision !== last) {
      // The service signs the head of what it exports: events after it were added to the file.
      report(
        revision + 1,
        `the export’s closing checkpoint covers event ${revision}, its last, but the file goes on to event ${last}: events were added after the export`,
        place + 1,
      );
    } else {
      matches = true;
    }
    results.push({
      revision,
      hash: checkpoint.hash,
      signedAt: checkpoint.signedAt,
      keyId: signed.keyId,
      signature,
      matches,
      ...(atEnd ? { closing: true } : {}),
    });
  });
  if (log.end === 'missing') {
    // Where the missing part would begin: after the last event the file holds.
    report(
      last + 1,
      `the export ends at event ${last} without the signed checkpoint the service writes after the last event of every export: it may have been cut short`,
      all.length * 2,
    );
  }
  return results;
}
