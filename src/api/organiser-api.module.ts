import { BackupController } from './backup.controller.js';
import { Module } from '@nestjs/common';
import { LiveModule } from '../live/live.module.js';
import { MatchModule } from '../match/match.module.js';
import { TournamentModule } from '../tournament/tournament.module.js';
import { MatchLogController } from './match-log.controller.js';
import { MatchStreamsController } from './match-streams.controller.js';
import { ProjectionsController } from './projections.controller.js';
import { TournamentExportController } from './tournament-export.controller.js';
import { TournamentExport } from './tournament-export/tournament-export.service.js';
import { TournamentParticipantsController } from './tournament-participants.controller.js';
import { TournamentClockController } from './tournament-clock.controller.js';
import { TournamentRoundsController } from './tournament-rounds.controller.js';
import { TournamentsController } from './tournaments.controller.js';
import { WebhooksController } from './webhooks.controller.js';

/** The organiser's API: tournaments, match history and replay, live feeds, webhooks, read models. */
@Module({
  imports: [TournamentModule, LiveModule, MatchModule],
  controllers: [
    BackupController,
    TournamentsController,
    TournamentParticipantsController,
    TournamentRoundsController,
    TournamentClockController,
    TournamentExportController,
    MatchLogController,
    MatchStreamsController,
    WebhooksController,
    ProjectionsController,
  ],
  providers: [TournamentExport],
})
export class OrganiserApiModule {}
