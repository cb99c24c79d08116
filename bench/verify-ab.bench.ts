import { spawnSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { signCheckpoint } from '../src/audit/checkpoint.js';
import { toNdjson } from '../src/audit/export-format.js';
import type { VerificationReport } from '../src/audit/verification-report.js';
import { SqliteEventStore } from '../src/event-store/sqlite/sqlite-event-store.js';
import { fill } from './verify.bench.js';
import { longMatch } from './verify-match.js';

/**
 * Verification, this tree against the code before a change, back to back in one run: the
 * build machine is shared, and only figures taken in turn, under the same load, compare. Both are
 * built (`npx tsc -p tsconfig.build.json`, and the earlier commit built the same way into another
 * folder); `BENCH_BASELINE_DIST=<that folder> npx tsx bench/verify-ab.bench.ts`. BENCH_ROUNDS (3)
 * rounds, each measuring the baseline then this tree:
 * - offline: `umpire verify FILE --public-key KEY` from each build's dist, in a process of its own: its
 *   wall time, its CPU time (all threads: the chain worker's included), and its main thread's CPU time
 *   (Linux /proc): on two free cores the wall time follows the busier thread;
 * - online: GET /matches/:id/verify's reading and verifying (each build's verifyPages over storePages of
 *   one SQLite store, yielding between pages), in this process.
 */
const SIZE = Number(process.env.UMPIRE_BENCH_VERIFY_EVENTS ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS || 3);
const baselineDist = process.env.BENCH_BASELINE_DIST;
const thisDist = resolve(import.meta.dirname, '../dist');

interface Figures {
  wallS: number;
  cpuS: number;
  mainCpuS?: number;
}

/** `umpire verify` from a build, in a child process; the figures of its verification alone. */
function offline(dist: string, file: string, key: string): Figures {
  const cli = pathToFileURL(join(dist, 'src/cli/umpire.js')).href;
  const script = `
    import { readFileSync } from 'node:fs';
    import { main } from ${JSON.stringify(cli)};
    const ticks = () => {
      const stat = readFileSync('/proc/self/task/' + process.pid + '/stat', 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return (Number(fields[11]) + Number(fields[12])) / 100;
    };
    const cpu0 = process.cpuUsage(); const main0 = ticks(); const t0 = performance.now();
    const code = await main(['verify', ${JSON.stringify(file)}, '--public-key', ${JSON.stringify(key)}], { out() {}, err() {} });
    const wallS = (performance.now() - t0) / 1000; const cpu = process.cpuUsage(cpu0);
    process.stderr.write('figures=' + JSON.stringify({ code, wallS, cpuS: (cpu.user + cpu.system) / 1e6, mainCpuS: ticks() - main0 }));`;
  const { NODE_OPTIONS: _jest, ...env } = process.env;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { env, encoding: 'utf8' });
  const found = /figures=(\{.*\})/.exec(run.stderr);
  if (!found) throw new Error(`umpire verify from ${dist} failed: ${run.status} ${run.stderr}`);
  const figures = JSON.parse(found[1]!) as Figures & { code: number };
  if (figures.code !== 0) throw new Error(`umpire verify from ${dist} exited ${figures.code}`);
  return figures;
}

type VerifyPages = (
  pages: () => AsyncIterable<readonly unknown[]>,
  options: object,
) => Promise<VerificationReport>;
type StorePages = (store: SqliteEventStore, stream: string, upTo: number) => AsyncIterable<unknown[]>;

async function onlineOf(dist: string) {
  const { verifyPages } = (await import(pathToFileURL(join(dist, 'src/audit/verify-pages.js')).href)) as {
    verifyPages: VerifyPages;
  };
  const { storePages } = (await import(pathToFileURL(join(dist, 'src/audit/store-pages.js')).href)) as {
    storePages: StorePages;
  };
  return async (
    store: SqliteEventStore,
    stream: string,
    upTo: number,
    seedHint: string,
  ): Promise<Figures> => {
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    const report = await verifyPages(() => storePages(store, stream, upTo), {
      seedHint,
      yieldBetweenPages: true,
    });
    const wallS = (performance.now() - t0) / 1000;
    const cpu = process.cpuUsage(cpu0);
    if (!report.ok || report.checked.events !== upTo)
      throw new Error(`the online verification from ${dist} failed`);
    return { wallS, cpuS: (cpu.user + cpu.system) / 1e6 };
  };
}

const perSecond = (seconds: number) => Math.round(SIZE / seconds).toLocaleString('en-US');
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

if (!baselineDist) throw new Error('BENCH_BASELINE_DIST=<a build of the earlier commit> is needed');
const folder = mkdtempSync(join(tmpdir(), 'umpire-bench-verify-ab-'));
try {
  const match = longMatch(SIZE);
  const last = match.events.at(-1)!.metadata;
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const file = join(folder, 'match.ndjson');
  writeFileSync(
    file,
    toNdjson(
      match.events,
      signCheckpoint(
        { stream: last.stream, revision: last.revision, hash: last.hash, signedAt: new Date().toISOString() },
        privateKey,
      ),
    ),
  );
  const key = join(folder, 'key.pem');
  writeFileSync(key, publicKey.export({ type: 'spki', format: 'pem' }).toString());
  const store = new SqliteEventStore({ file: join(folder, 'umpire.db'), synchronous: 'NORMAL' });
  fill(store, match.events);
  const seedHint = match.seed.toString('hex');
  const builds = [
    { name: 'before', dist: resolve(baselineDist), online: await onlineOf(resolve(baselineDist)) },
    { name: 'after', dist: thisDist, online: await onlineOf(thisDist) },
  ];
  const results = new Map<string, { offline: Figures[]; online: Figures[] }>(
    builds.map((b) => [b.name, { offline: [], online: [] }]),
  );
  console.log(
    `verification of one ${SIZE.toLocaleString('en-US')}-event match, before and after, ${ROUNDS} rounds`,
  );
  for (let round = 1; round <= ROUNDS; round++) {
    for (const build of builds) {
      const off = offline(build.dist, file, key);
      const on = await build.online(store, last.stream, last.revision, seedHint);
      results.get(build.name)!.offline.push(off);
      results.get(build.name)!.online.push(on);
      console.log(
        `  round ${round} ${build.name.padEnd(6)} umpire verify ${perSecond(off.wallS)}/s wall, ${perSecond(off.cpuS)}/s of CPU (all threads), ${perSecond(off.mainCpuS!)}/s of the main thread's CPU;` +
          ` GET /verify ${perSecond(on.wallS)}/s wall, ${perSecond(on.cpuS)}/s of CPU`,
      );
    }
  }
  await store.close();
  const summary = (name: string, pick: (r: { offline: Figures[]; online: Figures[] }) => number[]) => {
    const before = median(pick(results.get('before')!));
    const after = median(pick(results.get('after')!));
    console.log(
      `  ${name.padEnd(44)} before ${perSecond(before).padStart(7)}/s   after ${perSecond(after).padStart(7)}/s   ×${(before / after).toFixed(2)}`,
    );
  };
  console.log('medians (events/s) and after ÷ before:');
  summary('umpire verify, wall', (r) => r.offline.map((f) => f.wallS));
  summary('umpire verify, CPU of all threads', (r) => r.offline.map((f) => f.cpuS));
  summary("umpire verify, the main thread's CPU", (r) => r.offline.map((f) => f.mainCpuS!));
  summary('GET /verify, wall', (r) => r.online.map((f) => f.wallS));
  summary('GET /verify, CPU', (r) => r.online.map((f) => f.cpuS));
} finally {
  rmSync(folder, { recursive: true, force: true });
}
