import { parentPort } from 'node:worker_threads';
import type { JobAnswer, JobMessage, JobName } from '../worker-pool/jobs.js';

/**
 * The one worker entry point of the pool (src/worker-pool/): each message `{ id, job, work }` is
 * answered `{ id, ok, answer }` or `{ id, ok: false, error }`, one job at a time. A job's module is
 * loaded the first time the job is asked for, so a worker that only takes backups never loads the rules.
 */
interface JobModule {
  run(work: never): unknown;
}

const JOBS: Record<JobName, () => Promise<JobModule>> = {
  'store-verify': () => import('./store-verify.js'),
  'store-chain': () => import('./store-chain.js'),
  'export-chain': () => import('./export-chain.js'),
  backup: () => import('./backup.js'),
};

async function answer({ id, job, work }: JobMessage): Promise<JobAnswer> {
  try {
    const module = await JOBS[job]();
    return { id, ok: true, answer: await (module.run as (work: unknown) => unknown)(work) };
  } catch (error) {
    return { id, ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

parentPort?.on('message', (message: JobMessage) => {
  void answer(message).then((reply) => parentPort?.postMessage(reply));
});
