import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteEventStore } from '../../src/event-store/sqlite/sqlite-event-store.js';
import { eventStoreContract } from './event-store.contract.js';

// The writer commits groups on the calling thread (the default) or on a worker thread: both keep the contract.
for (const writer of ['inline', 'thread'] as const) {
  eventStoreContract(`sqlite (${writer} writer)`, async () => {
    const folder = mkdtempSync(join(tmpdir(), 'umpire-contract-'));
    const store = new SqliteEventStore({ file: join(folder, 'events.db'), pollMs: 20, writer });
    return {
      store,
      dispose: async () => {
        await store.close();
        rmSync(folder, { recursive: true, force: true });
      },
    };
  });
}
