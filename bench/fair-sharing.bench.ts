import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fairSharing, type FairSharingResult } from './http-write.bench.js';

/**
 * The fair-sharing part of the HTTP write bench on its own: other tables' p99 while two keys
 * flood, against their quiet p99, in alternating windows. `npm run build && npx tsx
 * bench/fair-sharing.bench.ts`; settings as the HTTP write bench: BENCH_HTTP_SECONDS (15),
 * BENCH_HTTP_WARMUP (3), and BENCH_FAIR_ROUNDS (3). With BENCH_BASELINE_MAIN=<another build's
 * dist/src/main.js>, that build and this one are measured in turn, one round each at a time, so that
 * both meet the same machine load.
 */
const windowS = Number(process.env.BENCH_HTTP_SECONDS || 15);
const warmupS = Number(process.env.BENCH_HTTP_WARMUP || 3);
const rounds = Number(process.env.BENCH_FAIR_ROUNDS || 3);
const baseline = process.env.BENCH_BASELINE_MAIN;
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
console.log(`machine: ${availableParallelism()} cores, load average ${load()} before the run`);

async function measure(main: string | undefined, label: string, times: number): Promise<FairSharingResult> {
  const dataDir = mkdtempSync(join(tmpdir(), 'umpire-bench-fair-'));
  try {
    return await fairSharing(dataDir, warmupS, windowS, { rounds: times, label, ...(main ? { main } : {}) });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (!baseline) {
  await measure(undefined, 'this tree', rounds);
} else {
  const runs: { before: FairSharingResult; after: FairSharingResult }[] = [];
  for (let round = 0; round < rounds; round++) {
    const before = await measure(baseline, 'baseline', 1);
    const after = await measure(undefined, 'this tree', 1);
    runs.push({ before, after });
  }
  const show = (pick: (r: { before: FairSharingResult; after: FairSharingResult }) => FairSharingResult) =>
    runs.map((r) => `×${pick(r).ratio.toFixed(2)}`).join(' ');
  console.log(
    `flooded / quiet p99, round by round: baseline ${show((r) => r.before)}; this tree ${show((r) => r.after)}`,
  );
  console.log(`machine load average after the run: ${load()}`);
}
