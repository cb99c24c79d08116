import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort, processCpu } from './service.js';

/**
 * boardgame.io 0.50 with its file storage, measured beside umpire: its server and a load of N tables
 * (bench/boardgame-io/), each a child process. boardgame.io is not a dependency of umpire: it is taken
 * from the folder BENCH_BOARDGAMEIO_DIR names, where `npm install boardgame.io@0.50 node-persist` was
 * run (its node_modules are put on NODE_PATH). The server's CPU is read from /proc over the window.
 */
export interface BoardgameIoFigure {
  movesPerSecond: number;
  p99: number;
  /** The server's CPU (user + system) per move in the window. */
  cpuMsPerMove: number;
}

const HERE = resolve(import.meta.dirname, '../boardgame-io');

/** Resolves with the first line of the child's output that `matches`; rejects if it exits first. */
function lineOf(child: ChildProcess, matches: (line: string) => boolean, what: string): Promise<string> {
  return new Promise((done, fail) => {
    let buffered = '';
    let said = '';
    const onData = (chunk: Buffer) => {
      buffered += chunk.toString('utf8');
      said = (said + chunk.toString('utf8')).slice(-2000);
      for (let end = buffered.indexOf('\n'); end >= 0; end = buffered.indexOf('\n')) {
        const line = buffered.slice(0, end).trim();
        buffered = buffered.slice(end + 1);
        if (matches(line)) {
          child.stdout!.off('data', onData);
          done(line);
          return;
        }
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => (said = (said + chunk.toString('utf8')).slice(-2000)));
    child.once('exit', (code) => fail(new Error(`${what} exited (${code}) before it was done: ${said}`)));
  });
}

export async function measureBoardgameIo(
  dir: string,
  tables: number,
  warmupS: number,
  windowS: number,
): Promise<BoardgameIoFigure> {
  const storage = mkdtempSync(join(tmpdir(), 'umpire-bench-boardgame-io-'));
  const env = { ...process.env, NODE_PATH: join(resolve(dir), 'node_modules') };
  const port = await freePort();
  const server = spawn(process.execPath, [join(HERE, 'server.cjs'), String(port), storage], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  try {
    await lineOf(server, (line) => line === 'ready', 'the boardgame.io server');
    const load = spawn(
      process.execPath,
      [join(HERE, 'tables.cjs'), String(port), String(tables), String(warmupS), String(windowS)],
      { env, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const opened = lineOf(load, (line) => line === 'measuring', 'the boardgame.io tables');
    const closed = lineOf(load, (line) => line.startsWith('{'), 'the boardgame.io tables');
    await opened;
    const cpuBefore = processCpu(server.pid)?.seconds ?? Number.NaN;
    const result = JSON.parse(await closed) as { moves: number; seconds: number; p99: number };
    const cpuAfter = processCpu(server.pid)?.seconds ?? Number.NaN;
    return {
      movesPerSecond: result.moves / result.seconds,
      p99: result.p99,
      cpuMsPerMove: ((cpuAfter - cpuBefore) * 1000) / Math.max(1, result.moves),
    };
  } finally {
    const exited = new Promise((done) => server.once('exit', done));
    server.kill('SIGTERM');
    await exited;
    rmSync(storage, { recursive: true, force: true });
  }
}
