import { benchCatchUp, printFigures } from './catch-up.bench.js';
import { benchEventStore, type Measurement } from './event-store.bench.js';
import { benchHttpWrite } from './http-write.bench.js';
import { benchPageLoad } from './page-load.bench.js';
import { benchVerify } from './verify.bench.js';
import { benchFold, printFold } from './fold.bench.js';
import { benchHandRolled, printHandRolled } from './hand-rolled.bench.js';
import { benchThroughputAb } from './throughput-ab.bench.js';

/** `npm run bench`: one run, every figure beside its raw baseline. Exits non-zero if a target is missed. */
function format(n: number): string {
  return Math.round(n).toLocaleString('en-US');
}

const results: Measurement[] = await benchEventStore();
let missed = 0;
console.log(`umpire benchmarks — node ${process.version}, ${new Date().toISOString()}`);
console.log('');
for (const r of results) {
  const ratio = r.umpire / r.raw;
  const verdict =
    r.target === undefined
      ? ''
      : ratio >= r.target
        ? `  target ≥ ${r.target}× met`
        : `  target ≥ ${r.target}× MISSED`;
  if (r.target !== undefined && ratio < r.target) missed += 1;
  console.log(`${r.name}`);
  console.log(
    `  umpire ${format(r.umpire)} ${r.unit}   raw better-sqlite3 ${format(r.raw)} ${r.unit}   ratio ${ratio.toFixed(2)}×${verdict}`,
  );
}
process.exitCode = missed > 0 ? 1 : 0;
process.exitCode = Math.max(Number(process.exitCode ?? 0), await benchVerify());
if ((await benchHttpWrite()) > 0) process.exitCode = 1;
if (printFigures(await benchCatchUp()) > 0) process.exitCode = 1;
if (printFigures(await benchPageLoad()) > 0) process.exitCode = 1;
printFold(benchFold());
printHandRolled(benchHandRolled());
// Per game step against boardgame.io's file storage, measured beside this build: only where it is installed.
// Beside it, the same tables asking for minimal answers (Prefer: return=minimal), as the table page does.
process.env.BENCH_AB_MINIMAL ??= '1';
if (process.env.BENCH_BOARDGAMEIO_DIR) await benchThroughputAb();
else
  console.log(
    'per game step against boardgame.io: skipped (BENCH_BOARDGAMEIO_DIR unset; see docs/benchmarks.md)',
  );
