/**
 * The jobs a pool worker runs (src/workers/worker.ts dispatches them by name) and the messages
 * between the pool and its workers. A job answers with one value, or fails with a message.
 */
export type JobName = 'store-verify' | 'store-chain' | 'export-chain' | 'backup';

export interface JobMessage {
  id: number;
  job: JobName;
  work: unknown;
}

export type JobAnswer = { id: number; ok: true; answer: unknown } | { id: number; ok: false; error: string };
