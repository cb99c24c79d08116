import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/** Starts one worker thread. */
export type WorkerStart = () => Worker;

/**
 * Started through tsx's loader when the worker's module is the TypeScript source (tsx, jest): a
 * worker does not inherit the loader of the thread that starts it.
 */
const TSX_API = 'tsx/esm/api';

/**
 * How to start the worker module `name` in the folder `folder` (a file: URL ending in `/`): its
 * compiled file (name.js), or its source (name.ts) through tsx. The names are built here, not written
 * as `new URL('./x.js', import.meta.url)`, so that a bundler does not try to make a browser worker of
 * them: in packages/verify's single-file bundle there is no such file, and this answers undefined (the
 * work is then done in line).
 */
export function workerStarter(
  folder: string,
  name: string,
  options: Omit<WorkerOptions, 'eval'> = {},
): WorkerStart | undefined {
  if (!folder.startsWith('file:')) return undefined;
  for (const file of [`${name}.js`, `${name}.ts`]) {
    const entry = new URL(file, folder);
    if (!existsSync(fileURLToPath(entry))) continue;
    if (file.endsWith('.js')) return () => new Worker(entry, options);
    // Resolved here, where tsx is found from this module; jest's runtime may not offer resolve.
    const api = typeof import.meta.resolve === 'function' ? import.meta.resolve(TSX_API) : TSX_API;
    const boot = `import(${JSON.stringify(api)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry.href)}); })`;
    return () => new Worker(boot, { ...options, eval: true });
  }
  return undefined;
}
