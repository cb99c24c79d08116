import './browser/install-buffer.js';

/**
 * @umpire/verify in a browser (the package's `browser` export): the same verifier as index.ts, built
 * with node:crypto replaced by browser/node-crypto.ts (@noble/hashes, @noble/curves) and Buffer by
 * browser/buffer.ts. What reads files (the CLI, ExportFile) is left out: a page has texts, which
 * verifyExportText takes. browser/verify-worker.ts runs it off the page's thread.
 */
export * from './verifier-api.js';
