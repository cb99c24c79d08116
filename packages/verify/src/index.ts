/**
 * @umpire/verify as a library: the verifier the service's GET/POST /matches/:id/verify and the
 * `umpire verify` command run, with the rulesets of every version it replays (src/rules, through
 * their registry), bundled so that it needs no native module. Its sources are the service's own.
 * browser.ts is the same for a browser (the `browser` export condition).
 */
export * from './verifier-api.js';
export { ExportFile } from '../../../src/cli/export-file.js';
export {
  isTournamentExport,
  TournamentExportVerifier,
  verifyTournamentExport,
  type TournamentExportReport,
} from '../../../src/audit/tournament-export-verifier.js';
export {
  EXIT_DISCREPANCY,
  EXIT_OK,
  EXIT_UNSIGNED,
  EXIT_USAGE,
  verifyCommand,
  verifyMain,
  type Output,
} from '../../../src/cli/verify-command.js';
