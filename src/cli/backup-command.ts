import { configFromEnv } from '../config/app-config.js';
import type { BackupManifest } from '../backup/backup-file.js';
import { restoreBackup } from '../backup/restore-backup.js';
import { takeBackup } from '../backup/take-backup.js';

/** What the command prints to, as verify-command's Output. */
export interface Lines {
  out(line: string): void;
  err(line: string): void;
}

export const BACKUP_USAGE = `usage: umpire backup FILE     a consistent copy of the running service's data folder (UMPIRE_DATA_DIR)
       umpire restore FILE    lays a backup into an empty UMPIRE_DATA_DIR, for a service started there

Exit status: 0 done, 1 the backup or restore failed (nothing is left half-written), 2 bad usage.`;

/** The secrets a service takes from its environment: a backup names them, and cannot hold them. */
function secretsFromEnvironment(env: NodeJS.ProcessEnv): string[] {
  return [
    'UMPIRE_SERVER_SECRET',
    'UMPIRE_SERVER_SECRET_FILE',
    'UMPIRE_SIGNING_KEY',
    'UMPIRE_ORGANISER_KEY',
  ].filter((name) => Boolean(env[name]));
}

/** The data folder exactly as the service resolves it, without the rest of its configuration's checks. */
function dataFolder(env: NodeJS.ProcessEnv): { dataDir: string; esdb: boolean } {
  const { dataDir, eventStoreConnectionString } = configFromEnv({
    ...(env.UMPIRE_DATA_DIR ? { UMPIRE_DATA_DIR: env.UMPIRE_DATA_DIR } : {}),
    ...(env.EVENTSTORE_CONNECTION_STRING
      ? { EVENTSTORE_CONNECTION_STRING: env.EVENTSTORE_CONNECTION_STRING }
      : {}),
  });
  return { dataDir, esdb: eventStoreConnectionString !== undefined };
}

function describe(manifest: BackupManifest): string[] {
  const lines = manifest.files.map(
    (f) =>
      `  ${f.name.padEnd(16)} ${f.size} bytes${f.name === 'umpire.db' ? `, events up to position ${manifest.storeHead}` : ''}`,
  );
  for (const name of manifest.notHeld) {
    lines.push(
      `  not held         ${name}: give the restored service the same ${name.startsWith('UMPIRE_') ? name : `${name} file`}, or it is not the same service`,
    );
  }
  return lines;
}

export async function backupMain(
  command: 'backup' | 'restore',
  args: readonly string[],
  io: Lines,
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    io.out(BACKUP_USAGE);
    return 0;
  }
  if (args.length !== 1 || args[0]!.startsWith('-')) {
    io.err(`umpire ${command}: ${args.length === 0 ? 'FILE is missing' : 'give one FILE'}`);
    io.err(BACKUP_USAGE);
    return 2;
  }
  const file = args[0]!;
  const { dataDir, esdb } = dataFolder(env);
  if (esdb) {
    io.err(
      `umpire ${command}: the store is EventStoreDB (EVENTSTORE_CONNECTION_STRING): back it up with EventStoreDB's own backup; this command copies the embedded SQLite store`,
    );
    return 2;
  }
  try {
    if (command === 'backup') {
      const manifest = await takeBackup({
        dataDir,
        target: file,
        withSecrets: true,
        secretsFromEnvironment: secretsFromEnvironment(env),
      });
      io.out(`umpire backup ${file}: ${dataDir} as it stood at ${manifest.takenAt}`);
      describe(manifest).forEach((line) => io.out(line));
      io.out('Keep it where the data folder is not: it holds the service secret and signing key.');
    } else {
      const manifest = restoreBackup(file, dataDir);
      io.out(`umpire restore ${file}: into ${dataDir}, the backup taken at ${manifest.takenAt}`);
      describe(manifest).forEach((line) => io.out(line));
      io.out('Start the service on this folder; it rebuilds its read models from the store.');
    }
    return 0;
  } catch (error) {
    io.err(`umpire ${command}: ${(error as Error).message}`);
    return 1;
  }
}
