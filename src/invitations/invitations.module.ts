import { Module } from '@nestjs/common';
import { TournamentModule } from '../tournament/tournament.module.js';
import { InvitationsController } from './invitations.controller.js';
import { Invitations } from './invitations.service.js';

/** Seat invitations: single-use codes an organiser hands out, traded for a seat's player key. */
@Module({
  imports: [TournamentModule],
  controllers: [InvitationsController],
  providers: [Invitations],
})
export class InvitationsModule {}
