import type { BackupManifest } from '../backup/backup-file.js';
import { type BackupRequest, takeBackup } from '../backup/take-backup.js';

/**
 * The organiser route's backup, on a thread of its own: the online copy of a store is one step that
 * reads the whole file, which must not hold the event loop that serves the tables. Answers the
 * manifest; a failure is the job's error.
 */
export function run(request: BackupRequest): Promise<BackupManifest> {
  return takeBackup(request);
}
