import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** A real child process with no jest flags in its environment: what it printed and how it exited. */
function runChild(
  command: string,
  args: readonly string[],
  cwd: string,
  extraEnv: Record<string, string> = {},
): Promise<CliRun> {
  const { NODE_OPTIONS: _jestFlags, ...inherited } = process.env;
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd,
      env: { ...inherited, ...extraEnv },
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

/** Runs a node script as a real child process, from the repository root, with no jest flags. */
export function runNode(args: readonly string[], cwd = REPO_ROOT): Promise<CliRun> {
  return runChild(process.execPath, args, cwd);
}

/** Runs lines as a README prints them, in bash with `-e -o pipefail`, in `cwd`, with `env` added. */
export function runBash(script: string, cwd: string, env: Record<string, string>): Promise<CliRun> {
  return runChild('bash', ['-e', '-o', 'pipefail', '-c', script], cwd, env);
}

/** `umpire …` from source: `node --import tsx src/cli/umpire.ts …`. */
export function umpire(...args: string[]): Promise<CliRun> {
  return runNode(['--import', 'tsx', 'src/cli/umpire.ts', ...args]);
}
