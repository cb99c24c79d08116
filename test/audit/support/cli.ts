import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a node script as a real child process, from the repository root, with no jest flags. */
export function runNode(args: readonly string[], cwd = REPO_ROOT): Promise<CliRun> {
  const { NODE_OPTIONS: _jestFlags, ...env } = process.env;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** `umpire …` from source: `node --import tsx src/cli/umpire.ts …`. */
export function umpire(...args: string[]): Promise<CliRun> {
  return runNode(['--import', 'tsx', 'src/cli/umpire.ts', ...args]);
}
