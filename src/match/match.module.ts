import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { MatchCommandRunner } from './command-runner.js';
import { MatchLoader } from './match-loader.js';
import { GetMatchHandler, MATCH_COMMAND_HANDLERS } from './match.handlers.js';
import { MatchQueries } from './match.queries.js';
import { MatchViewer } from './match-viewer.js';
import { SealedOrders } from './sealed-orders.js';

@Module({
  imports: [CqrsModule],
  providers: [
    MatchLoader,
    MatchCommandRunner,
    MatchQueries,
    MatchViewer,
    SealedOrders,
    GetMatchHandler,
    ...MATCH_COMMAND_HANDLERS,
  ],
  exports: [MatchLoader, MatchQueries, MatchViewer],
})
export class MatchModule {}
