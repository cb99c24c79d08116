import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Worker } from 'node:worker_threads';
import { longMatch } from '../../bench/verify-match.js';
import { fill } from '../../bench/verify.bench.js';
import type { ChainApart, ChainWalked } from '../../src/audit/chain-walk.js';
import type { ExportedEvent } from '../../src/audit/export-format.js';
import { STORE_CHAIN_WORKER_FROM_EVENTS, storeChainApart } from '../../src/audit/store-chain-apart.js';
import { storePages } from '../../src/audit/store-pages.js';
import type { VerificationReport } from '../../src/audit/verifier.js';
import { verifyPages } from '../../src/audit/verify-pages.js';
import { InMemoryEventStore } from '../../src/event-store/memory/in-memory-event-store.js';
import { SqliteEventStore } from '../../src/event-store/sqlite/sqlite-event-store.js';
import { WorkerPool } from '../../src/worker-pool/worker-pool.js';
import { workerStarter } from '../../src/worker-pool/worker-start.js';

/**
 * The route's half: on the SQLite store, GET /matches/:id/verify has a worker thread walk
 * the stored chain on a read-only connection of its own (src/workers/store-chain.ts) while the service's
 * thread re-decides the rules. The worker must read exactly the rows the route reads (up to the
 * visible revision), build them as the store does (so that they hash the same), and its verdict must
 * make the very report a walk in line makes; when it cannot run, the chain is walked in line.
 */
const SIZE = 1200;

describe('the stored chain walked on a worker thread (the route on SQLite)', () => {
  let dir: string;
  let store: SqliteEventStore;
  let n = 0;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'umpire-store-apart-'));
    store = new SqliteEventStore({ file: join(dir, 'umpire.db'), synchronous: 'NORMAL' });
  });
  afterAll(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** A fresh long match in the store: its events, seed hint and stream. */
  function stored(size = SIZE): { events: ExportedEvent[]; seedHint: string; stream: string } {
    n += 1;
    const { events, seed } = longMatch(size, `store-apart-${n}`);
    fill(store, events);
    return { events, seedHint: seed.toString('hex'), stream: events[0]!.metadata.stream };
  }

  /** The route's verification up to `upTo`: in line, or with the chain walked on the worker. */
  async function verified(
    stream: string,
    upTo: number,
    seedHint: string,
    chainApart?: ChainApart,
  ): Promise<VerificationReport> {
    return verifyPages(() => storePages(store, stream, upTo), {
      seedHint,
      yieldBetweenPages: true,
      ...(chainApart ? { chainApart } : {}),
    });
  }

  /** The worker's walk, with what it answered kept. */
  function watched(stream: string, upTo: number): { apart: ChainApart; walked: () => unknown } {
    const apart = storeChainApart(store, stream, upTo, 0);
    if (!apart) throw new Error('no worker for a SQLite file');
    let walked: ChainWalked | undefined | 'not asked' = 'not asked';
    return {
      apart: async (signal) => (walked = await apart(signal)),
      walked: () => walked,
    };
  }

  const set = (stream: string, revision: number, column: 'data' | 'revision', value: unknown) =>
    store.database
      .prepare(`UPDATE events SET ${column} = ? WHERE stream = ? AND revision = ?`)
      .run(value, stream, revision);

  it('C-3 an intact stored stream: the worker walks every row the route reads, and the report is the in-line one', async () => {
    const { events, seedHint, stream } = stored();
    const last = events.at(-1)!.metadata;
    const inline = await verified(stream, last.revision, seedHint);
    expect(inline.ok).toBe(true);
    const { apart, walked } = watched(stream, last.revision);
    expect(await verified(stream, last.revision, seedHint, apart)).toEqual(inline);
    expect(walked()).toEqual({ events: events.length, lastHash: last.hash, broken: null });
  }, 60_000);

  const forgeries: [string, (stream: string) => void, number][] = [
    ['an event’s data edited in the file', (s) => set(s, 300, 'data', '{"forged":true}'), 300],
    [
      'an event’s row deleted',
      (s) => store.database.prepare('DELETE FROM events WHERE stream = ? AND revision = ?').run(s, 400),
      400,
    ],
    [
      'two rows trading places',
      (s) => {
        set(s, 500, 'revision', -1);
        set(s, 501, 'revision', 500);
        set(s, -1, 'revision', 501);
      },
      500,
    ],
  ];

  it.each(forgeries)(
    'C-3 %s: the worker names the broken link, and the report names the same revision and rule as in line',
    async (_name, forge, at) => {
      const { events, seedHint, stream } = stored();
      forge(stream);
      const upTo = events.length;
      const inline = await verified(stream, upTo, seedHint);
      expect(inline.ok).toBe(false);
      expect(inline.checked.chain.ok).toBe(false);
      const { apart, walked } = watched(stream, upTo);
      const report = await verified(stream, upTo, seedHint, apart);
      expect(report).toEqual(inline);
      expect(report.firstDiscrepancy).toEqual(inline.firstDiscrepancy);
      // The worker's own verdict was taken: it saw the rows the route read, and found the break.
      expect(walked()).toMatchObject({ lastHash: events.at(-1)!.metadata.hash, broken: { revision: at } });
    },
    60_000,
  );

  it('C-3 the visible revision bounds the walk: rows after it are neither read nor judged', async () => {
    const { events, seedHint, stream } = stored();
    const visible = 700;
    // A forgery after what this caller may see changes nothing for them.
    set(stream, 900, 'data', '{"forged":true}');
    const inline = await verified(stream, visible, seedHint);
    const { apart, walked } = watched(stream, visible);
    expect(await verified(stream, visible, seedHint, apart)).toEqual(inline);
    expect(walked()).toEqual({
      events: visible,
      lastHash: events[visible - 1]!.metadata.hash,
      broken: null,
    });
  }, 60_000);

  it('C-3 the database file gone from under the store: the worker cannot open it, and the chain is walked in line', async () => {
    const alone = mkdtempSync(join(tmpdir(), 'umpire-store-apart-gone-'));
    const gone = new SqliteEventStore({ file: join(alone, 'umpire.db'), synchronous: 'NORMAL' });
    try {
      const { events, seed } = longMatch(SIZE, 'store-apart-gone');
      fill(gone, events);
      const stream = events[0]!.metadata.stream;
      const seedHint = seed.toString('hex');
      const pages = () => storePages(gone, stream, events.length);
      const inline = await verifyPages(pages, { seedHint });
      const apart = storeChainApart(gone, stream, events.length, 0)!;
      // The service's own connection goes on reading the unlinked file; a new one cannot open it.
      rmSync(alone, { recursive: true, force: true });
      let walked: ChainWalked | undefined | 'not asked' = 'not asked';
      const report = await verifyPages(pages, {
        seedHint,
        chainApart: async (signal) => (walked = await apart(signal)),
      });
      expect(walked).toBeUndefined();
      expect(report).toEqual(inline);
      expect(report.ok).toBe(true);
    } finally {
      await gone.close();
      rmSync(alone, { recursive: true, force: true });
    }
  }, 60_000);

  it('no worker where none can read the stream on its own, nor for a stream too short to pay for one', async () => {
    const memory = new InMemoryEventStore();
    const inMemoryFile = new SqliteEventStore({ file: ':memory:' });
    try {
      expect(storeChainApart(memory, 'match-m', 1_000_000)).toBeUndefined();
      expect(storeChainApart(inMemoryFile, 'match-m', 1_000_000)).toBeUndefined();
      expect(storeChainApart(store, 'match-m', STORE_CHAIN_WORKER_FROM_EVENTS - 1)).toBeUndefined();
      // What the route asks for a long stream: a worker.
      expect(storeChainApart(store, 'match-m', STORE_CHAIN_WORKER_FROM_EVENTS)).toBeInstanceOf(Function);
    } finally {
      await memory.close();
      await inMemoryFile.close();
    }
  });
});

describe('the chain worker’s thread ends with the verification', () => {
  interface Thread {
    exited: Promise<number>;
    messages: unknown[];
  }
  /** A pool of the real worker entry point, each thread watched from its start. */
  function tracked(): { pool: WorkerPool; threads: Thread[] } {
    const start = workerStarter(new URL('../../src/workers/', import.meta.url).href, 'worker');
    if (!start) throw new Error('the worker entry point was not found');
    const threads: Thread[] = [];
    const pool = new WorkerPool(() => {
      const worker: Worker = start();
      const messages: unknown[] = [];
      worker.on('message', (message) => messages.push(message));
      threads.push({ exited: new Promise((resolve) => worker.once('exit', resolve)), messages });
      return worker;
    }, 1);
    return { pool, threads };
  }
  const walkOn =
    (pool: WorkerPool, work: unknown): ChainApart =>
    (signal) =>
      pool.run<ChainWalked | null>('store-chain', work, signal).then((walked) => walked ?? undefined);

  it('a worker that cannot read its store answers nothing, not a verdict, and stays for the next job', async () => {
    const { pool, threads } = tracked();
    try {
      const walked = await walkOn(pool, {
        file: join(tmpdir(), 'umpire-no-such-folder', 'umpire.db'),
        stream: 'match-m',
        upTo: 10,
        pageSize: 200,
      })();
      expect(walked).toBeUndefined();
      expect(threads).toHaveLength(1);
      // It answered that it could not read (null): not a verdict.
      expect(threads[0]!.messages).toEqual([{ id: 1, ok: true, answer: null }]);
      expect(pool.workers).toBe(1);
    } finally {
      await pool.close();
    }
  }, 60_000);

  it('a verification that fails before the walk is in ends the walk: its thread never answers', async () => {
    const { pool, threads } = tracked();
    try {
      let answered = false;
      const walk = walkOn(pool, { file: ':no file:', stream: 'match-m', upTo: 10, pageSize: 200 });
      const apart: ChainApart = (signal) =>
        walk(signal).then((walked) => {
          answered = walked !== undefined;
          return walked;
        });
      const failing = async function* (): AsyncGenerator<never> {
        yield* [];
        throw new Error('the store went away');
      };
      await expect(verifyPages(failing, { chainApart: apart })).rejects.toThrow('the store went away');
      expect(threads).toHaveLength(1);
      await threads[0]!.exited;
      // Left to run, it would have answered (null: it cannot read that file); it was ended first.
      expect(threads[0]!.messages).toEqual([]);
      expect(answered).toBe(false);
      expect(pool.workers).toBe(0);
    } finally {
      await pool.close();
    }
  }, 60_000);
});
