import { Global, Inject, Logger, Module, type OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, type AppConfig, sqliteFile } from '../config/app-config.js';
import { EVENT_STORE, type EventStore } from './event-store.port.js';
import { SqliteEventStore } from './sqlite/sqlite-event-store.js';

/** How often, with several instances on one file, an instance looks whether another has appended. */
const OTHER_WRITERS_WATCH_MS = 5;

async function openEventStore(config: AppConfig): Promise<EventStore> {
  if (config.eventStoreConnectionString) {
    // Loaded only when asked for, so the embedded default never loads the gRPC client.
    const { createEsdbEventStore } = await import('./esdb/esdb-event-store.js');
    const logger = new Logger('eventstoredb');
    return createEsdbEventStore(config.eventStoreConnectionString, {
      resubscribe: {
        onDrop: (error, attempt) =>
          logger.warn(`subscription dropped (attempt ${attempt}): ${String(error)}`),
      },
    });
  }
  return new SqliteEventStore({
    file: sqliteFile(config),
    synchronous: config.sqliteSynchronous,
    writer: config.sqliteWriter,
    // Other instances append to the file too: their appends ring this one's subscriptions (the read
    // models, live feeds, the referee) within milliseconds rather than at the poll.
    ...(config.instances > 1 || !config.projectReadModels
      ? { watchOtherWritersMs: OTHER_WRITERS_WATCH_MS }
      : {}),
  });
}

@Global()
@Module({
  providers: [{ provide: EVENT_STORE, inject: [APP_CONFIG], useFactory: openEventStore }],
  exports: [EVENT_STORE],
})
export class EventStoreModule implements OnApplicationShutdown {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async onApplicationShutdown(): Promise<void> {
    await this.store.close();
  }
}
