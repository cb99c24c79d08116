import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { SqliteEventStore } from '../../src/event-store/sqlite/sqlite-event-store.js';

/**
 * Another process (an instance on the same file) holding the write lock: the inline writer's group
 * waits for it on a timer, so the event loop goes on meanwhile, and commits once the lock is free;
 * past the busy timeout it fails, and nothing of it is written.
 */
describe('the SQLite store while another connection holds the write lock', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'umpire-lock-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const by = { actor: { role: 'system' as const } };
  const event = (n: number) => [{ type: 'UnitAdded', data: { n } }];

  it('C-3 given the lock held for a while, when a command appends, then the event loop keeps turning and the append lands after the lock is let go, in order', async () => {
    const file = join(dir, 'umpire.db');
    const store = new SqliteEventStore({ file, synchronous: 'NORMAL' });
    await store.append('m', event(1), { ...by, commandId: 'c1', expectedRevision: 'no_stream' });
    const other = new BetterSqlite3(file);
    other.exec('BEGIN IMMEDIATE');
    const appended = store.append('m', event(2), { ...by, commandId: 'c2', expectedRevision: 1 });
    // Ticks of the event loop while the lock is held: a sleeping busy handler would allow none.
    let ticks = 0;
    const ticker = setInterval(() => (ticks += 1), 5);
    await new Promise((resolve) => setTimeout(resolve, 120));
    clearInterval(ticker);
    expect(ticks).toBeGreaterThanOrEqual(10);
    other.exec('COMMIT');
    other.close();
    const result = await appended;
    expect(result.nextRevision).toBe(2);
    expect((await store.readStream('m')).map((e) => e.data)).toEqual([{ n: 1 }, { n: 2 }]);
    await store.close();
  });

  it('C-6 given the lock held past the busy timeout, when a command appends, then it fails and appends nothing', async () => {
    const file = join(dir, 'umpire.db');
    const store = new SqliteEventStore({ file, synchronous: 'NORMAL', busyTimeoutMs: 80 });
    await store.append('m', event(1), { ...by, commandId: 'c1', expectedRevision: 'no_stream' });
    const other = new BetterSqlite3(file);
    other.exec('BEGIN IMMEDIATE');
    await expect(
      store.append('m', event(2), { ...by, commandId: 'c2', expectedRevision: 1 }),
    ).rejects.toMatchObject({
      code: 'SQLITE_BUSY',
    });
    other.exec('ROLLBACK');
    other.close();
    expect(await store.readStream('m')).toHaveLength(1);
    // The lock free again, the next append goes through at once.
    await store.append('m', event(3), { ...by, commandId: 'c3', expectedRevision: 1 });
    expect(await store.readStream('m')).toHaveLength(2);
    await store.close();
  });
});
