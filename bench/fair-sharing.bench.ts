import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fairSharing } from './http-write.bench.js';

/**
 * The fair-sharing part of the HTTP write bench on its own (issue 12): other tables' p99 while two keys
 * flood, against their quiet p99. `npm run build && npx tsx bench/fair-sharing.bench.ts`; settings as
 * the HTTP write bench: BENCH_HTTP_SECONDS (15), BENCH_HTTP_WARMUP (3).
 */
const windowS = Number(process.env.BENCH_HTTP_SECONDS || 15);
const warmupS = Number(process.env.BENCH_HTTP_WARMUP || 3);
const dataDir = mkdtempSync(join(tmpdir(), 'umpire-bench-fair-'));
console.log(
  `machine: ${availableParallelism()} cores, load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')} before the run`,
);
try {
  await fairSharing(dataDir, warmupS, windowS);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
