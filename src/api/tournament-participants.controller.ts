import { Body, Controller, Get, Param, Post, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { UseGuards } from '@nestjs/common';
import { ParticipantKeyGuard } from './tournament-acting.js';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, Roles } from '../auth/auth.decorators.js';
import { KeyRegistry } from '../auth/key-registry.service.js';
import { actorOf, type Principal } from '../auth/principal.js';
import { KeyScope } from '../tournament/key-scope.js';
import type { Page } from '../tournament/page-cursor.js';
import { TournamentBoard } from '../tournament/tournament-board.service.js';
import { type TournamentCommandView, TournamentConduct } from '../tournament/tournament-conduct.service.js';
import type { ParticipantView } from '../tournament/tournament-views.js';
import { ApiAccess } from './dto/error.dto.js';
import { PageQueryDto } from './dto/page-query.dto.js';
import { TournamentKeyDto } from './dto/tournament.dto.js';
import {
  ActingParticipantDto,
  EXAMPLE_PARTICIPANT,
  ParticipantDto,
  ParticipantPageDto,
  IssueParticipantKeyDto,
  ReasonDto,
  RegisterParticipantDto,
  TournamentCommandDto,
} from './dto/tournament-conduct.dto.js';
import { actingParticipant, assertParticipantKey } from './tournament-acting.js';
import { TournamentIdPipe } from './tournament-id.pipe.js';
import { answerFromBoard, ApiValidated } from './tournament-validators.js';
import { BadRequestException } from '@nestjs/common';

const PAGE_SIZE = 50;

/** The participants registry of a tournament: register, check in, withdraw, drop out, participant keys. */
@ApiTags('tournaments')
@UseGuards(ParticipantKeyGuard)
@Controller('tournaments/:id/participants')
export class TournamentParticipantsController {
  constructor(
    private readonly conduct: TournamentConduct,
    private readonly board: TournamentBoard,
    private readonly keys: KeyRegistry,
    private readonly keyScope: KeyScope,
  ) {}

  @Post()
  @Roles('organiser')
  @ApiAccess('organiser (bound keys: their tournament)')
  @ApiOperation({
    summary:
      'Register a participant (ParticipantRegistered): a stable id (p1, p2 … unless given), display name, optional club, faction and seed. Two participants never share a name (409).',
  })
  @ApiCreatedResponse({ type: TournamentCommandDto })
  register(
    @CurrentPrincipal() principal: Principal,
    @Param('id', TournamentIdPipe) id: string,
    @Body() body: RegisterParticipantDto,
  ): Promise<TournamentCommandView> {
    const { commandId, ...fields } = body;
    return this.conduct.run(principal, id, commandId, { type: 'RegisterParticipant', ...fields });
  }

  @Get()
  @Roles('organiser', 'judge', 'spectator', 'player')
  @ApiAccess('any key of the tournament')
  @ApiOperation({ summary: 'The participants in order of registration. Paginated: ?limit= and ?cursor=.' })
  @ApiOkResponse({ type: ParticipantPageDto, example: { items: [EXAMPLE_PARTICIPANT], nextCursor: null } })
  @ApiValidated('the page')
  async list(
    @CurrentPrincipal() principal: Principal,
    @Param('id', TournamentIdPipe) id: string,
    @Query() query: PageQueryDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Page<ParticipantView> | undefined> {
    assertParticipantKey(principal);
    const read = await this.board.participants(id, query.limit ?? PAGE_SIZE, query.cursor);
    return answerFromBoard(request, reply, read);
  }

  @Get(':participantId')
  @Roles('organiser', 'judge', 'spectator', 'player')
  @ApiAccess('any key of the tournament')
  @ApiOperation({ summary: 'One participant.' })
  @ApiOkResponse({ type: ParticipantDto, example: EXAMPLE_PARTICIPANT })
  @ApiValidated('the participant')
  async get(
    @CurrentPrincipal() principal: Principal,
    @Param('id', TournamentIdPipe) id: string,
    @Param('participantId') participantId: string,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ParticipantView | undefined> {
    assertParticipantKey(principal);
    return answerFromBoard(request, reply, await this.board.participant(id, participantId));
  }

  @Post(':participantId/check-in')
  @Roles('organiser', 'judge', 'player')
  @ApiAccess('organiser, judge, or the participant’s own key')
  @ApiOperation({ summary: 'Check in (ParticipantCheckedIn): only checked-in participants are paired.' })
  @ApiCreatedResponse({ type: TournamentCommandDto })
  checkIn(
    @CurrentPrincipal() principal: Principal,
    @Param('id', TournamentIdPipe) id: string,
    @Param('participantId') participantId: string,
    @Body() body: ActingParticipantDto,
  ): Promise<TournamentCommandView> {
    actingParticipant(principal, participantId);
    return this.conduct.run(principal, id, body.commandId, { type: 'CheckInParticipant', participantId });
  }

  @Post(':participantId/withdraw')
  @Roles('organiser')
  @ApiAccess('organiser')
  @ApiOperation({
    summary:
      'Withdraw before round 1 is opened (ParticipantWithdrawn): they are out of the event altogether.',
  })
  @ApiCreatedResponse({ type: TournamentCommandDto })
  withdraw(
    @CurrentPrincipal() principal: Principal,
    @Param('id', TournamentIdPipe) id: string,
    @Param('participantId') participantId: string,
    @Body() body: ReasonDto,
  ): Promise<TournamentCommandView> {
    return this.conduct.run(principal, id, body.commandId, {
      type: 'WithdrawParticipant',
      participantId,
      reason: body.reason,
    });
  }

  @Post(':participantId/drop')
  @Roles('organiser', 'judge', 'player')
  @ApiAccess('organiser, judge, or the participant’s own key')
  @ApiOperation({
    summary:
      'Drop out between rounds (ParticipantDropped): they keep what they scored and are paired no more. Refused (409) while they play a pairing with no result.',
  })
  @ApiCreatedResponse({ type: TournamentCommandDto })
  drop(
    @CurrentPrincipal() principal: Principal,
    @Param('id', TournamentIdPipe) id: string,
    @Param('participantId') participantId: string,
    @Body() body: ReasonDto,
  ): Promise<TournamentCommandView> {
    actingParticipant(principal, participantId);
    return this.conduct.run(principal, id, body.commandId, {
      type: 'DropParticipant',
      participantId,
      reason: body.reason,
    });
  }

  @Post(':participantId/keys')
  @Roles('organiser')
  @ApiAccess('organiser')
  @ApiOperation({
    summary:
      'Issue a participant key: a player key bound to this tournament and participant, which reports, confirms and disputes their results; with matchId (a referee match of one of their pairings) it also plays their side in that match.',
  })
  @ApiCreatedResponse({ type: TournamentKeyDto })
  async issueKey(
    @CurrentPrincipal() principal: Principal,
    @Param('id', TournamentIdPipe) id: string,
    @Param('participantId') participantId: string,
    @Body() body: IssueParticipantKeyDto,
  ): Promise<TournamentKeyDto & { participantId: string }> {
    const { state } = await this.board.current(id);
    const participant = state.participants.find((p) => p.participantId === participantId);
    if (!participant || participant.status === 'withdrawn') {
      throw new BadRequestException(`tournament ${id} has no participant ${participantId}`);
    }
    let side: 'A' | 'B' | undefined;
    if (body.matchId) {
      const pairing = state.rounds.flatMap((r) => r.pairings).find((p) => p.matchId === body.matchId);
      if (!pairing || (pairing.A !== participantId && pairing.B !== participantId)) {
        throw new BadRequestException(
          `match ${body.matchId} is not a match participant ${participantId} plays`,
        );
      }
      side = pairing.A === participantId ? 'A' : 'B';
    }
    const grant = await this.keyScope.grantFor(principal, {
      role: 'player',
      tournamentId: id,
      participantId,
      ...(body.matchId ? { matchId: body.matchId, side } : {}),
      ...(body.label ? { label: body.label } : {}),
    });
    const {
      token,
      grant: issued,
      duplicate,
    } = await this.keys.issue(grant, actorOf(principal), body.commandId);
    return { token, ...issued, tournamentId: id, participantId, duplicate };
  }
}
