import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { selfTimeByArea, topSelfTime } from './support/cpu-profile.js';
import { type Answers, throughput } from './http-write.bench.js';
import { type BoardgameIoFigure, measureBoardgameIo } from './support/boardgame-io.js';
import { Service } from './support/service.js';

/**
 * Durable commands per CPU second, this build against another, interleaved in one run (A B A B …):
 * each round starts every variant on a fresh data folder, plays BENCH_HTTP_MATCHES (20) tables for a
 * window after a warm-up, and records commands/s, p99 and the service's CPU per command (every process
 * of it: with UMPIRE_INSTANCES > 1, the primary and its instances). The ratios are the figures; on a
 * shared machine absolute rates drift with the other work.
 *
 *   npm run build && BENCH_BASELINE_MAIN=/path/to/base/dist/src/main.js npx tsx bench/throughput-ab.bench.ts
 *
 * Settings: BENCH_BASELINE_MAIN (the "before" build; unset: this build only), BENCH_ROUNDS (3),
 * BENCH_HTTP_SECONDS (10), BENCH_HTTP_WARMUP (3), BENCH_HTTP_MATCHES (20), BENCH_AB_INSTANCES
 * (instance counts of this build to run, "1,2"), BENCH_AB_BASELINE_INSTANCES (the same for the "before"
 * build, "1"), BENCH_AB_VARIANTS (more variants of this build,
 * `label:NAME=value,…;…`, `answers=minimal` among them for minimal answers, `main=…` for another
 * build), BENCH_AB_MINIMAL (instance counts of this build to run again with the tables
 * asking for minimal answers, "1,2"), BENCH_AB_TABLES (a list, "20,60,200": the A/B for each), BENCH_AB_PROFILE_DIR (a folder: a CPU profile of each
 * variant's first round is written and summarised there; keep it outside the repository),
 * BENCH_BOARDGAMEIO_DIR (a folder where `npm install boardgame.io@0.50 node-persist` was run:
 * boardgame.io with its file storage is then measured in every round too, and each variant's game
 * steps are set against it; unset: against the figures recorded below).
 */

/** boardgame.io 0.50 with its file storage, measured beside umpire on this machine (moves/s). */
export const BOARDGAME_IO_FILE_MOVES = { low: 149, high: 240 };
/** One boardgame.io move does a whole charge, impact, morale test and turn end: umpire's four commands. */
export const COMMANDS_PER_GAME_STEP = 4;

interface Variant {
  label: string;
  main?: string;
  env: Record<string, string>;
  /** What the tables ask the commands to answer (full unless said). */
  answers?: Answers;
}

interface Figure {
  perSecond: number;
  p99: number;
  cpuMsPerCommand: number;
  /** Of one core, what the service and the load generator each used in the window. */
  serviceCores: number;
  clientCores: number;
  errors: number;
}

const num = (name: string, fallback: number) => Number(process.env[name] || fallback);
const rate = (n: number) => Math.round(n).toLocaleString('en-US');

function quantile(sorted: readonly number[], q: number): number {
  return sorted.length === 0
    ? Number.NaN
    : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

function variants(): Variant[] {
  const out: Variant[] = [];
  const baseline = process.env.BENCH_BASELINE_MAIN;
  if (baseline) {
    // BENCH_AB_BASELINE_INSTANCES="1,2": the "before" build with each instance count, beside this one's.
    for (const n of (process.env.BENCH_AB_BASELINE_INSTANCES || '1').split(',').filter(Boolean).map(Number)) {
      out.push({
        label: n === 1 ? 'before' : `before, ${n} instances`,
        main: baseline,
        env: { UMPIRE_INSTANCES: String(n) },
      });
    }
  }
  // BENCH_AB_OTHER_MAIN: a third build (this one with one change taken out), to show that change alone.
  if (process.env.BENCH_AB_OTHER_MAIN)
    out.push({
      label: process.env.BENCH_AB_OTHER_LABEL || 'other build',
      main: process.env.BENCH_AB_OTHER_MAIN,
      env: {},
    });
  // BENCH_AB_VARIANTS="writer thread:UMPIRE_SQLITE_WRITER=thread;…": more variants of this build
  // (`answers=minimal` among the settings: the tables ask for minimal answers; `main=…/main.js`: another
  // build under them).
  for (const spec of (process.env.BENCH_AB_VARIANTS || '').split(';').filter(Boolean)) {
    const [label, settings = ''] = spec.split(':');
    const { answers, main, ...env } = Object.fromEntries(
      settings
        .split(',')
        .filter(Boolean)
        .map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]),
    );
    out.push({
      label: label!,
      env,
      ...(answers === 'minimal' ? { answers: 'minimal' as const } : {}),
      ...(main ? { main } : {}),
    });
  }
  for (const n of (process.env.BENCH_AB_INSTANCES || '1').split(',').filter(Boolean).map(Number)) {
    out.push({
      label: n === 1 ? 'this build' : `this build, ${n} instances`,
      env: { UMPIRE_INSTANCES: String(n) },
    });
  }
  // BENCH_AB_MINIMAL="1,2": this build with each instance count again, the tables asking for minimal
  // answers (Prefer: return=minimal), as a client that follows its match on the feed does.
  for (const n of (process.env.BENCH_AB_MINIMAL || '').split(',').filter(Boolean).map(Number)) {
    out.push({
      label: n === 1 ? 'minimal answers' : `minimal answers, ${n} instances`,
      env: { UMPIRE_INSTANCES: String(n) },
      answers: 'minimal',
    });
  }
  return out;
}

async function measure(
  variant: Variant,
  matches: number,
  warmupS: number,
  windowS: number,
  profileDir?: string,
) {
  const dataDir = mkdtempSync(join(tmpdir(), 'umpire-bench-ab-'));
  const service = await Service.start({
    dataDir,
    env: variant.env,
    ...(variant.main ? { main: variant.main } : {}),
    ...(profileDir ? { profileDir } : {}),
  });
  try {
    const result = await throughput(service, matches, warmupS, windowS, variant.answers);
    const errors = [...result.errors.values()].reduce((a, b) => a + b, 0);
    if (errors > 0) {
      console.log(`  ${variant.label}: ${errors} refused, first: ${result.firstError}`);
      for (const line of service.logLines.slice(0, 5)) console.log(`    ${line.slice(0, 600)}`);
    }
    return {
      perSecond: result.commands / result.seconds,
      p99: quantile(result.latencies, 0.99),
      cpuMsPerCommand: ((result.serviceCpuS ?? Number.NaN) * 1000) / Math.max(1, result.commands),
      serviceCores: (result.serviceCpuS ?? Number.NaN) / result.seconds,
      clientCores: result.clientCpuS / result.seconds,
      errors,
    } satisfies Figure;
  } finally {
    await service.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function summarise(label: string, dir: string): void {
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'))) {
    const path = join(dir, file);
    const { totalMs, top } = topSelfTime(path, 25);
    if (totalMs < 1000) continue; // an instance's primary, or a process that served nothing
    console.log(`CPU profile, ${label} (${path}, ${rate(totalMs)} ms sampled)`);
    for (const { area, share } of selfTimeByArea(path).slice(0, 12))
      console.log(`    ${(share * 100).toFixed(1).padStart(5)}%  ${area}`);
    console.log('  top self time:');
    for (const t of top)
      console.log(
        `    ${(t.share * 100).toFixed(1).padStart(5)}%  ${t.ms.toFixed(0).padStart(6)} ms  ${t.name}  ${t.where}`,
      );
  }
}

export async function benchThroughputAb(matches = num('BENCH_HTTP_MATCHES', 20)): Promise<void> {
  const rounds = num('BENCH_ROUNDS', 3);
  const windowS = num('BENCH_HTTP_SECONDS', 10);
  const warmupS = num('BENCH_HTTP_WARMUP', 3);
  const profileRoot = process.env.BENCH_AB_PROFILE_DIR;
  const all = variants();
  const figures = new Map<string, Figure[]>(all.map((v) => [v.label, []]));
  console.log(
    `throughput A/B: ${matches} tables, ${rounds} rounds of ${windowS} s after ${warmupS} s, ${availableParallelism()} cores, load ${loadavg()[0]!.toFixed(1)}`,
  );
  const peerDir = process.env.BENCH_BOARDGAMEIO_DIR;
  const peer: BoardgameIoFigure[] = [];
  const measurePeer = async (round: number) => {
    const f = await measureBoardgameIo(peerDir!, matches, warmupS, windowS);
    peer.push(f);
    console.log(
      `  round ${round + 1} ${'boardgame.io, file storage'.padEnd(26)} ${rate(f.movesPerSecond).padStart(6)} moves/s      p99 ${f.p99.toFixed(1)} ms   CPU ${f.cpuMsPerMove.toFixed(3)} ms/move      load ${loadavg()[0]!.toFixed(1)}`,
    );
  };
  for (let round = 0; round < rounds; round++) {
    // Each round in the other order too, so that neither variant always follows the other.
    const order = round % 2 === 0 ? all : [...all].reverse();
    if (peerDir && round % 2 === 1) await measurePeer(round);
    for (const variant of order) {
      let profileDir: string | undefined;
      if (profileRoot && round === 0) {
        profileDir = join(profileRoot, variant.label.replace(/\W+/g, '-'));
        mkdirSync(profileDir, { recursive: true });
      }
      const f = await measure(variant, matches, warmupS, windowS, profileDir);
      figures.get(variant.label)!.push(f);
      console.log(
        `  round ${round + 1} ${variant.label.padEnd(26)} ${rate(f.perSecond).padStart(6)} commands/s   p99 ${f.p99.toFixed(1)} ms   CPU ${f.cpuMsPerCommand.toFixed(3)} ms/command   cores: service ${f.serviceCores.toFixed(2)}, load generator ${f.clientCores.toFixed(2)}   load ${loadavg()[0]!.toFixed(1)}`,
      );
    }
    if (peerDir && round % 2 === 0) await measurePeer(round);
  }
  const mid = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const first = all[0]!.label;
  console.log('medians (ratio against the first variant, in each round then overall):');
  for (const v of all) {
    const fs = figures.get(v.label)!;
    const ref = figures.get(first)!;
    const cpuRatios = fs.map((f, i) => f.cpuMsPerCommand / ref[i]!.cpuMsPerCommand);
    const rateRatios = fs.map((f, i) => f.perSecond / ref[i]!.perSecond);
    const perSecond = mid(fs.map((f) => f.perSecond));
    console.log(
      `  ${v.label.padEnd(26)} ${rate(perSecond).padStart(6)} commands/s (×${mid(rateRatios).toFixed(2)}: ${rateRatios.map((r) => r.toFixed(2)).join(' ')})   p99 ${mid(fs.map((f) => f.p99)).toFixed(1)} ms   CPU ${mid(fs.map((f) => f.cpuMsPerCommand)).toFixed(3)} ms/command (×${mid(cpuRatios).toFixed(2)}: ${cpuRatios.map((r) => r.toFixed(2)).join(' ')})`,
    );
    const steps = perSecond / COMMANDS_PER_GAME_STEP;
    const targets = `target 5,000/s: ×${(perSecond / 5000).toFixed(2)}   p99 target 25 ms: ×${(mid(fs.map((f) => f.p99)) / 25).toFixed(2)}`;
    if (peer.length === fs.length) {
      // Set against boardgame.io in the same round: game steps per second, and CPU per game step.
      const stepRatios = fs.map((f, i) => f.perSecond / COMMANDS_PER_GAME_STEP / peer[i]!.movesPerSecond);
      const cpuPerStep = fs.map(
        (f, i) => (f.cpuMsPerCommand * COMMANDS_PER_GAME_STEP) / peer[i]!.cpuMsPerMove,
      );
      console.log(
        `  ${''.padEnd(26)} per game step: ${rate(steps)}/s = ×${mid(stepRatios).toFixed(2)} of boardgame.io's file storage measured beside it (${stepRatios.map((r) => r.toFixed(2)).join(' ')}), target ×3; CPU per game step ×${mid(cpuPerStep).toFixed(2)} of its CPU per move (${cpuPerStep.map((r) => r.toFixed(2)).join(' ')})   ${targets}`,
      );
    } else {
      console.log(
        `  ${''.padEnd(26)} per game step: ${rate(steps)}/s = ×${(steps / BOARDGAME_IO_FILE_MOVES.high).toFixed(2)}–${(steps / BOARDGAME_IO_FILE_MOVES.low).toFixed(2)} of boardgame.io's file storage (recorded ${BOARDGAME_IO_FILE_MOVES.low}–${BOARDGAME_IO_FILE_MOVES.high} moves/s; BENCH_BOARDGAMEIO_DIR unset), target ×3   ${targets}`,
      );
    }
  }
  if (peer.length > 0) {
    const moves = mid(peer.map((f) => f.movesPerSecond));
    console.log(
      `  ${'boardgame.io, file storage'.padEnd(26)} ${rate(moves).padStart(6)} moves/s   p99 ${mid(peer.map((f) => f.p99)).toFixed(1)} ms   CPU ${mid(peer.map((f) => f.cpuMsPerMove)).toFixed(3)} ms/move (its server; the file storage writes without fsync)`,
    );
  }
  if (profileRoot) for (const v of all) summarise(v.label, join(profileRoot, v.label.replace(/\W+/g, '-')));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // BENCH_AB_TABLES="20,60,200": the whole A/B once for each number of tables.
  const tables = (process.env.BENCH_AB_TABLES || '').split(',').filter(Boolean).map(Number);
  if (tables.length === 0) await benchThroughputAb();
  for (const n of tables) await benchThroughputAb(n);
}
