import { EsdbEventStore } from '../../src/event-store/esdb/esdb-event-store.js';
import { eventStoreContract } from './event-store.contract.js';

// Against a real EventStoreDB (23.10 or later), e.g. `docker compose -f docker/docker-compose.yml up eventstore`
// then EVENTSTORE_CONNECTION_STRING=esdb://localhost:2113?tls=false npm test. Without the variable the
// suite is reported as skipped. Every test uses its own stream prefix, so a shared server is fine.
const connectionString = process.env.EVENTSTORE_CONNECTION_STRING;

eventStoreContract(
  'eventstoredb',
  async () => {
    const store = new EsdbEventStore({ connectionString: connectionString! });
    return { store, dispose: () => store.close() };
  },
  !connectionString,
);
