import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';
import type { ChainApart, ChainWalked } from './chain-walk.js';

/**
 * Starting a verification's work on a worker thread: the chain walk of `umpire verify`'s
 * export file (cli/chain-worker.ts) and of the route's SQLite stream (audit/store-chain-worker.ts),
 * and the route's whole verification (audit/store-verify-worker.ts) alike: the worker's module found
 * beside the caller's, its one answer taken or nothing, and the thread ended once the answer is in or
 * no longer wanted.
 */

/** Starts the worker with this workerData. */
export type WorkerStart = (workerData: unknown) => Worker;

/**
 * Started through tsx's loader when the worker's module is the TypeScript source (tsx, jest): a
 * worker does not inherit the loader of the thread that starts it.
 */
const TSX_API = 'tsx/esm/api';

/**
 * How to start the worker module `name` that sits beside the module at `base` (the caller's
 * import.meta.url): its compiled file (name.js), or its source (name.ts) through tsx. The names are
 * built here, not written as `new URL('./x.js', import.meta.url)`, so that a bundler does not try to
 * make a browser worker of them: in packages/verify's single-file bundle there is no such file beside
 * it, and this answers undefined (the chain is then walked in line).
 */
export function workerStarter(
  base: string,
  name: string,
  options: Omit<WorkerOptions, 'eval' | 'workerData'> = {},
): WorkerStart | undefined {
  if (!base.startsWith('file:')) return undefined;
  for (const file of [`${name}.js`, `${name}.ts`]) {
    const entry = new URL(file, base);
    if (!existsSync(fileURLToPath(entry))) continue;
    if (file.endsWith('.js')) return (workerData) => new Worker(entry, { ...options, workerData });
    // Resolved here, where tsx is found from this module; jest's runtime may not offer resolve.
    const api = typeof import.meta.resolve === 'function' ? import.meta.resolve(TSX_API) : TSX_API;
    const boot = `import(${JSON.stringify(api)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry.href)}); })`;
    return (workerData) => new Worker(boot, { ...options, eval: true, workerData });
  }
  return undefined;
}

/**
 * One walk on a fresh worker: its ChainWalked, or undefined when it could not be started, failed,
 * answered null (it could not read the log), or ended without answering.
 */
export function walkOnThread(
  start: WorkerStart,
  workerData: unknown,
  signal?: AbortSignal,
): Promise<ChainWalked | undefined> {
  return answerOnThread<ChainWalked>(start, workerData, signal);
}

/**
 * A chain walk apart on the worker `name` found beside `base` (the caller's module URL), handed `walk`
 * as its data: undefined when no worker can start here (a bundle, no worker file beside the module),
 * and the caller then walks the chain itself.
 */
export function chainWalkerOn(base: string, name: string, walk: unknown): ChainApart | undefined {
  let start: WorkerStart | undefined;
  try {
    start = workerStarter(base, name);
  } catch {
    return undefined;
  }
  if (!start) return undefined;
  const starter = start;
  return (signal) => walkOnThread(starter, walk, signal);
}

/**
 * One piece of work on a fresh worker that answers with one message: the answer, or undefined when the
 * worker could not be started, failed, answered null, or ended without answering. The thread is
 * terminated once it has answered, and at once when `signal` aborts (the answer is no longer wanted),
 * so that no work runs on for nobody.
 */
export function answerOnThread<T>(
  start: WorkerStart,
  workerData: unknown,
  signal?: AbortSignal,
): Promise<T | undefined> {
  return new Promise<T | undefined>((resolve) => {
    if (signal?.aborted) {
      resolve(undefined);
      return;
    }
    let worker: Worker;
    try {
      worker = start(workerData);
    } catch {
      resolve(undefined);
      return;
    }
    let ended = false;
    const end = (answer: T | undefined): void => {
      if (ended) return;
      ended = true;
      signal?.removeEventListener('abort', abort);
      resolve(answer);
      void worker.terminate().catch(() => undefined);
    };
    const abort = (): void => end(undefined);
    signal?.addEventListener('abort', abort, { once: true });
    worker.once('message', (answer: T | null) => end(answer ?? undefined));
    worker.once('error', () => end(undefined));
    worker.once('exit', () => end(undefined));
  });
}
