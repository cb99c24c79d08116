import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteEventStore } from '../../src/event-store/sqlite/sqlite-event-store.js';
import { eventStoreContract } from './event-store.contract.js';

eventStoreContract('sqlite', async () => {
  const folder = mkdtempSync(join(tmpdir(), 'umpire-contract-'));
  const store = new SqliteEventStore({ file: join(folder, 'events.db'), pollMs: 20 });
  return {
    store,
    dispose: async () => {
      await store.close();
      rmSync(folder, { recursive: true, force: true });
    },
  };
});
