import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RecordedEvent } from '../../src/event-store/event-store.port.js';
import { SqliteEventStore } from '../../src/event-store/sqlite/sqlite-event-store.js';

/**
 * Several instances on one file: a store told that others write to it (watchOtherWritersMs) rings its
 * own subscriptions when another connection commits, instead of leaving them to their poll.
 */
describe('the SQLite store with other writers on its file', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'umpire-others-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const by = { actor: { role: 'system' as const } };
  const event = (n: number) => [{ type: 'UnitAdded', data: { n } }];
  // A poll far longer than any wait below: only the watch can deliver in time.
  const POLL_MS = 60_000;

  async function firstDelivery(watchOtherWritersMs?: number): Promise<number | undefined> {
    const file = join(dir, `umpire-${watchOtherWritersMs ?? 'none'}.db`);
    const reader = new SqliteEventStore({
      file,
      synchronous: 'NORMAL',
      pollMs: POLL_MS,
      ...(watchOtherWritersMs !== undefined ? { watchOtherWritersMs } : {}),
    });
    const writer = new SqliteEventStore({ file, synchronous: 'NORMAL', pollMs: POLL_MS });
    const seen: RecordedEvent[] = [];
    const subscription = reader.subscribe({ fromPosition: 0 }, (e) => void seen.push(e));
    // The subscription has read the (empty) store and waits.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const started = performance.now();
    await writer.append('m', event(1), { ...by, commandId: 'c1', expectedRevision: 'no_stream' });
    let at: number | undefined;
    while (performance.now() - started < 1000) {
      if (seen.length > 0) {
        at = performance.now() - started;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    await subscription.close();
    await Promise.all([reader.close(), writer.close()]);
    return at;
  }

  it('C-3 given another connection appends, when the store watches for other writers, then its subscription has the event within milliseconds', async () => {
    const ms = await firstDelivery(5);
    expect(ms).toBeDefined();
    expect(ms!).toBeLessThan(500);
  });

  it('C-3 given another connection appends, when the store does not watch, then its subscription waits for the poll', async () => {
    expect(await firstDelivery(undefined)).toBeUndefined();
  });
});
