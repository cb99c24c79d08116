import { InMemoryEventStore } from '../../src/event-store/memory/in-memory-event-store.js';
import { eventStoreContract } from './event-store.contract.js';

eventStoreContract('in-memory', async () => {
  const store = new InMemoryEventStore();
  return { store, dispose: () => store.close() };
});
