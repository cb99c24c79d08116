import type {
  ExportVerdict,
  TournamentVerdict,
  VerifyWorkerAnswer,
} from '../../packages/verify/src/verdict.js';

/**
 * What a verification in the browser comes to: the verifier's verdict (on a match or a tournament
 * export), or an export with a line that
 * does not read as one. That is a discrepancy, as `umpire verify` reports it (FAILED, naming the line):
 * an altered export is not merely "unreadable". Anything else unreadable, or the verifier failing,
 * gives no verdict at all and is thrown.
 */
export type VerifyOutcome =
  | { verdict: ExportVerdict }
  | { tournament: TournamentVerdict }
  | { failedLine: { line: number; summary: string } };

export function outcomeOf(answer: VerifyWorkerAnswer): VerifyOutcome {
  if ('verdict' in answer) return { verdict: answer.verdict };
  if ('tournament' in answer) return { tournament: answer.tournament };
  if ('unreadable' in answer) {
    if (answer.line !== undefined)
      return {
        failedLine: {
          line: answer.line,
          summary: `FAILED: line ${answer.line} of the export does not read as an export line (${answer.unreadable}): the export was altered or is not a match export`,
        },
      };
    throw new Error(`The verifier could not read what the service sent: ${answer.unreadable}`);
  }
  throw new Error(`The verifier failed: ${answer.error}`);
}
