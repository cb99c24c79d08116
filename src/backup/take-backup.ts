import Database from 'better-sqlite3';
import { copyFileSync, existsSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BACKUP_MAGIC, SECRET_FILES, STORES } from './backup-contents.js';
import { type BackupEntry, type BackupManifest, digestOf, writeBackupFile } from './backup-file.js';

export interface BackupRequest {
  /** The service's data folder (UMPIRE_DATA_DIR). */
  dataDir: string;
  /** The backup file to write; it must not exist yet. */
  target: string;
  /**
   * Whether the data folder's secret files go in. Taken by whoever holds the machine they do; taken
   * over HTTP they do not (whoever holds the store and the server secret can read every sealed card).
   */
  withSecrets: boolean;
  /** Secrets the service takes from its environment instead of the data folder: named, not copied. */
  secretsFromEnvironment: string[];
}

/** Pages copied in one step of the online backup: all of them, so the copy is one read transaction. */
const ALL_PAGES = 0x7fffffff;

/**
 * A consistent copy of a running service's data folder into one backup file. Each SQLite store is
 * copied with SQLite's online backup API over a connection of its own, in one step: one read
 * transaction, so the copy is the store as it stood at one moment, while writers go on in WAL mode
 * (every append acknowledged before the copy began is in it). The file appears whole or not at all.
 */
export async function takeBackup(request: BackupRequest): Promise<BackupManifest> {
  const { dataDir, target } = request;
  if (existsSync(target)) throw new Error(`${target} exists already: a backup never overwrites a file`);
  if (!existsSync(join(dataDir, 'umpire.db'))) {
    throw new Error(
      `${dataDir} holds no event store (umpire.db): is UMPIRE_DATA_DIR the service's data folder?`,
    );
  }
  const work = mkdtempSync(join(tmpdir(), 'umpire-backup-'));
  try {
    const files: BackupEntry[] = [];
    const sources: string[] = [];
    let storeHead = 0;
    for (const store of STORES) {
      const source = join(dataDir, store.name);
      if (!existsSync(source)) continue;
      const copy = join(work, store.name);
      const db = new Database(source, { fileMustExist: true });
      try {
        db.pragma('busy_timeout = 10000');
        await db.backup(copy, { progress: () => ALL_PAGES });
      } finally {
        db.close();
      }
      if (store.name === 'umpire.db') storeHead = headOf(copy);
      files.push({ name: store.name, ...digestOf(copy), secret: false });
      sources.push(copy);
    }
    const notHeld = [...request.secretsFromEnvironment];
    for (const name of SECRET_FILES) {
      const source = join(dataDir, name);
      if (!existsSync(source)) continue;
      if (!request.withSecrets) {
        notHeld.push(name);
        continue;
      }
      const copy = join(work, name);
      copyFileSync(source, copy);
      files.push({ name, ...digestOf(copy), secret: true });
      sources.push(copy);
    }
    const manifest: BackupManifest = {
      format: BACKUP_MAGIC,
      takenAt: new Date().toISOString(),
      storeHead,
      files,
      notHeld,
    };
    const partial = `${target}.partial`;
    rmSync(partial, { force: true });
    writeBackupFile(partial, manifest, sources);
    renameSync(partial, target);
    return manifest;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** The last global position in a copy of the event store (0 when it holds no event). */
function headOf(file: string): number {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const row = db.prepare('SELECT MAX(position) AS head FROM events').get() as { head: number | null };
    return row.head ?? 0;
  } finally {
    db.close();
  }
}
