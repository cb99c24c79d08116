/**
 * @umpire/verify as a library: the verifier the service's GET/POST /matches/:id/verify and the
 * `umpire verify` command run, with the rulesets of every version it replays (src/rules, through
 * their registry), bundled so that it needs no native module. Its sources are the service's own.
 * browser.ts is the same for a browser (the `browser` export condition).
 */
export { verifyMatchLog, revertTargetsIn, revealedSeedIn } from '../../../src/audit/verifier.js';
export type {
  CheckName,
  CheckpointResult,
  Discrepancy,
  VerificationReport,
  VerifyOptions,
} from '../../../src/audit/verifier.js';
export { verifyPages, type LogPages, type PagedVerifyOptions } from '../../../src/audit/verify-pages.js';
export { MatchLogVerifier, type LogEvent } from '../../../src/audit/match-log-verifier.js';
export {
  ExportFormatError,
  ExportReader,
  parseExport,
  parseExportLine,
  type ExportedEvent,
} from '../../../src/audit/export-format.js';
export {
  checkpointSignatureValid,
  parsePublicKey,
  parseSignedCheckpoint,
  publicKeyId,
  type Checkpoint,
  type SignedCheckpoint,
} from '../../../src/audit/checkpoint.js';
export { ExportFile } from '../../../src/cli/export-file.js';
export { UnreadableInput, verdictOf, verifyExportText } from './verify-export.js';
export type {
  CheckLine,
  CheckpointLine,
  ExportToVerify,
  ExportVerdict,
  VerifyWorkerAnswer,
} from './verdict.js';
export {
  EXIT_DISCREPANCY,
  EXIT_OK,
  EXIT_UNSIGNED,
  EXIT_USAGE,
  verifyCommand,
  verifyMain,
  type Output,
} from '../../../src/cli/verify-command.js';
