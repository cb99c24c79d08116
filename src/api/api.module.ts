import { type DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import { MatchModule } from '../match/match.module.js';
import { TournamentModule } from '../tournament/tournament.module.js';
import { AuditController } from './audit.controller.js';
import { DomainErrorFilter } from './domain-error.filter.js';
import { KeysController } from './keys.controller.js';
import { MatchConductController } from './match-conduct.controller.js';
import { MatchesController } from './matches.controller.js';
import { rulesetCommandsControllers } from './ruleset-commands.controller.js';
import { servedCommands } from './served-commands.js';
import { StreamTicketsController } from './stream-tickets.controller.js';

@Module({})
export class ApiModule {
  /**
   * The match API, with one route for each command of every registered ruleset: built when the app
   * is, after any ruleset the app factory was handed has been registered.
   */
  static forRulesets(): DynamicModule {
    return {
      module: ApiModule,
      imports: [CqrsModule, MatchModule, TournamentModule],
      controllers: [
        MatchesController,
        ...rulesetCommandsControllers(servedCommands()),
        MatchConductController,
        AuditController,
        KeysController,
        StreamTicketsController,
      ],
      providers: [{ provide: APP_FILTER, useClass: DomainErrorFilter }],
    };
  }
}
