import { spawnSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { signCheckpoint } from '../src/audit/checkpoint.js';
import { type ExportedEvent, toNdjson } from '../src/audit/export-format.js';
import type { verifyStoredStream as VerifyStoredStream } from '../src/audit/store-verify.js';
import type { verifyPages as VerifyPages } from '../src/audit/verify-pages.js';
import type { ExportFile as ExportFileClass } from '../src/cli/export-file.js';
import type { SqliteEventStore } from '../src/event-store/sqlite/sqlite-event-store.js';
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { printParts, whereTheTimeGoes } from './verify-breakdown.js';
import { longMatch } from './verify-match.js';

/**
 * Verifying a 100,000-event match, offline (`umpire verify`: the export file read a piece at
 * a time) and online (GET /matches/:id/verify as the route makes it, verifyStoredStream: on SQLite a
 * long stream is verified on a worker thread with its own connection), in events per second of wall
 * time and of this process's CPU time, all its threads (the build machine is shared, so wall time
 * moves with the neighbours' load), and of the CPU time of the service's own thread; the most heap
 * the verification held on the service's thread; and
 * the latency of another table's commands (read its stream, append one event) sent every 10 ms while
 * the online verification runs. Targets: ≥ 200,000 events/s; the other table's p99 ≤ 50 ms.
 */
const SIZE = Number(process.env.UMPIRE_BENCH_VERIFY_EVENTS ?? 100_000);
const TARGET_RATE = 200_000;
const TARGET_P99_MS = 50;

interface Run {
  events: number;
  wallSeconds: number;
  cpuSeconds: number;
  peakHeapMB: number;
  ok: boolean;
}

async function measure(
  verify: (sample: () => void) => Promise<{ ok: boolean; events: number }>,
): Promise<Run> {
  global.gc?.();
  const baseline = process.memoryUsage().heapUsed;
  let peak = baseline;
  const sample = () => {
    peak = Math.max(peak, process.memoryUsage().heapUsed);
  };
  const cpu = process.cpuUsage();
  const start = process.hrtime.bigint();
  const { ok, events } = await verify(sample);
  const wallSeconds = Number(process.hrtime.bigint() - start) / 1e9;
  const used = process.cpuUsage(cpu);
  return {
    events,
    wallSeconds,
    cpuSeconds: (used.user + used.system) / 1e6,
    peakHeapMB: (peak - baseline) / 2 ** 20,
    ok,
  };
}

/**
 * The most memory the `umpire verify` process ever held (max RSS, from the OS), verifying `file` from
 * source as `node --import tsx src/cli/umpire.ts verify` does. Comparing two lengths of one match shows
 * whether memory follows the match's length.
 */
function cliMaxRssMB(file: string, key: string): number {
  const script =
    "import { main } from './src/cli/umpire.ts';" +
    `process.exitCode = await main(['verify', ${JSON.stringify(file)}, '--public-key', ${JSON.stringify(key)}], { out() {}, err() {} });` +
    "process.stderr.write('maxrss=' + process.resourceUsage().maxRSS);";
  const { NODE_OPTIONS: _jest, ...env } = process.env;
  const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    env,
    encoding: 'utf8',
  });
  const found = /maxrss=(\d+)/.exec(run.stderr);
  if (!found || run.status !== 0) throw new Error(`umpire verify failed: ${run.status} ${run.stderr}`);
  return Number(found[1]) / 1024;
}

/**
 * The CPU time of the calling thread so far, in seconds, where the system tells it (Linux's
 * /proc/thread-self, in ticks of 10 ms); Node.js 20 has no process.threadCpuUsage.
 */
function thisThreadCpuSeconds(): number | undefined {
  try {
    const stat = readFileSync('/proc/thread-self/stat', 'utf8');
    // After the command's name (in parentheses, which may hold spaces): state is field 3, utime 14, stime 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

function rate(n: number): string {
  return Math.round(n).toLocaleString('en-US');
}

/**
 * The modules the service and `umpire verify` run, from the build (dist/, which `npm run bench` makes
 * first) when there is one, else from the sources: the verification's worker threads start from the
 * files beside these modules, and from the sources each thread would first compile the TypeScript it
 * loads (tsx), a cost the service never pays. The store and the verification come from the same tree,
 * since the route recognises the store by its class.
 */
async function servedModules(): Promise<{
  from: string;
  verifyStoredStream: typeof VerifyStoredStream;
  closeVerificationThread: () => Promise<void>;
  verifyPages: typeof VerifyPages;
  ExportFile: typeof ExportFileClass;
  SqliteEventStore: typeof SqliteEventStore;
}> {
  const built = new URL('../dist/src/', import.meta.url);
  const root = existsSync(fileURLToPath(new URL('audit/store-verify.js', built)))
    ? built
    : new URL('../src/', import.meta.url);
  const load = (path: string) => import(new URL(path, root).href);
  return {
    closeVerificationThread: (await load('worker-pool/process-pool.js')).closeProcessPool,
    from: root === built ? 'the build (dist/)' : 'the sources (no build found)',
    verifyStoredStream: (await load('audit/store-verify.js')).verifyStoredStream,
    verifyPages: (await load('audit/verify-pages.js')).verifyPages,
    ExportFile: (await load('cli/export-file.js')).ExportFile,
    SqliteEventStore: (await load('event-store/sqlite/sqlite-event-store.js')).SqliteEventStore,
  };
}

/** Puts the sealed events into a SQLite store as appends would have, row for row. */
export function fill(store: SqliteEventStore, events: readonly ExportedEvent[]): void {
  const insert = store.database.prepare(
    'INSERT INTO events (stream, revision, command_id, type, data, metadata, hash) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  store.database.transaction(() => {
    for (const e of events) {
      const m = e.metadata;
      insert.run(
        m.stream,
        m.revision,
        m.commandId,
        e.type,
        JSON.stringify(e.data),
        JSON.stringify(m),
        m.hash,
      );
    }
  })();
}

/** Prints the figures; returns 1 when a target is missed. */
export async function benchVerify(): Promise<number> {
  const folder = mkdtempSync(join(tmpdir(), 'umpire-bench-verify-'));
  try {
    console.log('');
    console.log(
      `verification of one ${rate(SIZE)}-event hand-to-hand match (server dice, revealed at the end)`,
    );
    const { verifyStoredStream, closeVerificationThread, verifyPages, ExportFile, SqliteEventStore, from } =
      await servedModules();
    console.log(`(the service's and umpire verify's code from ${from})`);
    const match = longMatch(SIZE);
    const { events } = match;
    const last = events[events.length - 1]!.metadata;
    const { privateKey, publicKey } = generateKeyPairSync('ed25519');
    const closing = signCheckpoint(
      { stream: last.stream, revision: last.revision, hash: last.hash, signedAt: new Date().toISOString() },
      privateKey,
    );
    const file = join(folder, 'match.ndjson');
    writeFileSync(file, toNdjson(events, closing));
    const fileMB = statSync(file).size / 2 ** 20;
    const keyFile = join(folder, 'key.pem');
    writeFileSync(keyFile, publicKey.export({ type: 'spki', format: 'pem' }).toString());
    // The first tenth, ending where a command ends (a command cut in two would not verify).
    let cut = Math.floor(SIZE / 10);
    while (events[cut]?.metadata.commandId === events[cut - 1]!.metadata.commandId) cut += 1;
    const tenth = events.slice(0, cut);
    const tenthLast = tenth[tenth.length - 1]!.metadata;
    const tenthFile = join(folder, 'tenth.ndjson');
    writeFileSync(
      tenthFile,
      toNdjson(
        tenth,
        signCheckpoint(
          {
            stream: tenthLast.stream,
            revision: tenthLast.revision,
            hash: tenthLast.hash,
            signedAt: closing.checkpoint.signedAt,
          },
          privateKey,
        ),
      ),
    );
    const rssTenth = cliMaxRssMB(tenthFile, keyFile);
    const rssWhole = cliMaxRssMB(file, keyFile);

    // Offline: what `umpire verify FILE --public-key KEY` does.
    const offline = await measure(async (sample) => {
      const export_ = new ExportFile(file);
      const known = export_.prescan();
      // As umpire verify does: the chain walked in a worker thread beside the rules.
      const chainApart = export_.chainApart();
      const report = await verifyPages(
        function* () {
          for (const page of export_.pages()) {
            sample();
            yield page;
          }
        },
        {
          ...known,
          ...(chainApart ? { chainApart } : {}),
          publicKey,
          endCheckpoint: export_.closingAhead() ?? 'missing',
        },
      );
      return { ok: report.ok, events: report.checked.events };
    });

    // Online: the route's reading and verifying, on SQLite, while another table plays.
    const store = new SqliteEventStore({ file: join(folder, 'umpire.db'), synchronous: 'NORMAL' });
    fill(store, events);
    const other = 'match-bench-other';
    let otherRevision = 0;
    const latencies: number[] = [];
    let playing = true;
    const otherTable = (async () => {
      while (playing) {
        const sent = performance.now();
        await store.readStream(other);
        await store.append(other, [{ type: 'TurnEnded', data: { turn: otherRevision + 2 } }], {
          expectedRevision: otherRevision === 0 ? 'no_stream' : otherRevision,
          commandId: `other-${otherRevision}`,
          actor: { role: 'player', side: 'A' },
        });
        otherRevision += 1;
        latencies.push(performance.now() - sent);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    })();
    const loop = monitorEventLoopDelay({ resolution: 5 });
    loop.enable();
    const threadBefore = thisThreadCpuSeconds();
    const verifyOnline = () =>
      measure(async (sample) => {
        // What the route does (verifyStoredStream). UMPIRE_BENCH_VERIFY_ONLINE=inline: everything on
        // the service's thread, as before the verification had worker threads; =chain: only the chain on a worker.
        const mode = process.env.UMPIRE_BENCH_VERIFY_ONLINE;
        const threads =
          mode === 'inline'
            ? { wholeFromEvents: Infinity, chainFromEvents: Infinity }
            : mode === 'chain'
              ? { wholeFromEvents: Infinity }
              : {};
        // The heap of the service's thread, sampled as the verification runs (here or on a worker).
        const sampling = setInterval(sample, 5);
        try {
          const report = await verifyStoredStream(
            store,
            last.stream,
            last.revision,
            { seedHint: match.seed.toString('hex') },
            threads,
          );
          return { ok: report.ok, events: report.checked.events };
        } finally {
          clearInterval(sampling);
        }
      });
    const online = await verifyOnline();
    const threadAfter = thisThreadCpuSeconds();
    // Once more: the route keeps its verification thread between verifications (src/worker-pool/), so
    // every one after the first after a start runs on a thread whose code is already warm.
    const onlineAgain = await verifyOnline();
    // The thread is not left to the benches that follow in this process: its idle isolate would stay.
    await closeVerificationThread();
    loop.disable();
    playing = false;
    await otherTable;
    await store.close();

    latencies.sort((a, b) => a - b);
    const p99 = percentile(latencies, 99);
    let missed = 0;
    const line = (name: string, run: Run): void => {
      const wall = run.events / run.wallSeconds;
      const cpu = run.events / run.cpuSeconds;
      const met = wall >= TARGET_RATE;
      if (!met) missed += 1;
      console.log(`${name}`);
      console.log(
        `  ${rate(wall)} events/s wall, ${rate(cpu)} events/s of CPU time, ${run.wallSeconds.toFixed(2)} s; ` +
          `heap in use at most ${run.peakHeapMB.toFixed(0)} MB above the start (garbage included); report ok ${run.ok}` +
          `  target ≥ ${rate(TARGET_RATE)}/s ${met ? 'met' : 'MISSED'}`,
      );
    };
    line(`umpire verify (offline, a ${fileMB.toFixed(0)} MB export read a MiB at a time)`, offline);
    console.log(
      `  the umpire verify process's max RSS: ${rssTenth.toFixed(0)} MB for the first ${rate(tenth.length)} events, ${rssWhole.toFixed(0)} MB for all ${rate(SIZE)}`,
    );
    line(
      `GET /matches/:id/verify (SQLite, pages of 200; ${process.env.UMPIRE_BENCH_VERIFY_ONLINE ?? 'as the route does it: on a worker thread'})`,
      online,
    );
    // The figure that matters to the other tables: the CPU time of the service's own thread (the
    // figure above is the whole process's, the chain worker's thread included).
    if (threadBefore !== undefined && threadAfter !== undefined) {
      const seconds = threadAfter - threadBefore;
      console.log(
        `  the service's thread: ${seconds.toFixed(2)} s of CPU time, ${rate(online.events / seconds)} events per second of it`,
      );
    }
    line(
      'GET /matches/:id/verify again (the verification thread kept from the first, its code warm)',
      onlineAgain,
    );
    const p99Met = p99 <= TARGET_P99_MS;
    if (!p99Met) missed += 1;
    console.log(
      `another table's commands during the online verification: ${latencies.length} sent, ` +
        `p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${(latencies.at(-1) ?? 0).toFixed(1)} ms; ` +
        `event-loop delay p99 ${(loop.percentile(99) / 1e6).toFixed(1)} ms  target p99 ≤ ${TARGET_P99_MS} ms ${p99Met ? 'met' : 'MISSED'}`,
    );
    printParts(whereTheTimeGoes(file, match.seed));
    return missed > 0 ? 1 : 0;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

// Alone: `npx tsx bench/verify.bench.ts` (npm run bench runs it among the others).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await benchVerify();
}
