import { realpathSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { BACKUP_USAGE, backupMain } from './backup-command.js';
import { main as verifyOrHelp, type Output } from './verify-command.js';

/**
 * `umpire verify FILE …`, `umpire backup FILE`, `umpire restore FILE` run from source (node --import
 * tsx src/cli/umpire.ts …) or through bin/umpire.js. The verify command itself is verify-command.ts,
 * which packages/verify's `umpire-verify` bin calls too; backup and restore are here only, since they
 * open the SQLite store, which that bundle does not carry.
 */
export * from './verify-command.js';

const consoleLines: Output = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
};

/** The whole command line after `umpire`; returns the exit status. */
export async function main(argv: readonly string[], io: Output = consoleLines): Promise<number> {
  const [command, ...rest] = argv;
  if (command === 'backup' || command === 'restore') return backupMain(command, rest, io);
  const status = await verifyOrHelp(argv, io);
  if (command === '--help' || command === '-h' || command === 'help') io.out(`\n${BACKUP_USAGE}`);
  return status;
}

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
