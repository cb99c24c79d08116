import { Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, type AppConfig, sqliteFile } from '../config/app-config.js';
import { EVENT_STORE, type EventStore } from './event-store.port.js';
import { SqliteEventStore } from './sqlite/sqlite-event-store.js';

async function openEventStore(config: AppConfig): Promise<EventStore> {
  if (config.eventStoreConnectionString) {
    // TODO(issue 7): the EventStoreDB adapter lands with its own issue.
    throw new Error('EVENTSTORE_CONNECTION_STRING is set, but this build has no EventStoreDB adapter yet');
  }
  return new SqliteEventStore({ file: sqliteFile(config), synchronous: config.sqliteSynchronous });
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
