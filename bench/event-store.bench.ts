import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import type { NewEvent } from '../src/event-store/event-store.port.js';
import { sealBatch } from '../src/event-store/envelope.js';
import { GENESIS_HASH } from '../src/event-store/hash-chain.js';
import { MIGRATIONS } from '../src/event-store/sqlite/migrations.js';
import { SqliteEventStore } from '../src/event-store/sqlite/sqlite-event-store.js';

/**
 * The SQLite adapter against raw better-sqlite3 doing the same inserts and reads, in the same run, on
 * the same disk, with the same pragmas (WAL, synchronous=FULL) and the same schema. The ratio is the
 * figure: absolute numbers depend on the disk's fsync.
 */

export interface Measurement {
  name: string;
  umpire: number;
  raw: number;
  unit: string;
  target?: number;
}

const actor = { role: 'player', side: 'A', keyId: 'bench' } as const;
const ruleset = { id: 'hand-to-hand', version: '1.0.0', hash: 'f'.repeat(64) };
const AT = '2026-11-30T10:00:00.000Z';

function sampleEvent(i: number): NewEvent {
  return {
    type: 'MoraleTested',
    data: {
      unitId: `unit-${i % 12}`,
      cause: 'melee',
      roll: {
        purpose: 'morale test',
        faces: [(i % 6) + 1, ((i * 7) % 6) + 1],
        origin: 'server',
        side: 'B',
        index: i,
      },
      effectiveMorale: 4,
      passed: false,
      margin: 3,
      outcome: 'reform',
    },
  };
}

type Row = [
  stream: string,
  revision: number,
  commandId: string,
  type: string,
  data: string,
  metadata: string,
  hash: string,
];

/** The exact rows the adapter writes, sealed before the clock starts, so raw inserts the same bytes. */
function sealedRows(stream: string, events: NewEvent[], commandId: string, fromRevision = 0): Row[] {
  const head = { revision: fromRevision, hash: GENESIS_HASH };
  return sealBatch(stream, head, events, { expectedRevision: 'any', commandId, actor, ruleset }, AT).map(
    (e) => [
      stream,
      e.metadata.revision,
      commandId,
      e.type,
      JSON.stringify(e.data),
      JSON.stringify(e.metadata),
      e.metadata.hash,
    ],
  );
}

function openRaw(file: string) {
  const db = new BetterSqlite3(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.exec(MIGRATIONS.map((m) => m.up).join(';'));
  const insert = db.prepare<Row>(
    'INSERT INTO events (stream, revision, command_id, type, data, metadata, hash) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  return { db, insert };
}

function seconds(start: bigint): number {
  return Number(process.hrtime.bigint() - start) / 1e9;
}

/**
 * Rounds alternate between the two writers (and which goes first), so that a disk that speeds up or
 * slows down during the run weighs on both alike.
 */
async function singleEventAppends(folder: string, count: number, rounds = 10): Promise<Measurement> {
  const store = new SqliteEventStore({ file: join(folder, 'single-umpire.db') });
  const raw = openRaw(join(folder, 'single-raw.db'));
  const perRound = Math.ceil(count / rounds);
  const rows = Array.from(
    { length: perRound * rounds },
    (_, i) => sealedRows('match-bench', [sampleEvent(i)], `c${i}`, i)[0]!,
  );
  let umpireSeconds = 0;
  let rawSeconds = 0;
  for (let round = 0; round < rounds; round++) {
    const from = round * perRound;
    const runUmpire = async () => {
      const start = process.hrtime.bigint();
      for (let i = from; i < from + perRound; i++) {
        await store.append('match-bench', [sampleEvent(i)], {
          expectedRevision: i,
          commandId: `c${i}`,
          actor,
          ruleset,
          at: AT,
        });
      }
      umpireSeconds += seconds(start);
    };
    const runRaw = () => {
      const start = process.hrtime.bigint();
      for (let i = from; i < from + perRound; i++) raw.insert.run(...rows[i]!);
      rawSeconds += seconds(start);
    };
    if (round % 2 === 0) {
      await runUmpire();
      runRaw();
    } else {
      runRaw();
      await runUmpire();
    }
  }
  await store.close();
  raw.db.close();
  const total = perRound * rounds;
  return {
    name: 'durable appends, 1 event per append',
    umpire: total / umpireSeconds,
    raw: total / rawSeconds,
    unit: 'appends/s',
    target: 0.7,
  };
}

async function batchAppends(folder: string, batches: number, size: number): Promise<Measurement> {
  const store = new SqliteEventStore({ file: join(folder, 'batch-umpire.db') });
  const batch = Array.from({ length: size }, (_, i) => sampleEvent(i));
  let start = process.hrtime.bigint();
  for (let b = 0; b < batches; b++) {
    await store.append(`match-${b}`, batch, {
      expectedRevision: 'no_stream',
      commandId: `b${b}`,
      actor,
      ruleset,
    });
  }
  const umpire = (batches * size) / seconds(start);
  await store.close();

  const raw = openRaw(join(folder, 'batch-raw.db'));
  const rows = Array.from({ length: batches }, (_, b) => sealedRows(`match-${b}`, batch, `b${b}`));
  const insertBatch = raw.db.transaction((b: number) => {
    for (const row of rows[b]!) raw.insert.run(...row);
  });
  start = process.hrtime.bigint();
  for (let b = 0; b < batches; b++) insertBatch.immediate(b);
  const rawRate = (batches * size) / seconds(start);
  raw.db.close();
  return { name: `events/s at ${size} events per append`, umpire, raw: rawRate, unit: 'events/s' };
}

async function readAllEvents(folder: string, page: number): Promise<Measurement[]> {
  // Reads the file the batch benchmark wrote, through both paths.
  const file = join(folder, 'batch-umpire.db');
  const store = new SqliteEventStore({ file });
  let read = 0;
  const start = process.hrtime.bigint();
  for (let from = 0; ;) {
    const events = await store.readAll({ fromPosition: from, maxCount: page });
    if (events.length === 0) break;
    read += events.length;
    from = events[events.length - 1]!.position;
  }
  const umpire = read / seconds(start);
  await store.close();

  const db = new BetterSqlite3(file, { readonly: true });
  const select = db.prepare(
    'SELECT position, type, data, metadata FROM events WHERE position > ? ORDER BY position LIMIT ?',
  );
  let decoded: unknown[] = [];
  const rawRead = (decode: boolean): number => {
    let count = 0;
    const begin = process.hrtime.bigint();
    for (let from = 0; ;) {
      const rows = select.all(from, page) as {
        position: number;
        type: string;
        data: string;
        metadata: string;
      }[];
      if (rows.length === 0) break;
      // Decoded into an array so the work cannot be optimised away.
      if (decode) decoded = rows.map((row) => [JSON.parse(row.data), JSON.parse(row.metadata)]);
      count += rows.length;
      from = rows[rows.length - 1]!.position;
    }
    return count / seconds(begin);
  };
  const rawRows = rawRead(false);
  const rawDecoded = rawRead(true);
  if (decoded.length === 0) throw new Error('raw read decoded nothing');
  db.close();
  // The target is against raw reading the same rows and decoding the same JSON: the least a hand-written
  // reader does to hand out the same events. Rows left as undecoded strings are shown for information.
  return [
    {
      name: 'readAll events/s (raw: same rows, JSON decoded)',
      umpire,
      raw: rawDecoded,
      unit: 'events/s',
      target: 0.5,
    },
    { name: 'readAll events/s (raw: rows only, JSON left as text)', umpire, raw: rawRows, unit: 'events/s' },
  ];
}

export async function benchEventStore(): Promise<Measurement[]> {
  const folder = mkdtempSync(join(tmpdir(), 'umpire-bench-'));
  try {
    const single = Number(process.env.BENCH_SINGLE ?? 4000);
    const out = [await singleEventAppends(folder, single)];
    out.push(await batchAppends(folder, Number(process.env.BENCH_BATCHES ?? 50), 1000));
    out.push(...(await readAllEvents(folder, 1000)));
    return out;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
