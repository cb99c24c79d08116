import { Body, Controller, Get, Param, ParseIntPipe, Post, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { UseGuards } from '@nestjs/common';
import { ParticipantKeyGuard } from './tournament-acting.js';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, Roles } from '../auth/auth.decorators.js';
import type { Principal } from '../auth/principal.js';
import type { TournamentCommand } from '../rules/tournament/index.js';
import type { Page } from '../tournament/page-cursor.js';
import { DeskResultsInMatches } from '../tournament/desk-results-in-matches.js';
import { conditionalGet } from '../http/conditional-get.js';
import { disputedTables, type DisputedTableView } from '../tournament/disputed-tables.js';
import { RefereedTables } from '../tournament/refereed-tables.js';
import { TournamentBoard } from '../tournament/tournament-board.service.js';
import { type TournamentCommandView, TournamentConduct } from '../tournament/tournament-conduct.service.js';
import type { RoundView } from '../tournament/tournament-views.js';
import { ApiAccess } from './dto/error.dto.js';
import { CommandDto } from './dto/command.dto.js';
import { PageQueryDto } from './dto/page-query.dto.js';
import {
  ActingParticipantDto,
  DisputedTableDto,
  DisputeResultDto,
  EditPairingsDto,
  EXAMPLE_ROUND,
  ForfeitDto,
  OpenRoundDto,
  OverrideResultDto,
  DeskDecisionDto,
  ReportResultDto,
  RescheduleDto,
  RoundDto,
  RoundPageDto,
  TournamentCommandDto,
} from './dto/tournament-conduct.dto.js';
import { actingParticipant, assertParticipantKey } from './tournament-acting.js';
import { TournamentIdPipe } from './tournament-id.pipe.js';
import { answerFromBoard, ApiValidated } from './tournament-validators.js';

const PAGE_SIZE = 50;

/** Where the caller saw the table's result stand, when it says (C-6: a stale decision is refused). */
const seen = (body: DeskDecisionDto) =>
  body.expectedStatus === undefined ? {} : { expectedStatus: body.expectedStatus };

/**
 * Rounds and results: the organiser opens a round (pairings published), edits it until it starts;
 * players report and confirm their results; judges and organisers override, forfeit, void and
 * reschedule, with a reason. A round closes by itself when every pairing has a result.
 */
@ApiTags('tournaments')
@UseGuards(ParticipantKeyGuard)
@Controller('tournaments/:id/rounds')
export class TournamentRoundsController {
  constructor(
    private readonly conduct: TournamentConduct,
    private readonly board: TournamentBoard,
    private readonly refereed: RefereedTables,
    private readonly deskResults: DeskResultsInMatches,
  ) {}

  private run(principal: Principal, id: string, commandId: string, command: TournamentCommand) {
    return this.conduct.run(principal, id, commandId, command);
  }

  /** A result set at the desk, which also ends the table's refereed match if it is still in play. */
  private async setAtTheDesk(
    principal: Principal,
    id: string,
    commandId: string,
    command: TournamentCommand,
  ): Promise<TournamentCommandView> {
    const answer = await this.run(principal, id, commandId, command);
    await this.deskResults.reach(principal, id, answer);
    return answer;
  }

  @Post()
  @Roles('organiser')
  @ApiAccess('organiser (bound keys: their tournament)')
  @ApiOperation({
    summary:
      'Open the next round (RoundOpened, PairingsPublished): paired Swiss (score groups, no rematch, floats, a bye to the lowest-ranked without one), round robin (circle method), or imported. Refused (409) until the previous round has closed.',
  })
  @ApiCreatedResponse({ type: TournamentCommandDto })
  open(
    @CurrentPrincipal() principal: Principal,
    @Param('id', TournamentIdPipe) id: string,
    @Body() body: OpenRoundDto,
  ): Promise<TournamentCommandView> {
    const { commandId, round, method, pairings, byes } = body;
    return this.run(principal, id, commandId, {
      type: 'OpenRound',
      round,
      method,
      ...(pairings ? { pairings: pairings.map((p) => ({ ...p })) } : {}),
      ...(byes ? { byes } : {}),
    });
  }

  @Get()
  @Roles('organiser', 'judge', 'spectator', 'player')
  @ApiAccess('any key of the tournament')
  @ApiOperation({
    summary: 'The rounds with their pairings, tables and results. Paginated: ?limit= and ?cursor=.',
    description:
      'Carries a weak ETag (send it back in If-None-Match for a 304), except while a round clock runs: its time left changes by itself.',
  })
  @ApiOkResponse({ type: RoundPageDto, example: { items: [EXAMPLE_ROUND], nextCursor: null } })
  @ApiValidated('the page')
  async list(
    @CurrentPrincipal() principal: Principal,
    @Param('id', TournamentIdPipe) id: string,
    @Query() query: PageQueryDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Page<RoundView> | undefined> {
    assertParticipantKey(principal);
    return answerFromBoard(
      request,
      reply,
      await this.board.rounds(id, query.limit ?? PAGE_SIZE, query.cursor),
    );
  }

  @Get('disputed')
  @Roles('organiser', 'judge')
  @ApiAccess('organiser, judge (bound keys: their tournament)')
  @ApiOperation({
    summary:
      'The tables whose result is disputed, newest round first, each with the report disputed (its note) and the dispute (its reason, or the second report and its note): what a judge reads before deciding one (override).',
  })
  @ApiOkResponse({
    type: [DisputedTableDto],
    example: [
      {
        round: 1,
        table: 2,
        A: { participantId: 'p1', name: 'Alice Moyo' },
        B: { participantId: 'p3', name: 'Cy Carter' },
        reported: { by: 'p1', outcome: 'A', note: 'won on objectives' },
        disputed: { by: 'p3', reason: 'the objective was contested at the end', report: null },
      },
      {
        round: 1,
        table: 3,
        A: { participantId: 'p2', name: 'Ben Okafor' },
        B: { participantId: 'p4', name: 'Dee Novak' },
        reported: { by: 'p2', outcome: 'A', note: null },
        disputed: {
          by: 'p4',
          reason: 'p2 reported side A won, p4 reported a draw',
          report: { outcome: 'draw', note: 'time was called in turn 4' },
        },
      },
    ],
  })
  @ApiValidated('the list')
  async disputed(
    @Param('id', TournamentIdPipe) id: string,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<DisputedTableView[] | undefined> {
    const { state, events } = await this.conduct.load(id);
    const { revision, hash } = events[events.length - 1]!.metadata;
    return conditionalGet(request, reply, [revision, hash], () => disputedTables(state, events));
  }

  @Get(':round')
  @Roles('organiser', 'judge', 'spectator', 'player')
  @ApiAccess('any key of the tournament')
  @ApiOperation({
    summary: 'One round: its pairings, tables, byes and where each result stands.',
    description:
      'Carries a weak ETag (send it back in If-None-Match for a 304), except while its clock runs: its time left changes by itself.',
  })
  @ApiOkResponse({ type: RoundDto, example: EXAMPLE_ROUND })
  @ApiValidated('the round')
  async get(
    @CurrentPrincipal() principal: Principal,
    @Param('id', TournamentIdPipe) id: string,
    @Param('round', ParseIntPipe) round: number,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<RoundView | undefined> {
    assertParticipantKey(principal);
    return answerFromBoard(request, reply, await this.board.round(id, round));
  }

  @Post(':round/pairings')
  @Roles('organiser')
  @ApiAccess('organiser')
  @ApiOperation({
    summary:
      'Replace the round’s pairings before it starts (PairingsPublished, edited, with the reason). A participant in two matches of the round is refused (409 naming both).',
  })
  @ApiCreatedResponse({ type: TournamentCommandDto })
  edit(
    @CurrentPrincipal() principal: Principal,
    @Param('id', TournamentIdPipe) id: string,
    @Param('round', ParseIntPipe) round: number,
    @Body() body: EditPairingsDto,
  ): Promise<TournamentCommandView> {
    return this.run(principal, id, body.commandId, {
      type: 'EditPairings',
      round,
      pairings: body.pairings.map((p) => ({ ...p })),
      byes: body.byes,
      reason: body.reason,
    });
  }

  @Post(':round/start')
  @Roles('organiser')
  @ApiAccess('organiser')
  @ApiOperation({
    summary: 'Start the round (RoundStarted, ByeAwarded): its pairings stand from now on.',
    description:
      'In a refereed tournament each pairing then gets its match of the tournament’s ruleset, with server dice, scheduled at its table (MatchScheduled); the answer is the start’s.',
  })
  @ApiCreatedResponse({ type: TournamentCommandDto })
  start(
    @CurrentPrincipal() principal: Principal,
    @Param('id', TournamentIdPipe) id: string,
    @Param('round', ParseIntPipe) round: number,
    @Body() body: CommandDto,
  ): Promise<TournamentCommandView> {
    return this.refereed.startRound(principal, id, body.commandId, round);
  }

  @Post(':round/tables/:table/report')
  @Roles('player', 'organiser', 'judge')
  @ApiAccess('the participant’s key (or organiser, judge naming the participant)')
  @ApiOperation({
    summary:
      'Report the result of one’s pairing (ResultReported). The opponent confirms it; the opponent reporting the same result confirms it too, another result disputes it.',
  })
  @ApiCreatedResponse({ type: TournamentCommandDto })
  report(
    @CurrentPrincipal() principal: Principal,
    @Param('id', TournamentIdPipe) id: string,
    @Param('round', ParseIntPipe) round: number,
    @Param('table', ParseIntPipe) table: number,
    @Body() body: ReportResultDto,
  ): Promise<TournamentCommandView> {
    return this.run(principal, id, body.commandId, {
      type: 'ReportResult',
      round,
      table,
      participantId: actingParticipant(principal, body.participantId),
      outcome: body.outcome,
      ...(body.note ? { note: body.note } : {}),
    });
  }

  @Post(':round/tables/:table/confirm')
  @Roles('player', 'organiser', 'judge')
  @ApiAccess('the opponent’s key (or organiser, judge naming the participant)')
  @ApiOperation({ summary: 'Confirm the opponent’s report (ResultConfirmed): the result stands.' })
  @ApiCreatedResponse({ type: TournamentCommandDto })
  confirm(
    @CurrentPrincipal() principal: Principal,
    @Param('id', TournamentIdPipe) id: string,
    @Param('round', ParseIntPipe) round: number,
    @Param('table', ParseIntPipe) table: number,
    @Body() body: ActingParticipantDto,
  ): Promise<TournamentCommandView> {
    return this.run(principal, id, body.commandId, {
      type: 'ConfirmResult',
      round,
      table,
      participantId: actingParticipant(principal, body.participantId),
    });
  }

  @Post(':round/tables/:table/dispute')
  @Roles('player', 'organiser', 'judge')
  @ApiAccess('the opponent’s key (or organiser, judge naming the participant)')
  @ApiOperation({ summary: 'Dispute the opponent’s report (ResultDisputed): a judge decides it (override).' })
  @ApiCreatedResponse({ type: TournamentCommandDto })
  dispute(
    @CurrentPrincipal() principal: Principal,
    @Param('id', TournamentIdPipe) id: string,
    @Param('round', ParseIntPipe) round: number,
    @Param('table', ParseIntPipe) table: number,
    @Body() body: DisputeResultDto,
  ): Promise<TournamentCommandView> {
    return this.run(principal, id, body.commandId, {
      type: 'DisputeResult',
      round,
      table,
      participantId: actingParticipant(principal, body.participantId),
      reason: body.reason,
    });
  }

  @Post(':round/tables/:table/override')
  @Roles('organiser', 'judge')
  @ApiAccess('organiser, judge')
  @ApiOperation({
    summary:
      'Set the result, with a reason (ResultOverridden): a dispute decided, or any result corrected. A refereed table’s match still in play is ended with it (MatchEnded, the reason its note).',
  })
  @ApiCreatedResponse({ type: TournamentCommandDto })
  override(
    @CurrentPrincipal() principal: Principal,
    @Param('id', TournamentIdPipe) id: string,
    @Param('round', ParseIntPipe) round: number,
    @Param('table', ParseIntPipe) table: number,
    @Body() body: OverrideResultDto,
  ): Promise<TournamentCommandView> {
    return this.setAtTheDesk(principal, id, body.commandId, {
      type: 'OverrideResult',
      round,
      table,
      outcome: body.outcome,
      reason: body.reason,
      ...seen(body),
    });
  }

  @Post(':round/tables/:table/forfeit')
  @Roles('organiser', 'judge')
  @ApiAccess('organiser, judge')
  @ApiOperation({
    summary:
      'A participant forfeits the pairing, with a reason (ForfeitRecorded): the opponent wins. A refereed table’s match still in play is ended with it.',
  })
  @ApiCreatedResponse({ type: TournamentCommandDto })
  forfeit(
    @CurrentPrincipal() principal: Principal,
    @Param('id', TournamentIdPipe) id: string,
    @Param('round', ParseIntPipe) round: number,
    @Param('table', ParseIntPipe) table: number,
    @Body() body: ForfeitDto,
  ): Promise<TournamentCommandView> {
    return this.setAtTheDesk(principal, id, body.commandId, {
      type: 'RecordForfeit',
      round,
      table,
      participantId: body.participantId,
      reason: body.reason,
      ...seen(body),
    });
  }

  @Post(':round/tables/:table/void')
  @Roles('organiser', 'judge')
  @ApiAccess('organiser, judge')
  @ApiOperation({
    summary:
      'Void the pairing, with a reason (PairingVoided): it counts for nobody, and is no meeting for pairing. A refereed table’s match still in play is ended with no winner.',
  })
  @ApiCreatedResponse({ type: TournamentCommandDto })
  void(
    @CurrentPrincipal() principal: Principal,
    @Param('id', TournamentIdPipe) id: string,
    @Param('round', ParseIntPipe) round: number,
    @Param('table', ParseIntPipe) table: number,
    @Body() body: DeskDecisionDto,
  ): Promise<TournamentCommandView> {
    return this.setAtTheDesk(principal, id, body.commandId, {
      type: 'VoidPairing',
      round,
      table,
      reason: body.reason,
      ...seen(body),
    });
  }

  @Post(':round/tables/:table/reschedule')
  @Roles('organiser', 'judge')
  @ApiAccess('organiser, judge')
  @ApiOperation({
    summary: 'Move a pairing with no result to another table or time, with a reason (PairingRescheduled).',
  })
  @ApiCreatedResponse({ type: TournamentCommandDto })
  reschedule(
    @CurrentPrincipal() principal: Principal,
    @Param('id', TournamentIdPipe) id: string,
    @Param('round', ParseIntPipe) round: number,
    @Param('table', ParseIntPipe) table: number,
    @Body() body: RescheduleDto,
  ): Promise<TournamentCommandView> {
    return this.run(principal, id, body.commandId, {
      type: 'ReschedulePairing',
      round,
      table,
      ...(body.toTable !== undefined ? { toTable: body.toTable } : {}),
      ...(body.startsAt !== undefined ? { startsAt: body.startsAt } : {}),
      reason: body.reason,
    });
  }
}
