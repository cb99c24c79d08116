import { Body, Controller, HttpCode, Param, ParseIntPipe, Post, UseGuards } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
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
import { ParticipantKeyGuard } from '../api/tournament-acting.js';
import {
  CreateInvitationDto,
  CreateOwnSeatInvitationDto,
  CreateParticipantInvitationDto,
  DEFAULT_INVITATION_MINUTES,
  InvitationDto,
  OwnSeatInvitationDto,
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

  @Post('tournaments/:id/rounds/:round/tables/:table/seat-invitation')
  @Roles('player')
  @UseGuards(ParticipantKeyGuard)
  @ApiAccess('the participant’s key, for its own side of its own refereed match')
  @ApiOperation({
    summary:
      'A participant’s invitation to their own seat of their refereed match at this table: the table page link that joins it.',
    description:
      'For the side the participant plays in the match the tournament scheduled for this pairing (MatchScheduled), and nothing else: another side or another table is 403, a dropped participant 403, a table with no match (report-only, or not started) 404, a voided pairing or one whose result stands 409; each names why, and nothing is appended. One invitation per key and seat: asking again answers the same code (a new one only once it expired unused), with `redeemed` telling whether it was traded already.',
  })
  @ApiCreatedResponse({
    type: OwnSeatInvitationDto,
    example: {
      invitationId: 'k3x9a0b2c4d6',
      code: 'K3X9-A0B2-C4D6',
      link: '/table/#invite=K3X9-A0B2-C4D6',
      expiresAt: '2026-05-02T21:00:00.000Z',
      matchId: 'm-3f2a9c0b1d4e5f60718a',
      side: 'A',
      tournamentId: 'spring-open-2026',
      redeemed: false,
    },
  })
  @ApiForbiddenResponse({
    type: ErrorDto,
    example: problem(403, 'side: participant p4 plays side A at table 2 of round 1, not side B'),
  })
  @ApiNotFoundResponse({
    type: ErrorDto,
    example: problem(
      404,
      'table 2 of round 1 is not refereed: it has no match to join; report its result instead',
    ),
  })
  @ApiConflictResponse({
    type: ErrorDto,
    example: problem(409, 'table 2 of round 1 was voided: its match is not played'),
  })
  createForOwnSeat(
    @CurrentPrincipal() principal: Principal,
    @Param('id', TournamentIdPipe) tournamentId: string,
    @Param('round', ParseIntPipe) round: number,
    @Param('table', ParseIntPipe) table: number,
    @Body() body: CreateOwnSeatInvitationDto,
  ): Promise<OwnSeatInvitationDto> {
    return this.invitations.createForOwnSeat(principal, { tournamentId, round, table, side: body.side });
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
  @ApiGoneResponse({
    type: ErrorDto,
    description:
      'The invitation was used, has expired, or the key that made it was revoked; `invitation` says whether it was for a seat or a place in a tournament.',
    example: problem(
      410,
      'this invitation was already used: a seat’s invitation joins its seat once, on the device that opened it first; ask the organiser for a new one',
      { invitation: 'seat' },
    ),
  })
  redeem(@Param('code') code: string): Promise<RedeemedSeatDto> {
    return this.invitations.redeem(code);
  }
}
