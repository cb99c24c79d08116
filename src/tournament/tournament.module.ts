import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { SCOPE_CHECK } from '../auth/scope-check.js';
import { MatchModule } from '../match/match.module.js';
import { KeyScope } from './key-scope.js';
import { TournamentDirectory } from './tournament-directory.js';
import { TournamentScope } from './tournament-scope.js';
import { RefereeResults } from './referee-results.js';
import { RefereedTables } from './refereed-tables.js';
import { TournamentBoard } from './tournament-board.service.js';
import { TournamentConduct } from './tournament-conduct.service.js';
import { DeskResultsInMatches } from './desk-results-in-matches.js';
import { TimeCalledInMatches } from './time-called-in-matches.js';
import { TournamentService } from './tournament.service.js';
import { MatchPlaces } from './match-places.js';

/** Tournaments: their own stream, their schedule and standings, and the keys bound to them. */
@Module({
  imports: [CqrsModule, MatchModule],
  providers: [
    TournamentService,
    TournamentConduct,
    TournamentBoard,
    MatchPlaces,
    TimeCalledInMatches,
    DeskResultsInMatches,
    RefereeResults,
    RefereedTables,
    TournamentDirectory,
    TournamentScope,
    KeyScope,
    // The AuthGuard runs it for every route, between the key and the route's roles.
    { provide: SCOPE_CHECK, useExisting: TournamentScope },
  ],
  exports: [
    TournamentService,
    MatchPlaces,
    TimeCalledInMatches,
    DeskResultsInMatches,
    TournamentConduct,
    TournamentBoard,
    RefereedTables,
    TournamentDirectory,
    TournamentScope,
    KeyScope,
    SCOPE_CHECK,
  ],
})
export class TournamentModule {}
