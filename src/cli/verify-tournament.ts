import type { KeyObject } from 'node:crypto';
import {
  type TournamentExportReport,
  TournamentExportVerifier,
} from '../audit/tournament-export-verifier.js';

/** Exit statuses, as verify-command.ts gives them (kept here too so that the two files import one way). */
const EXIT_OK = 0;
const EXIT_DISCREPANCY = 1;
const EXIT_UNSIGNED = 3;

export interface TournamentVerifyOptions {
  publicKey?: KeyObject;
  allowUnsigned: boolean;
  json: boolean;
}

const mark = (ok: boolean): string => (ok ? 'ok' : 'FAILED');

function reportLines(report: TournamentExportReport, file: string): string[] {
  const { tournament } = report;
  return [
    `umpire verify ${file}`,
    `  tournament    ${report.tournamentId ?? 'unknown'}, ${tournament.events} events`,
    `  chain         ${tournament.chain}`,
    `  closing       ${tournament.checkpoint}`,
    `  summary       ${tournament.summary} (standings recomputed from the events)`,
    `  rules         ${tournament.rules}`,
    `  results       ${tournament.results}`,
    ...report.matches.flatMap((m) => [
      `  match         ${mark(m.ok)}: ${m.matchId}, ${m.events} events, ${m.message}`,
      `    rules       ${m.rules.message}`,
    ]),
    ...report.problems.map((problem) => `  problem       ${problem}`),
  ];
}

/**
 * A tournament export (GET /tournaments/:id/export) verified offline, a line at a time: every match's
 * chain, outcomes and checkpoint, the tournament stream's chain and checkpoint, its summary and
 * standings recomputed from its events, and each referee result against the match's MatchEnded
 * (TournamentExportVerifier). The same exit statuses as a match export.
 */
export function verifyTournamentFile(
  lines: Iterable<string>,
  file: string,
  options: TournamentVerifyOptions,
  io: { out(line: string): void; err(line: string): void },
): number {
  const verifier = new TournamentExportVerifier(options.publicKey);
  for (const line of lines) verifier.line(line);
  const report = verifier.finish();
  const { last, status } = tournamentVerdict(report, options.allowUnsigned);
  if (options.json) io.out(JSON.stringify(report, null, 2));
  else [...reportLines(report, file), last].forEach((line) => io.out(line));
  if (options.json && status !== EXIT_OK) io.err(last);
  return status;
}

/**
 * The verdict on a tournament export's report, one line and an exit status: the command line prints
 * it, and a page (packages/verify's browser build) shows the same line, so VERIFIED means the same in both.
 */
export function tournamentVerdict(
  report: TournamentExportReport,
  allowUnsigned: boolean,
): { last: string; status: number } {
  if (!report.ok)
    return {
      last: `FAILED: ${report.problems[0] ?? 'the export does not verify'}`,
      status: EXIT_DISCREPANCY,
    };
  if (report.unverifiedSignatures === 0) return { last: 'VERIFIED: every check holds', status: EXIT_OK };
  if (!allowUnsigned) {
    return {
      last: `NOT VERIFIED: the checks hold, but ${report.unverifiedSignatures} checkpoint signatures were not checked (no --public-key); give --public-key FILE (GET /audit/public-key), or --allow-unsigned to accept the export without that proof`,
      status: EXIT_UNSIGNED,
    };
  }
  return {
    last: `VERIFIED the logs only (--allow-unsigned): ${report.unverifiedSignatures} checkpoint signatures were not checked`,
    status: EXIT_OK,
  };
}
