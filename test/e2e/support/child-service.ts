import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { REPO_ROOT } from '../../audit/support/cli.js';

/** A node command as a real child process from the repository root, with `env` added and no jest flags. */
export function runNodeWith(
  args: readonly string[],
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const { NODE_OPTIONS: _jestFlags, ...inherited } = process.env;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: REPO_ROOT,
      env: { ...inherited, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/**
 * The service compiled into `outDir` (its `src/main.js` is the one to start), from the sources as they are
 * now. Emit only: CI's type-check checks these same sources, and the tests need the JavaScript.
 */
export async function buildServiceInto(outDir: string): Promise<void> {
  const built = await runNodeWith(
    [
      join(REPO_ROOT, 'node_modules/typescript/bin/tsc'),
      '-p',
      'tsconfig.build.json',
      '--noCheck',
      '--outDir',
      outDir,
    ],
    {},
  );
  if (built.code !== 0) throw new Error(`the service does not build: ${built.stdout}${built.stderr}`);
}
