import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import { TournamentDirectory } from './tournament-directory.js';
import { TournamentScopeGuard } from './tournament-scope.guard.js';
import { TournamentQueries } from './tournament.queries.js';
import { TournamentService } from './tournament.service.js';

/** Tournaments: their own stream, their schedule and standings, and the keys bound to them. */
@Module({
  imports: [CqrsModule],
  providers: [
    TournamentService,
    TournamentQueries,
    TournamentDirectory,
    { provide: APP_GUARD, useClass: TournamentScopeGuard },
  ],
  exports: [TournamentService, TournamentQueries, TournamentDirectory],
})
export class TournamentModule {}
