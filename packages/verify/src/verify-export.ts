import { parsePublicKey, parseSignedCheckpoint } from '../../../src/audit/checkpoint.js';
import { ExportFormatError } from '../../../src/audit/export-format.js';
import type { VerificationReport } from '../../../src/audit/verifier.js';
import { isTournamentExport } from '../../../src/audit/tournament-export-verifier.js';
import { verifyPages } from '../../../src/audit/verify-pages.js';
import { ExportText } from './export-text.js';
import { verifyTournamentText } from './verify-tournament-text.js';
import type {
  CheckLine,
  CheckpointLine,
  ExportToVerify,
  ExportVerdict,
  VerifyWorkerAnswer,
} from './verdict.js';

export type { CheckLine, CheckpointLine, ExportToVerify, ExportVerdict, RulesLine } from './verdict.js';

/** The export, checkpoints or key could not be read at all (no verdict on the log). */
export class UnreadableInput extends Error {
  override readonly name = 'UnreadableInput';
  constructor(
    message: string,
    /** The export's line that does not read as one (1-based), when it is the export that is unreadable. */
    readonly line?: number,
  ) {
    super(message);
  }
}

/**
 * One export verified from texts held in memory, as a browser has them after three fetches (GET
 * /matches/:id/export, /matches/:id/checkpoint, /audit/public-key): the same verifier `umpire verify`
 * runs, and the same verdict, so VERIFIED means the same thing in a page as on a command line. Plain
 * data in and out, so that it crosses to and from a Web Worker as is.
 */
export async function verifyExportText(input: ExportToVerify): Promise<ExportVerdict> {
  const checkpoints = (input.checkpoints ?? []).map((value, i) =>
    readable(() => parseSignedCheckpoint(value, `checkpoint ${i + 1}`)),
  );
  const publicKey =
    input.publicKey === undefined
      ? undefined
      : readable(() => parsePublicKey(input.publicKey!), 'the public key: ');
  const exported = new ExportText(input.exportText);
  const closing = exported.closing();
  let report: VerificationReport;
  try {
    // In pages, as `umpire verify` reads a file: memory follows the match's state, not its length.
    report = await verifyPages(() => exported.pages(), {
      checkpoints,
      endCheckpoint: closing ?? 'missing',
      ...(publicKey ? { publicKey } : {}),
      ...exported.hints(),
    });
  } catch (error) {
    if (error instanceof ExportFormatError)
      throw new UnreadableInput(`not a match export: ${error.message}`, error.line);
    throw error;
  }
  return verdictOf(report);
}

function readable<T>(read: () => T, prefix = ''): T {
  try {
    return read();
  } catch (error) {
    throw new UnreadableInput(prefix + (error instanceof Error ? error.message : String(error)));
  }
}

/** The report as the command line judges it (verify-command.ts, without --allow-unsigned). */
export function verdictOf(report: VerificationReport): ExportVerdict {
  const { checked } = report;
  const rolls = checked.serverRolls;
  const checks: CheckLine[] = [
    { check: 'chain', status: checked.chain.ok ? 'ok' : 'failed', message: checked.chain.message },
    { check: 'outcomes', status: checked.outcomes.ok ? 'ok' : 'failed', message: checked.outcomes.message },
    {
      check: 'serverRolls',
      status: !rolls.ok
        ? 'failed'
        : rolls.status === 'pending-seed'
          ? 'pending'
          : rolls.status === 'not-applicable'
            ? 'none'
            : 'ok',
      message: rolls.message,
    },
    {
      check: 'reveals',
      status: !checked.reveals.ok ? 'failed' : checked.reveals.reveals === 0 ? 'none' : 'ok',
      message: checked.reveals.message,
    },
    {
      check: 'checkpoints',
      status: checked.checkpoints.ok ? 'ok' : 'failed',
      message: checked.checkpoints.message,
    },
  ];
  const checkpoints = checked.checkpoints.checked.map((c): CheckpointLine => ({
    revision: c.revision,
    closing: c.closing === true,
    signature: c.signature,
    matches: c.matches,
  }));
  const first = report.firstDiscrepancy;
  const unchecked = checked.checkpoints.unverifiedSignatures;
  // An export without its closing checkpoint is already a discrepancy (endCheckpoint 'missing').
  const verified = !first && unchecked === 0;
  const summary = first
    ? `FAILED: the first discrepancy is at event ${first.revision}, rule ${first.ruleId}: ${first.message}`
    : verified
      ? 'VERIFIED: every check holds'
      : `NOT VERIFIED: the log's checks hold, but ${unchecked} checkpoint signature${unchecked === 1 ? ' was' : 's were'} not checked (no public key)`;
  return {
    verified,
    summary,
    matchId: report.matchId,
    events: checked.events,
    head: report.head,
    rules: report.rules,
    ...(first
      ? {
          firstFinding: {
            revision: first.revision,
            ruleId: first.ruleId,
            check: first.check,
            message: first.message,
          },
        }
      : {}),
    checks,
    checkpoints,
  };
}

/**
 * What the verify worker answers to one input: a match's verdict or a tournament's, what could not be
 * read (and which line), or a failure.
 */
export async function answerTo(input: ExportToVerify): Promise<VerifyWorkerAnswer> {
  try {
    const firstEnd = input.exportText.indexOf('\n');
    const firstLine = firstEnd < 0 ? input.exportText : input.exportText.slice(0, firstEnd);
    // Told apart as `umpire verify` tells them: a tournament export opens with its summary.
    if (isTournamentExport(firstLine)) {
      // A key that does not read is said as such, as for a match, before any verification.
      if (input.publicKey !== undefined) readable(() => parsePublicKey(input.publicKey!), 'the public key: ');
      return { tournament: verifyTournamentText(input) };
    }
    return { verdict: await verifyExportText(input) };
  } catch (error) {
    if (error instanceof UnreadableInput)
      return { unreadable: error.message, ...(error.line === undefined ? {} : { line: error.line }) };
    return { error: error instanceof Error ? error.message : String(error) };
  }
}
