import { processPool } from '../worker-pool/process-pool.js';
import { WorkerJobError } from '../worker-pool/worker-pool.js';
import type { BackupManifest } from './backup-file.js';
import { type BackupRequest, takeBackup } from './take-backup.js';

/**
 * takeBackup on a pool worker (src/workers/backup.ts); where no worker can start, in line, still a
 * step at a time. A backup that fails on the worker fails with its own message.
 */
export async function takeBackupApart(request: BackupRequest): Promise<BackupManifest> {
  const pool = processPool();
  if (!pool) return takeBackup(request);
  try {
    return await pool.run<BackupManifest>('backup', request);
  } catch (error) {
    if (error instanceof WorkerJobError) throw new Error(error.message, { cause: error });
    throw new Error(`the backup thread ended without an answer (${(error as Error).message})`, {
      cause: error,
    });
  }
}
