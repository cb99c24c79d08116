import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { MatchCommandRunner } from './command-runner.js';
import { MatchLoader } from './match-loader.js';
import { GetMatchHandler, MATCH_COMMAND_HANDLERS } from './match.handlers.js';
import { MatchQueries } from './match.queries.js';

@Module({
  imports: [CqrsModule],
  providers: [MatchLoader, MatchCommandRunner, MatchQueries, GetMatchHandler, ...MATCH_COMMAND_HANDLERS],
  exports: [MatchLoader, MatchQueries],
})
export class MatchModule {}
