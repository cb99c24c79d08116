import { createHash } from 'node:crypto';
import { closeSync, openSync, readSync, writeSync, fstatSync } from 'node:fs';
import { BACKUP_MAGIC } from './backup-contents.js';

/** One file inside a backup: its name in the data folder, size, SHA-256 and whether it is a secret. */
export interface BackupEntry {
  name: string;
  size: number;
  sha256: string;
  secret: boolean;
}

export interface BackupManifest {
  format: typeof BACKUP_MAGIC;
  takenAt: string;
  /** The event store's last global position when it was copied: every event up to it is in the backup. */
  storeHead: number;
  files: BackupEntry[];
  /** What the restored service needs that the backup does not hold (secrets set in its environment). */
  notHeld: string[];
}

const CHUNK = 1 << 20;

/**
 * A backup file: the magic line, the manifest as one line of JSON, then each file's bytes one after
 * another in the manifest's order. Read and written a chunk at a time, so its size costs no memory.
 */
export function writeBackupFile(target: string, manifest: BackupManifest, sources: readonly string[]): void {
  const out = openSync(target, 'wx', 0o600);
  try {
    writeSync(out, `${BACKUP_MAGIC}\n${JSON.stringify(manifest)}\n`);
    const buffer = Buffer.allocUnsafe(CHUNK);
    sources.forEach((source, i) => {
      const entry = manifest.files[i]!;
      const input = openSync(source, 'r');
      try {
        let copied = 0;
        for (
          let read = readSync(input, buffer, 0, CHUNK, null);
          read > 0;
          read = readSync(input, buffer, 0, CHUNK, null)
        ) {
          writeSync(out, buffer, 0, read);
          copied += read;
        }
        if (copied !== entry.size) throw new Error(`${entry.name} changed while it was copied`);
      } finally {
        closeSync(input);
      }
    });
  } finally {
    closeSync(out);
  }
}

/** The SHA-256 and size of a file, read a chunk at a time. */
export function digestOf(path: string): { size: number; sha256: string } {
  const hash = createHash('sha256');
  const fd = openSync(path, 'r');
  const buffer = Buffer.allocUnsafe(CHUNK);
  let size = 0;
  try {
    for (
      let read = readSync(fd, buffer, 0, CHUNK, null);
      read > 0;
      read = readSync(fd, buffer, 0, CHUNK, null)
    ) {
      hash.update(buffer.subarray(0, read));
      size += read;
    }
  } finally {
    closeSync(fd);
  }
  return { size, sha256: hash.digest('hex') };
}

export class BackupFormatError extends Error {}

/** Reads a backup's manifest and where its contents begin; refuses anything that is not a backup. */
export function readManifest(path: string): { manifest: BackupManifest; dataStart: number; fd: number } {
  const fd = openSync(path, 'r');
  try {
    const head = Buffer.alloc(Math.min(fstatSync(fd).size, 4 * CHUNK));
    readSync(fd, head, 0, head.length, 0);
    const first = head.indexOf(10);
    const second = first === -1 ? -1 : head.indexOf(10, first + 1);
    if (first === -1 || second === -1 || head.toString('utf8', 0, first) !== BACKUP_MAGIC) {
      throw new BackupFormatError(
        `${path} is not an umpire backup (it does not begin with "${BACKUP_MAGIC}")`,
      );
    }
    let manifest: BackupManifest;
    try {
      manifest = JSON.parse(head.toString('utf8', first + 1, second)) as BackupManifest;
    } catch {
      throw new BackupFormatError(`${path}: its manifest is not JSON`);
    }
    if (!Array.isArray(manifest.files)) throw new BackupFormatError(`${path}: its manifest lists no files`);
    const total = manifest.files.reduce((sum, f) => sum + f.size, 0);
    if (fstatSync(fd).size !== second + 1 + total) {
      throw new BackupFormatError(
        `${path} is cut short or has bytes added: its size is not what its manifest says`,
      );
    }
    return { manifest, dataStart: second + 1, fd };
  } catch (error) {
    closeSync(fd);
    throw error;
  }
}

/** Copies `size` bytes from `position` of `fd` into a new file, checking them against `sha256`. */
export function extractEntry(fd: number, position: number, entry: BackupEntry, target: string): void {
  const out = openSync(target, 'wx', entry.secret ? 0o600 : 0o644);
  const hash = createHash('sha256');
  const buffer = Buffer.allocUnsafe(CHUNK);
  try {
    let left = entry.size;
    let at = position;
    while (left > 0) {
      const read = readSync(fd, buffer, 0, Math.min(CHUNK, left), at);
      if (read === 0) throw new BackupFormatError(`the backup ends inside ${entry.name}`);
      hash.update(buffer.subarray(0, read));
      writeSync(out, buffer, 0, read);
      left -= read;
      at += read;
    }
  } finally {
    closeSync(out);
  }
  if (hash.digest('hex') !== entry.sha256) {
    throw new BackupFormatError(
      `${entry.name} in the backup does not match its SHA-256: the backup was altered`,
    );
  }
}
