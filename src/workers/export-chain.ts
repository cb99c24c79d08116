import { type ChainWalked, walkChainOf } from '../audit/chain-walk.js';
import { ExportFile } from '../cli/export-file.js';

/**
 * `umpire verify`'s second thread: walks the export's hash chain (RFC 8785 canonical JSON and
 * SHA-256 of every event, a third of a verification's work) while the main thread re-decides the
 * rules on its own read of the same file. Answers what it saw (ChainWalked), or null when it could
 * not read the file: the verification then walks the chain itself (verify-pages.ts).
 */
export function run({ path }: { path: string }): ChainWalked | null {
  return walkChainOf(new ExportFile(path).pages());
}
