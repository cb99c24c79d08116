import { parsePublicKey } from '../../../src/audit/checkpoint.js';
import { TournamentExportVerifier } from '../../../src/audit/tournament-export-verifier.js';
import { tournamentVerdict } from '../../../src/cli/verify-tournament.js';
import type { TournamentVerdict } from './verdict.js';

/**
 * A tournament export verified from its text, as a page holds it after GET /tournaments/:id/export or
 * a file picked from disk: the verifier `umpire verify` runs on a tournament file
 * (TournamentExportVerifier, a line at a time) and the same last line, without --allow-unsigned.
 * `publicKey` is the GET /audit/public-key document, a PEM or a JWK, as text; an unreadable key throws.
 */
export function verifyTournamentText(input: { exportText: string; publicKey?: string }): TournamentVerdict {
  const key = input.publicKey === undefined ? undefined : parsePublicKey(input.publicKey);
  const verifier = new TournamentExportVerifier(key);
  let start = 0;
  const text = input.exportText;
  // Line by line without splitting the whole text at once: one stream's events are held at a time.
  while (start < text.length) {
    const end = text.indexOf('\n', start);
    const stop = end < 0 ? text.length : end;
    verifier.line(text.slice(start, stop));
    start = stop + 1;
  }
  const report = verifier.finish();
  return {
    verified: report.ok && report.unverifiedSignatures === 0,
    summary: tournamentVerdict(report, false).last,
    tournamentId: report.tournamentId,
    tournament: report.tournament,
    matches: report.matches,
    unverifiedSignatures: report.unverifiedSignatures,
    problems: report.problems,
  };
}
