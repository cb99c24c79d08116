import { realpathSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { main } from './verify-command.js';

/**
 * `umpire verify FILE …` run from source (node --import tsx src/cli/umpire.ts …). The command itself
 * is verify-command.ts, which bin/umpire.js and packages/verify's `umpire-verify` bin call too; this
 * file only adds the entry point, which a bundle importing the command must not carry.
 */
export * from './verify-command.js';

function isEntryPoint(): boolean {
  const script = process.argv[1];
  if (!script) return false;
  try {
    return import.meta.url === pathToFileURL(realpathSync(script)).href;
  } catch {
    return false;
  }
}

if (isEntryPoint()) process.exitCode = await main(process.argv.slice(2));
