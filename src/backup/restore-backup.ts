import { closeSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { STORES } from './backup-contents.js';
import { type BackupManifest, BackupFormatError, extractEntry, readManifest } from './backup-file.js';

/** A file name a backup may lay into a data folder: one of the stores or secrets, never a path. */
const NAME = /^[a-z][a-z0-9.-]{0,63}$/;

/**
 * Lays a backup into an empty (or missing) data folder: each file checked against its SHA-256 before
 * the folder is filled, so a damaged backup leaves the folder as it was. A folder that holds anything
 * is refused: restoring over a live service's data would mix two services.
 */
export function restoreBackup(file: string, dataDir: string): BackupManifest {
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
    throw new Error(
      `${dataDir} is not empty: restore into an empty data folder (or one that does not exist yet)`,
    );
  }
  const { manifest, dataStart, fd } = readManifest(file);
  // Staged inside the folder itself, so that moving the files into place never crosses a disk.
  const staging = join(dataDir, '.restoring');
  try {
    if (!manifest.files.some((f) => f.name === 'umpire.db')) {
      throw new BackupFormatError(`${file} holds no event store`);
    }
    mkdirSync(staging, { recursive: true, mode: 0o700 });
    let at = dataStart;
    for (const entry of manifest.files) {
      if (!NAME.test(entry.name) || (!entry.secret && !STORES.some((s) => s.name === entry.name))) {
        throw new BackupFormatError(
          `${file} holds a file umpire does not restore: ${JSON.stringify(entry.name)}`,
        );
      }
      extractEntry(fd, at, entry, join(staging, entry.name));
      at += entry.size;
    }
    for (const entry of manifest.files) renameSync(join(staging, entry.name), join(dataDir, entry.name));
    return manifest;
  } finally {
    closeSync(fd);
    rmSync(staging, { recursive: true, force: true });
  }
}
