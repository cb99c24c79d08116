/**
 * What @umpire/verify offers in Node.js and in a browser alike (index.ts and browser.ts both export
 * it): the match verifier, its paged form, the export reader, checkpoints and the page-side verdict.
 * Its sources are the service's own (src/audit), bundled so that it needs no native module.
 */
export { verifyMatchLog, revertTargetsIn, revealedSeedIn } from '../../../src/audit/verifier.js';
export type {
  CheckName,
  CheckpointResult,
  Discrepancy,
  MatchRulesReplay,
  RulesetReplay,
  RulesReplayed,
  VerificationReport,
  VerifyOptions,
} from '../../../src/audit/verifier.js';
export { verifyPages, type LogPages, type PagedVerifyOptions } from '../../../src/audit/verify-pages.js';
export { MatchLogVerifier } from '../../../src/audit/match-log-verifier.js';
export type { LogEvent } from '../../../src/audit/log-event.js';
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
export { UnreadableInput, verdictOf, verifyExportText } from './verify-export.js';
export { verifyTournamentText } from './verify-tournament-text.js';
export type {
  CheckLine,
  CheckpointLine,
  ExportToVerify,
  ExportVerdict,
  RulesLine,
  TournamentVerdict,
  VerifyWorkerAnswer,
} from './verdict.js';
