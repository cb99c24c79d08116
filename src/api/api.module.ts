import { Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import { MatchModule } from '../match/match.module.js';
import { TournamentModule } from '../tournament/tournament.module.js';
import { AtomicAfricaController } from './atomic-africa.controller.js';
import { AuditController } from './audit.controller.js';
import { DomainErrorFilter } from './domain-error.filter.js';
import { HandToHandController } from './hand-to-hand.controller.js';
import { KeysController } from './keys.controller.js';
import { MatchConductController } from './match-conduct.controller.js';
import { MatchesController } from './matches.controller.js';
import { StreamTicketsController } from './stream-tickets.controller.js';

@Module({
  imports: [CqrsModule, MatchModule, TournamentModule],
  controllers: [
    MatchesController,
    HandToHandController,
    AtomicAfricaController,
    MatchConductController,
    AuditController,
    KeysController,
    StreamTicketsController,
  ],
  providers: [{ provide: APP_FILTER, useClass: DomainErrorFilter }],
})
export class ApiModule {}
