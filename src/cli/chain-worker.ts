import { parentPort, workerData } from 'node:worker_threads';
import { type ChainWalked, walkChainOf } from '../audit/chain-walk.js';
import { ExportFile } from './export-file.js';

/**
 * `umpire verify`'s second thread (issue 12): walks the export's hash chain (RFC 8785 canonical JSON
 * and SHA-256 of every event, a third of a verification's work) while the main thread re-decides the
 * rules on its own read of the same file. Answers what it saw (ChainWalked), or null when it could
 * not read the file: the verification then walks the chain itself (verify-pages.ts).
 */
function walk(path: string): ChainWalked | null {
  return walkChainOf(new ExportFile(path).pages());
}

parentPort?.postMessage(walk((workerData as { path: string }).path));
