import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiGoneResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { CurrentPrincipal, Public, Roles } from '../auth/auth.decorators.js';
import type { Principal } from '../auth/principal.js';
import { ApiAccess, ErrorDto } from '../api/dto/error.dto.js';
import { MatchIdPipe } from '../api/match-id.pipe.js';
import { problem } from '../http/problem-details.js';
import { TournamentIdPipe } from '../api/tournament-id.pipe.js';
import {
  CreateInvitationDto,
  CreateParticipantInvitationDto,
  DEFAULT_INVITATION_MINUTES,
  InvitationDto,
  ParticipantInvitationDto,
  RedeemedSeatDto,
} from './invitation.dto.js';
import { Invitations } from './invitations.service.js';

@ApiTags('invitations')
@Controller()
export class InvitationsController {
  constructor(private readonly invitations: Invitations) {}

  @Post('matches/:id/invitations')
  @Roles('organiser')
  @ApiAccess('organiser (a key bound to a tournament: its matches only)')
  @ApiOperation({
    summary: 'Invite one seat of a match: a single-use code, and the player’s page link that carries it.',
    description:
      'The code is traded once, by POST /invitations/{code}/redeem, for a player key bound to this match and side. Hand out the link (or a QR code of it), never a key.',
  })
  @ApiCreatedResponse({ type: InvitationDto })
  create(
    @CurrentPrincipal() principal: Principal,
    @Param('id', MatchIdPipe) matchId: string,
    @Body() body: CreateInvitationDto,
  ): Promise<InvitationDto> {
    return this.invitations.create(principal, {
      matchId,
      side: body.side,
      expiresInMinutes: body.expiresInMinutes ?? DEFAULT_INVITATION_MINUTES,
      ...(body.label ? { label: body.label } : {}),
      ...(body.commandId ? { commandId: body.commandId } : {}),
    });
  }

  @Post('tournaments/:id/participants/:participantId/invitations')
  @Roles('organiser')
  @ApiAccess('organiser (bound keys: their tournament)')
  @ApiOperation({
    summary:
      'Invite one participant of a tournament: a single-use code, and the player’s tournament page link that carries it.',
    description:
      'The code is traded once, by POST /invitations/{code}/redeem, for the participant’s key (a player key bound to this tournament and participant). Hand out the link (or a QR code of it), never a key. An unknown or withdrawn participant is 400 naming participantId.',
  })
  @ApiCreatedResponse({ type: ParticipantInvitationDto })
  createForParticipant(
    @CurrentPrincipal() principal: Principal,
    @Param('id', TournamentIdPipe) tournamentId: string,
    @Param('participantId') participantId: string,
    @Body() body: CreateParticipantInvitationDto,
  ): Promise<ParticipantInvitationDto> {
    return this.invitations.createForParticipant(principal, {
      tournamentId,
      participantId,
      expiresInMinutes: body.expiresInMinutes ?? DEFAULT_INVITATION_MINUTES,
      ...(body.label ? { label: body.label } : {}),
      ...(body.commandId ? { commandId: body.commandId } : {}),
    });
  }

  @Post('invitations/:code/redeem')
  @Public()
  @HttpCode(200)
  @ApiOperation({
    summary: 'Trade an invitation (a seat’s or a participant’s), once, for its player key (no key needed).',
    description:
      'A used or expired invitation is 410 Gone, saying which; an unknown code is 404. Of two redemptions at once, exactly one gets the key.',
  })
  @ApiOkResponse({ type: RedeemedSeatDto })
  @ApiNotFoundResponse({ type: ErrorDto, example: problem(404, 'no such invitation') })
  @ApiGoneResponse({ type: ErrorDto, example: problem(410, 'this invitation was already used') })
  redeem(@Param('code') code: string): Promise<RedeemedSeatDto> {
    return this.invitations.redeem(code);
  }
}
