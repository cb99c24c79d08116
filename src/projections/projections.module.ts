import { Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, type AppConfig, projectionsFile } from '../config/app-config.js';
import { MatchModule } from '../match/match.module.js';
import { MatchHistory } from './match-history.service.js';
import { MatchesProjection, MatchListQueries } from './matches.projection.js';
import { PROJECTIONS, type Projection } from './projection.js';
import { ProjectionDatabase } from './projection-database.js';
import { PROJECT_READ_MODELS, ProjectionRunner } from './projection-runner.js';
import { ResultsProjection } from './results.projection.js';
import { RetryAfterHook } from './retry-after.hook.js';
import { RosterProjection } from './roster.projection.js';
import { StandingsProjection } from './standings.projection.js';
import { MatchSchedules, ReadModelProgress } from '../tournament/read-model-ports.js';
import { TournamentQueries } from './tournament.queries.js';
import { TournamentsProjection } from './tournaments.projection.js';
import { TurnLogProjection } from './turn-log/turn-log.projection.js';

const READ_MODELS = [
  TurnLogProjection,
  RosterProjection,
  ResultsProjection,
  TournamentsProjection,
  StandingsProjection,
  MatchesProjection,
];

/**
 * The read models, in their own SQLite file (projections.db in the data folder). Kept on disk rather
 * than rebuilt in memory at every start: a restart resumes from each checkpoint instead of re-reading
 * every tournament ever played, and the file can be deleted at any time to rebuild from nothing.
 */
@Global()
@Module({
  imports: [MatchModule],
  providers: [
    {
      provide: ProjectionDatabase,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => new ProjectionDatabase(projectionsFile(config)),
    },
    ...READ_MODELS,
    {
      provide: PROJECTIONS,
      inject: READ_MODELS,
      useFactory: (...projections: Projection[]) => projections,
    },
    {
      provide: PROJECT_READ_MODELS,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => config.projectReadModels,
    },
    ProjectionRunner,
    RetryAfterHook,
    MatchHistory,
    TournamentQueries,
    MatchListQueries,
    // The tournament's commands wait on these without importing the read models (DESIGN.md layering).
    { provide: ReadModelProgress, useExisting: ProjectionRunner },
    { provide: MatchSchedules, useExisting: TournamentsProjection },
  ],
  exports: [
    ProjectionRunner,
    MatchHistory,
    TournamentQueries,
    MatchListQueries,
    ReadModelProgress,
    MatchSchedules,
    ...READ_MODELS,
  ],
})
export class ProjectionsModule implements OnApplicationShutdown {
  constructor(@Inject(ProjectionDatabase) private readonly database: ProjectionDatabase) {}

  onApplicationShutdown(): void {
    this.database.close();
  }
}
