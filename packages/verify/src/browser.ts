import './browser/install-buffer.js';

/**
 * @umpire/verify in a browser (the package's `browser` export): the same verifier as index.ts, built
 * with node:crypto replaced by browser/node-crypto.ts (@noble/hashes, @noble/curves) and Buffer by
 * browser/buffer.ts. What reads files (the CLI, ExportFile) is left out: a page has texts, which
 * verifyExportText takes. browser/verify-worker.ts runs it off the page's thread.
 */
export { UnreadableInput, verdictOf, verifyExportText } from './verify-export.js';
export type {
  CheckLine,
  CheckpointLine,
  ExportToVerify,
  ExportVerdict,
  VerifyWorkerAnswer,
} from './verdict.js';
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
