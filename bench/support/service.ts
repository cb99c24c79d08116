import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { HttpClient } from './http-client.js';

/**
 * The built service (dist/src/main.js) as a child process on loopback, on a data folder of the bench's.
 * With UMPIRE_BENCH_PROFILE=1 it runs under --cpu-prof and writes a .cpuprofile into `profileDir` when
 * stopped.
 */

/** FULL, as the targets say; BENCH_HTTP_SYNCHRONOUS=NORMAL shows how much of a figure is the fsync. */
export const SYNCHRONOUS = process.env.BENCH_HTTP_SYNCHRONOUS || 'FULL';
/** USER_HZ: 100 on Linux for every architecture Node runs on. */
const CLOCK_TICKS = 100;
export const ORGANISER_KEY = `bench-organiser-${randomBytes(24).toString('base64url')}`;
/** From bench/support (tsx), or from dist/bench/support when the bench itself runs compiled. */
const MAIN_CANDIDATES = [
  resolve(import.meta.dirname, '../../dist/src/main.js'),
  resolve(import.meta.dirname, '../../src/main.js'),
];

/** A process's CPU seconds (user + system) and its parent, from /proc; undefined where there is none. */
export function processCpu(pid: number | undefined): { seconds: number; parent: number } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which is in parentheses and may hold spaces): ppid is the 4th,
    // utime the 14th, stime the 15th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { seconds: (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS, parent: Number(fields[1]) };
  } catch {
    return undefined;
  }
}

export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => done(port));
    });
  });
}

function mainFile(): string {
  const found = MAIN_CANDIDATES.find((file) => file.includes('/dist/') && existsSync(file));
  if (!found) throw new Error(`the service is not built (no ${MAIN_CANDIDATES[0]}): npm run build`);
  return found;
}

export interface ServiceOptions {
  dataDir: string;
  env?: Record<string, string>;
  /** Set to write a CPU profile of the service there (on stop). */
  profileDir?: string;
  /**
   * Another build's dist/src/main.js to run instead of this tree's (BENCH_BASELINE_MAIN): a bench then
   * measures a change against the code before it, back to back in one run.
   */
  main?: string;
}

export class Service {
  private logs: string[] = [];

  private constructor(
    private readonly child: ChildProcess,
    readonly url: string,
    readonly organiser: HttpClient,
  ) {
    const keep = (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n')) if (line.trim()) this.logs.push(line);
      if (this.logs.length > 200) this.logs.splice(0, this.logs.length - 200);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
  }

  static async start(options: ServiceOptions): Promise<Service> {
    const port = await freePort();
    const main = options.main ?? mainFile();
    // Under --cpu-prof the profile is written at exit; Nest re-raises SIGTERM after its shutdown, which
    // would kill the process before that. A listener of our own turns the signal into a normal exit. It
    // is a file, not `-e` code: a worker thread takes its parent's options, and would run that code too.
    const args = options.profileDir
      ? ['--cpu-prof', `--cpu-prof-dir=${options.profileDir}`, profiledEntry(options.profileDir, main)]
      : [main];
    const child = spawn(process.execPath, args, {
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        UMPIRE_DATA_DIR: options.dataDir,
        UMPIRE_SQLITE_SYNCHRONOUS: SYNCHRONOUS,
        UMPIRE_LOG_LEVEL: 'warn',
        UMPIRE_RATE_LIMIT: '0',
        UMPIRE_ORGANISER_KEY: ORGANISER_KEY,
        // The writer under test: inline (default) or thread (UMPIRE_SQLITE_WRITER=thread npm run bench).
        ...(process.env.UMPIRE_SQLITE_WRITER
          ? { UMPIRE_SQLITE_WRITER: process.env.UMPIRE_SQLITE_WRITER }
          : {}),
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const url = `http://127.0.0.1:${port}`;
    const service = new Service(child, url, new HttpClient(url, ORGANISER_KEY, 8));
    try {
      await service.waitForHealth();
    } catch (error) {
      await service.stop();
      throw error;
    }
    return service;
  }

  /**
   * CPU seconds the service process has used (user + system), from /proc: on a shared machine the
   * service's own CPU per command is steadier than wall time. Undefined where there is no /proc.
   */
  cpuSeconds(): number | undefined {
    const own = processCpu(this.child.pid);
    if (own === undefined) return undefined;
    // With UMPIRE_INSTANCES > 1 the service is a primary and its instances: their CPU counts too.
    return own.seconds + this.instancePids().reduce((n, pid) => n + (processCpu(pid)?.seconds ?? 0), 0);
  }

  /** The service's child processes (its instances, when it runs several). */
  private instancePids(): number[] {
    const pids: number[] = [];
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      if (processCpu(Number(entry))?.parent === this.child.pid) pids.push(Number(entry));
    }
    return pids;
  }

  /** Lines the service logged (level warn and above), the last 200. */
  get logLines(): readonly string[] {
    return this.logs;
  }

  private async waitForHealth(timeoutMs = 60_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (this.child.exitCode !== null) {
        throw new Error(`the service exited with ${this.child.exitCode}:\n${this.logs.join('\n')}`);
      }
      try {
        const reply = await this.organiser.get('/health');
        if (reply.status === 200) return;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`the service did not answer /health within ${timeoutMs} ms:\n${this.logs.join('\n')}`);
  }

  /** Waits until every projection has read every event in the store (a fresh start catches up first). */
  async projectionsSettled(timeoutMs = 120_000): Promise<number> {
    const start = Date.now();
    let last = '';
    let steady = 0;
    while (Date.now() - start < timeoutMs) {
      const reply = await this.organiser.get('/projections');
      if (reply.status !== 200) throw new Error(`GET /projections answered ${reply.status}`);
      const positions = (reply.body as { position: number }[]).map((p) => p.position).join(',');
      // Caught up: no projection has moved for 3 polls in a row.
      steady = positions === last ? steady + 1 : 0;
      if (steady >= 3) return Date.now() - start;
      last = positions;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`projections still catching up after ${timeoutMs} ms`);
  }

  /** SIGTERM (a graceful shutdown), then SIGKILL if it has not exited within the bound. */
  async stop(timeoutMs = 10_000): Promise<void> {
    this.organiser.close();
    const child = this.child;
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((done) => child.once('exit', () => done()));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    await exited;
    clearTimeout(timer);
  }
}

/** A module beside the profiles that turns SIGTERM into a normal exit, then starts the service. */
function profiledEntry(profileDir: string, main: string): string {
  const entry = join(profileDir, `start-${randomBytes(4).toString('hex')}.mjs`);
  writeFileSync(
    entry,
    `process.on('SIGTERM', () => setTimeout(() => process.exit(0), 500));\nawait import(${JSON.stringify(pathToFileURL(main).href)});\n`,
  );
  return entry;
}
