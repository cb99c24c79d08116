import { parentPort, workerData } from 'node:worker_threads';
import { type BackupRequest, takeBackup } from './take-backup.js';

/**
 * The organiser route's backup, on a thread of its own: the online copy of a store is one step that
 * reads the whole file, which must not hold the event loop that serves the tables. Answers
 * `{ manifest }` or `{ error }`.
 */
takeBackup(workerData as BackupRequest).then(
  (manifest) => parentPort?.postMessage({ manifest }),
  (error: unknown) => parentPort?.postMessage({ error: (error as Error).message ?? String(error) }),
);
