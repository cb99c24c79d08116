import { configFromEnv } from '../src/config/app-config.js';
import { MatchAggregates } from '../src/match/match-aggregates.js';
import { MatchLoader } from '../src/match/match-loader.js';
import { InMemorySnapshotStore } from '../src/match/snapshots/snapshot-store.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFileSync, spawn } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { Logger } from '@nestjs/common';
import { SqliteEventStore } from '../src/event-store/sqlite/sqlite-event-store.js';
import { ProjectionDatabase } from '../src/projections/projection-database.js';
import { ProjectionRunner } from '../src/projections/projection-runner.js';
import { ResultsProjection } from '../src/projections/results.projection.js';
import { RosterProjection } from '../src/projections/roster.projection.js';
import { StandingsProjection } from '../src/projections/standings.projection.js';
import { TournamentsProjection } from '../src/projections/tournaments.projection.js';
import { TurnLogProjection } from '../src/projections/turn-log/turn-log.projection.js';
import { fillBacklog } from './catch-up-backlog.js';

/**
 * The read models after a restart with a backlog: how fast they catch up, how soon the service
 * answers, and how their lag falls meanwhile. Absolute figures (not ratios): the targets are the
 * issue's. The machine is shared, so the CPU time and the load average are printed beside them.
 */

export interface Figure {
  name: string;
  value: number;
  unit: string;
  /** Met when value >= atLeast / value <= atMost. */
  atLeast?: number;
  atMost?: number;
  note?: string;
}

const BACKLOG = Number(process.env.BENCH_BACKLOG ?? 100_000);

export async function benchCatchUp(): Promise<Figure[]> {
  const folder = mkdtempSync(join(tmpdir(), 'umpire-bench-catch-up-'));
  try {
    execFileSync('npx', ['tsc', '-p', 'tsconfig.build.json'], { stdio: 'inherit' });
    // A first start on the empty folder: what Node and Nest take by themselves on this machine, and
    // the service's own files (keys, webhook checkpoint) in place, as before any restart.
    const [baseline] = await restart(folder, 0);
    const store = new SqliteEventStore({ file: join(folder, 'umpire.db'), synchronous: 'NORMAL' });
    const events = await fillBacklog(store, BACKLOG);
    const speed = await catchUpSpeed(store, folder, events);
    await store.close();
    const [first, ready] = await restart(folder, events);
    return [
      speed,
      { ...baseline!, atMost: undefined },
      { ...first!, atMost: undefined },
      {
        name: `restart with a ${events.toLocaleString('en-US')}-event backlog: what the backlog adds to the first answer`,
        value: first!.value - baseline!.value,
        unit: 'ms',
        atMost: 2000,
        note: 'the two lines above subtracted: Node and Nest starting take what they take on a loaded machine',
      },
      ready!,
    ];
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** All five read models, as the service wires them, from nothing to the head of the backlog. */
async function catchUpSpeed(store: SqliteEventStore, folder: string, events: number): Promise<Figure> {
  Logger.overrideLogger(['error']);
  // A projections file of its own: the service's, in the folder, stays empty for the restart below.
  const database = new ProjectionDatabase(join(folder, 'speed', 'projections.db'));
  const runner = new ProjectionRunner(store, database, [
    new TurnLogProjection(database),
    new RosterProjection(
      database,
      new MatchLoader(new MatchAggregates(store, new InMemorySnapshotStore(), configFromEnv({}))),
    ),
    new ResultsProjection(database),
    new TournamentsProjection(database),
    new StandingsProjection(database),
  ]);
  const cpu = process.cpuUsage();
  const started = performance.now();
  runner.start();
  if (!(await runner.caughtUp(runner.names(), 600_000))) throw new Error('the read models did not catch up');
  const ms = performance.now() - started;
  const used = process.cpuUsage(cpu);
  await runner.stop();
  database.close();
  Logger.overrideLogger(new Logger());
  return {
    name: `catch-up, all 5 read models together, ${events.toLocaleString('en-US')} events`,
    value: (events / ms) * 1000,
    unit: 'events/s',
    atLeast: 20_000,
    note: `${Math.round(ms)} ms wall, ${Math.round((used.user + used.system) / 1000)} ms CPU (${Math.round((events / ((used.user + used.system) / 1000)) * 1000).toLocaleString('en-US')} events per CPU second), load average ${loadavg()[0]!.toFixed(1)}`,
  };
}

/**
 * The real built service (node dist/src/main.js, built by the caller) started on the data folder with no
 * projections file, so every read model reads the whole backlog: /health is asked until it answers,
 * /health/ready until the read models have caught up, from another process, as a load balancer would.
 */
async function restart(folder: string, events: number): Promise<Figure[]> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const service = spawn(process.execPath, ['dist/src/main.js'], {
    env: {
      ...process.env,
      UMPIRE_DATA_DIR: folder,
      HOST: '127.0.0.1',
      PORT: String(port),
      UMPIRE_ORGANISER_KEY: 'bench-7Qx9Lm2Vp4Rt8Kw3Zs6Nd1Hy5Jc0FbG',
      UMPIRE_RATE_LIMIT: '0',
      UMPIRE_LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => service.once('exit', () => resolve()));
  try {
    let firstAnswer: number | undefined;
    let slowestHealth = 0;
    let ready: number | undefined;
    const lags: string[] = [];
    let nextLagAt = 0;
    while (ready === undefined) {
      if (service.exitCode !== null) throw new Error(`the service exited with ${service.exitCode}`);
      if (performance.now() - started > 600_000) throw new Error('the read models did not catch up');
      const asked = performance.now();
      const health = await fetch(`${url}/health`).catch(() => undefined);
      if (health?.ok) {
        firstAnswer ??= performance.now() - started;
        slowestHealth = Math.max(slowestHealth, performance.now() - asked);
        const readiness = await fetch(`${url}/health/ready`);
        if (readiness.status === 200) ready = performance.now() - started;
        else if (performance.now() - started >= nextLagAt) {
          const body = (await readiness.json()) as { readModels: { lag: number | null }[] };
          const worst = Math.max(...body.readModels.map((m) => m.lag ?? 0));
          lags.push(
            `${((performance.now() - started) / 1000).toFixed(1)} s: ${worst.toLocaleString('en-US')}`,
          );
          nextLagAt = Math.ceil((performance.now() - started) / 1000) * 1000;
        }
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return [
      {
        name:
          events === 0
            ? 'first start on an empty data folder: first answer from /health'
            : `restart with a ${events.toLocaleString('en-US')}-event backlog: first answer from /health`,
        value: firstAnswer ?? Number.NaN,
        unit: 'ms',
        atMost: 2000,
        note: `from spawning node dist/src/main.js to the first 200 (Node and Nest starting included); slowest /health while catching up ${Math.round(slowestHealth)} ms`,
      },
      {
        name: `restart with a ${events.toLocaleString('en-US')}-event backlog: /health/ready turns 200`,
        value: ready,
        unit: 'ms',
        note: `largest read-model lag (events behind the store), as readiness said it: ${lags.join(', ')}`,
      },
    ];
  } finally {
    service.kill('SIGTERM');
    await exited;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Prints the figures as run.ts prints its own; returns how many targets were missed. */
export function printFigures(figures: Figure[]): number {
  let missed = 0;
  for (const f of figures) {
    const target =
      f.atLeast !== undefined
        ? { ok: f.value >= f.atLeast, text: `target ≥ ${f.atLeast.toLocaleString('en-US')}` }
        : f.atMost !== undefined
          ? { ok: f.value <= f.atMost, text: `target ≤ ${f.atMost.toLocaleString('en-US')}` }
          : undefined;
    if (target && !target.ok) missed += 1;
    console.log(f.name);
    console.log(
      `  ${Math.round(f.value).toLocaleString('en-US')} ${f.unit}${target ? `   ${target.text} ${target.ok ? 'met' : 'MISSED'}` : ''}`,
    );
    if (f.note) console.log(`  ${f.note}`);
  }
  return missed;
}
