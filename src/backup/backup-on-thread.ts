import { answerOnThread, workerStarter } from '../audit/chain-thread.js';
import type { BackupManifest } from './backup-file.js';
import { type BackupRequest, takeBackup } from './take-backup.js';

type Answer = { manifest: BackupManifest } | { error: string };

/**
 * takeBackup on a worker thread (backup-worker.ts beside this module, or its source through tsx);
 * where no worker can start, in line, still a step at a time.
 */
export async function takeBackupApart(request: BackupRequest): Promise<BackupManifest> {
  const start = workerStarter(import.meta.url, 'backup-worker');
  if (!start) return takeBackup(request);
  const answer = await answerOnThread<Answer>(start, request);
  if (!answer) throw new Error('the backup thread ended without an answer');
  if ('error' in answer) throw new Error(answer.error);
  return answer.manifest;
}
