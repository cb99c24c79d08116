import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { APP_CONFIG, type AppConfig, snapshotsFile } from '../config/app-config.js';
import { MatchAggregates } from './match-aggregates.js';
import { MatchCommandService } from './match-command.service.js';
import { MatchLoader } from './match-loader.js';
import { MatchLocks } from './match-locks.js';
import { GetMatchHandler, MatchCommandHandler } from './match.handlers.js';
import { MatchQueries } from './match.queries.js';
import { MatchViewer } from './match-viewer.js';
import { SealedOrders } from './sealed-orders.js';
import { SNAPSHOT_STORE } from './snapshots/snapshot-store.js';
import { SqliteSnapshotStore } from './snapshots/sqlite-snapshot-store.js';

@Module({
  imports: [CqrsModule],
  providers: [
    {
      provide: SNAPSHOT_STORE,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => new SqliteSnapshotStore(snapshotsFile(config)),
    },
    MatchAggregates,
    MatchLocks,
    MatchLoader,
    MatchCommandService,
    MatchQueries,
    MatchViewer,
    SealedOrders,
    MatchCommandHandler,
    GetMatchHandler,
  ],
  exports: [MatchAggregates, MatchLoader, MatchQueries, MatchViewer],
})
export class MatchModule {}
