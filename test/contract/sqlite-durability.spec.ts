import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { verifyChain } from '../../src/event-store/hash-chain.js';
import { SqliteEventStore } from '../../src/event-store/sqlite/sqlite-event-store.js';
import { MIGRATIONS } from '../../src/event-store/sqlite/migrations.js';

const here = dirname(fileURLToPath(import.meta.url));
const appender = join(here, 'fixtures', 'sqlite-appender.ts');
const groupAppender = join(here, 'fixtures', 'sqlite-group-appender.ts');
const root = join(here, '..', '..');

function startAppender(file: string, stream: string, count: number, writer: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', appender, file, stream, String(count), writer], {
    cwd: root,
    env: { ...process.env, NODE_OPTIONS: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const acks: number[] = [];
  let stderr = '';
  let buffered = '';
  child.stdout.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    const lines = buffered.split('\n');
    buffered = lines.pop()!;
    for (const line of lines) if (line.startsWith('ack ')) acks.push(Number(line.slice(4)));
  });
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, acks, exited, stderr: () => stderr };
}

describe('SQLite store: durability', () => {
  let folder: string;
  let file: string;
  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'umpire-durability-'));
    file = join(folder, 'nested', 'events.db');
  });
  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  it('creates its folder and schema, records the migrations, and finds everything after close and reopen', async () => {
    const first = new SqliteEventStore({ file });
    await first.append(
      'match-1',
      [
        { type: 'A', data: { n: 1 } },
        { type: 'B', data: { n: 2 } },
      ],
      {
        expectedRevision: 'no_stream',
        commandId: 'c1',
        actor: { role: 'system' },
      },
    );
    const before = await first.readAll();
    await first.close();

    const reopened = new SqliteEventStore({ file });
    expect(await reopened.readAll()).toEqual(before);
    const versions = reopened.database
      .prepare('SELECT version FROM schema_migrations ORDER BY version')
      .pluck()
      .all();
    expect(versions).toEqual(MIGRATIONS.map((m) => m.version));
    const next = await reopened.append('match-1', [{ type: 'C', data: {} }], {
      expectedRevision: 2,
      commandId: 'c2',
      actor: { role: 'system' },
    });
    expect(next.nextRevision).toBe(3);
    expect(verifyChain('match-1', await reopened.readStream('match-1')).ok).toBe(true);
    await reopened.close();
  });

  it('a read at the head is shared by the subscribers that ask in the same turn, and read afresh after', async () => {
    const store = new SqliteEventStore({ file });
    const options = { commandId: 'c1', actor: { role: 'system' as const } };
    const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
    await store.append('match-1', [{ type: 'A', data: { n: 1 } }], {
      ...options,
      expectedRevision: 'no_stream',
    });
    const first = await store.readAll({ fromPosition: 0, maxCount: 500 });
    const sameTurn = await store.readAll({ fromPosition: 0, maxCount: 500 });
    expect(sameTurn[0]).toBe(first[0]); // one read of the head, handed to both subscribers
    expect(sameTurn).not.toBe(first); // each its own array
    // a row changed under the store (as the audit tests forge one) is read as it now is in a later turn
    store.database.prepare(`UPDATE events SET data = '{"n":2}' WHERE position = ?`).run(first[0]!.position);
    await nextTurn();
    const [changed] = await store.readAll({ fromPosition: 0, maxCount: 500 });
    expect(changed!.data).toEqual({ n: 2 });
    expect(verifyChain('match-1', await store.readAll()).ok).toBe(false);
    // an append of this process: a subscriber that saw it reads the store again
    await store.append('match-1', [{ type: 'B', data: {} }], {
      ...options,
      commandId: 'c2',
      expectedRevision: 1,
    });
    expect(await store.readAll({ fromPosition: 0, maxCount: 500 })).toHaveLength(2);
    await store.close();
  });

  it('runs synchronous=FULL by default and WAL always', async () => {
    const store = new SqliteEventStore({ file });
    expect(store.database.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(store.database.pragma('synchronous', { simple: true })).toBe(2); // 2 = FULL
    await store.close();
  });

  it('two OS processes appending to one file at once end with contiguous revisions and nothing lost', async () => {
    const perWriter = 150;
    const writers = [
      startAppender(file, 'match-shared', perWriter, 'left'),
      startAppender(file, 'match-shared', perWriter, 'right'),
    ];
    const codes = await Promise.all(writers.map((w) => w.exited));
    expect({ codes, stderr: writers.map((w) => w.stderr()) }).toEqual({ codes: [0, 0], stderr: ['', ''] });

    const store = new SqliteEventStore({ file });
    const events = await store.readStream('match-shared');
    expect(events.map((e) => e.metadata.revision)).toEqual(
      Array.from({ length: 2 * perWriter }, (_, i) => i + 1),
    );
    for (const writer of ['left', 'right']) {
      const mine = events.filter((e) => (e.data as { writer: string }).writer === writer);
      expect(mine.map((e) => (e.data as { n: number }).n)).toEqual(
        Array.from({ length: perWriter }, (_, i) => i),
      );
    }
    expect(verifyChain('match-shared', events).ok).toBe(true);
    await store.close();
  });

  it('a writer killed with SIGKILL mid-run leaves every acknowledged append readable and the chain valid', async () => {
    const writer = startAppender(file, 'match-crash', 0, 'doomed');
    const deadline = Date.now() + 20_000;
    while (writer.acks.length < 200 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    writer.child.kill('SIGKILL');
    await writer.exited;
    const acknowledged = [...writer.acks];
    expect(acknowledged.length).toBeGreaterThanOrEqual(200);

    const store = new SqliteEventStore({ file });
    const events = await store.readStream('match-crash');
    const stored = new Set(events.map((e) => e.metadata.revision));
    expect(acknowledged.filter((revision) => !stored.has(revision))).toEqual([]);
    // The one append in flight at the kill may or may not have committed, but nothing else.
    expect(events.length - acknowledged.length).toBeLessThanOrEqual(1);
    expect(verifyChain('match-crash', events).ok).toBe(true);
    await store.close();
  });

  it('a writer killed with SIGKILL in the middle of group commits loses no acknowledged append and splits no group', async () => {
    const width = 16;
    const child = spawn(process.execPath, ['--import', 'tsx', groupAppender, file, String(width)], {
      cwd: root,
      env: { ...process.env, NODE_OPTIONS: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const acks = new Map<string, number>();
    let buffered = '';
    child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop()!;
      for (const line of lines) {
        const [, stream, revision] = line.split(' ');
        if (stream && revision) acks.set(stream, Math.max(acks.get(stream) ?? 0, Number(revision)));
      }
    });
    const exited = new Promise((resolve) => child.on('exit', resolve));
    const deadline = Date.now() + 20_000;
    while ([...acks.values()].reduce((a, b) => a + b, 0) < 2000 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 5));
    }
    child.kill('SIGKILL');
    await exited;

    const store = new SqliteEventStore({ file });
    const lengths: number[] = [];
    for (let i = 0; i < width; i++) {
      const stream = `match-group-${i}`;
      const events = await store.readStream(stream);
      // every acknowledged append is there, and each append's two events stand or fall together
      expect(events.length).toBeGreaterThanOrEqual(acks.get(stream) ?? 0);
      expect(events.length % 2).toBe(0);
      expect(verifyChain(stream, events).ok).toBe(true);
      lengths.push(events.length);
    }
    // one group is one transaction: the streams of one round are all in or all out
    expect(Math.max(...lengths) - Math.min(...lengths)).toBe(0);
    await store.close();
  });
});
