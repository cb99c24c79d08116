import { PageQueryDto } from './dto/page-query.dto.js';
import { Body, Controller, Get, Param, Post, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ProjectionRunner } from '../projections/projection-runner.js';
import { conditionalGet } from '../http/conditional-get.js';
import { tournamentRulesVersion } from '../rules/tournament/index.js';
import { TournamentConduct } from '../tournament/tournament-conduct.service.js';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, Roles } from '../auth/auth.decorators.js';
import { KeyRegistry } from '../auth/key-registry.service.js';
import { actorOf, type Principal } from '../auth/principal.js';
import type { TournamentSummary } from '../projections/tournaments.projection.js';
import { KeyScope } from '../tournament/key-scope.js';
import {
  type Page,
  type StandingsView,
  type TournamentMatchView,
  TournamentQueries,
} from '../projections/tournament.queries.js';
import {
  type MatchScheduledView,
  type TournamentCreatedView,
  TournamentService,
} from '../tournament/tournament.service.js';
import { ApiAccess } from './dto/error.dto.js';
import {
  CreateTournamentDto,
  IssueTournamentKeyDto,
  MatchScheduledDto,
  ScheduleMatchDto,
  StandingsDto,
  TournamentCreatedDto,
  TournamentDetailDto,
  TournamentKeyDto,
  TournamentMatchPageDto,
  TournamentPageDto,
} from './dto/tournament.dto.js';
import { createdAnswerExample } from './dto/match.dto.js';
import { TournamentIdPipe } from './tournament-id.pipe.js';
import { answerFromBoard, answerFromReadModels, ApiValidated } from './tournament-validators.js';
import { assertParticipantKey } from './tournament-acting.js';
import { TournamentBoard } from '../tournament/tournament-board.service.js';
import type { TournamentStandingsView } from '../tournament/tournament-views.js';
import { EXAMPLE_RULESET } from '../rulesets/registry.js';

const PAGE_SIZE = 50;

@ApiTags('tournaments')
@Controller('tournaments')
export class TournamentsController {
  constructor(
    private readonly tournaments: TournamentService,
    private readonly queries: TournamentQueries,
    private readonly keys: KeyRegistry,
    private readonly keyScope: KeyScope,
    private readonly board: TournamentBoard,
    private readonly runner: ProjectionRunner,
    private readonly conduct: TournamentConduct,
  ) {}

  @Post()
  @Roles('organiser')
  @ApiAccess('organiser')
  @ApiOperation({
    summary:
      'Create a tournament (organiser). Idempotent by commandId; standings score win 3, draw 1, loss 0 unless told.',
  })
  @ApiCreatedResponse({
    type: TournamentCreatedDto,
    example: {
      tournamentId: 'spring-open-2026',
      name: 'Spring Open 2026',
      scoring: { win: 3, draw: 1, loss: 0 },
      createdAt: '2026-04-11T09:00:00.000Z',
      duplicate: false,
    },
  })
  create(
    @CurrentPrincipal() principal: Principal,
    @Body() body: CreateTournamentDto,
  ): Promise<TournamentCreatedView> {
    return this.tournaments.create(principal, body);
  }

  @Get()
  @Roles('organiser', 'judge', 'spectator')
  @ApiAccess('organiser, judge, spectator')
  @ApiOperation({
    summary:
      'The tournaments, by id, paginated with ?limit=&cursor= (a key bound to a tournament sees that one).',
  })
  @ApiOkResponse({
    type: TournamentPageDto,
    example: {
      items: [
        {
          tournamentId: 'spring-open-2026',
          name: 'Spring Open 2026',
          scoring: { win: 3, draw: 1, loss: 0 },
          createdAt: '2026-04-11T09:00:00.000Z',
          matches: 12,
        },
      ],
      nextCursor: null,
    },
  })
  @ApiValidated('the page')
  list(
    @CurrentPrincipal() principal: Principal,
    @Query() query: PageQueryDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Page<TournamentSummary> | undefined> {
    // A key bound to a tournament is answered that one only: another list than an unbound key's.
    return answerFromReadModels(
      request,
      reply,
      this.runner,
      ['tournaments'],
      () => this.queries.list(principal, query.limit ?? PAGE_SIZE, query.cursor),
      `bound to ${principal.tournamentId ?? 'none'}`,
    );
  }

  @Get(':id')
  @Roles('organiser', 'judge', 'spectator', 'player')
  @ApiAccess('any key of the tournament, a participant’s own included')
  @ApiOperation({ summary: 'One tournament, with the version of the tournament rules it runs under.' })
  @ApiOkResponse({
    type: TournamentDetailDto,
    example: {
      tournamentId: 'spring-open-2026',
      name: 'Spring Open 2026',
      scoring: { win: 3, draw: 1, loss: 0 },
      createdAt: '2026-04-11T09:00:00.000Z',
      matches: 12,
      rulesVersion: '1.0.0',
    },
  })
  @ApiValidated('the tournament')
  async get(
    @CurrentPrincipal() principal: Principal,
    @Param('id', TournamentIdPipe) id: string,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<(TournamentSummary & { rulesVersion: string }) | undefined> {
    assertParticipantKey(principal);
    // The summary is the tournaments read model's of this stream's TournamentCreated and MatchScheduled,
    // and the rules version the one TournamentCreated recorded: the last of those events stands for
    // both. It is read first, so the read model, settled after it, holds it or a newer one.
    const { state, events } = await this.conduct.load(id);
    const last = events.findLast((e) => e.type === 'MatchScheduled' || e.type === 'TournamentCreated')!;
    const { revision, hash } = last.metadata;
    return conditionalGet(request, reply, [revision, hash], async () => ({
      ...(await this.queries.tournament(id)),
      rulesVersion: tournamentRulesVersion(state.rulesVersion),
    }));
  }

  @Post(':id/matches')
  @Roles('organiser', 'judge')
  @ApiAccess('organiser, judge (bound keys: their tournament)')
  @ApiOperation({
    summary:
      'Create a match at a round and a table: CreateMatch as POST /matches does, then MatchScheduled in the tournament stream. Idempotent by commandId; a table takes one match per round (409). A tournament that names its ruleset takes matches of that ruleset and version only (400 naming ruleset or rulesetVersion; send rulesetVersion when it is not the current one).',
  })
  @ApiCreatedResponse({
    type: MatchScheduledDto,
    example: {
      tournamentId: 'spring-open-2026',
      matchId: 'r1-t4',
      round: 1,
      table: 4,
      players: { A: 'Alice Moyo', B: 'Bob Carter' },
      duplicate: false,
      match: createdAnswerExample('r1-t4'),
    },
  })
  schedule(
    @CurrentPrincipal() principal: Principal,
    @Param('id', TournamentIdPipe) id: string,
    @Body() body: ScheduleMatchDto,
  ): Promise<MatchScheduledView> {
    const { commandId, matchId, round, table, players, participants, ruleset, rulesetVersion, ...match } =
      body;
    return this.tournaments.schedule(principal, id, {
      commandId,
      matchId,
      round,
      table,
      players: players ? { A: players.A, B: players.B } : undefined,
      participants: participants ? { A: participants.A, B: participants.B } : undefined,
      rulesetId: ruleset,
      ...(rulesetVersion !== undefined ? { rulesetVersion } : {}),
      match,
    });
  }

  @Get(':id/matches')
  @Roles('organiser', 'judge', 'spectator')
  @ApiAccess('organiser, judge, spectator (bound keys: their tournament)')
  @ApiOperation({
    summary:
      'The tournament’s matches by round and table, with status (scheduled / in play / ended) and result. Paginated: ?limit= (1–100, default 50) and ?cursor= (the nextCursor of the previous page).',
  })
  @ApiOkResponse({
    type: TournamentMatchPageDto,
    example: {
      items: [
        {
          matchId: 'r1-t4',
          round: 1,
          table: 4,
          players: { A: 'Alice Moyo', B: 'Bob Carter' },
          sides: { A: 'Zulus', B: 'British' },
          rulesetId: EXAMPLE_RULESET.id,
          status: 'ended',
          result: {
            winner: 'A',
            winnerName: 'Zulus',
            note: 'the square broke',
            endedAt: '2026-04-11T12:30:00.000Z',
          },
        },
      ],
      nextCursor: 'eyJyb3VuZCI6MSwidGFibGUiOjQsIm1hdGNoSWQiOiJyMS10NCJ9',
    },
  })
  @ApiValidated('the page')
  matches(
    @Param('id', TournamentIdPipe) id: string,
    @Query() query: PageQueryDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Page<TournamentMatchView> | undefined> {
    return answerFromReadModels(request, reply, this.runner, ['tournaments', 'results'], () =>
      this.queries.matches(id, query.limit ?? PAGE_SIZE, query.cursor),
    );
  }

  @Get(':id/standings')
  @Roles('organiser', 'judge', 'spectator', 'player')
  @ApiAccess('any key of the tournament, a participant’s own included')
  @ApiOperation({
    summary:
      'Standings. With participants: points by the published scoring table, then the tournament’s tie-breaks (Buchholz, median Buchholz, Sonneborn–Berger, head-to-head, wins, as configured), then seed and registration order; each row shows the figures it was ranked by. A tournament run without participants (its matches name their players): from its ended matches, by points, then wins, then name.',
  })
  @ApiOkResponse({
    type: StandingsDto,
    example: {
      tournamentId: 'spring-open-2026',
      scoring: { win: 3, draw: 1, loss: 0 },
      standings: [
        { rank: 1, competitor: 'Alice Moyo', played: 1, won: 1, drawn: 0, lost: 0, points: 3 },
        { rank: 2, competitor: 'Bob Carter', played: 1, won: 0, drawn: 0, lost: 1, points: 0 },
      ],
    },
  })
  @ApiValidated('the standings')
  async standings(
    @CurrentPrincipal() principal: Principal,
    @Param('id', TournamentIdPipe) id: string,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StandingsView | TournamentStandingsView | undefined> {
    // Standings are public within the tournament: a participant reads them with their own key, but a
    // key that only plays one match is refused as on every tournament route.
    assertParticipantKey(principal);
    // A tournament run with participants ranks them from its own stream; one run the old way, with
    // names on matches, from the standings read model.
    const read = await this.board.standings(id);
    if (read) return answerFromBoard(request, reply, read);
    return answerFromReadModels(request, reply, this.runner, ['tournaments', 'standings'], () =>
      this.queries.standings(id),
    );
  }

  @Post(':id/keys')
  @Roles('organiser')
  @ApiAccess('organiser')
  @ApiOperation({
    summary:
      'Issue a key bound to this tournament: an organiser, judge or spectator key that reads and acts only within it, or a player key for one of its matches. Idempotent by commandId.',
  })
  @ApiCreatedResponse({
    type: TournamentKeyDto,
    example: {
      token: 'umpire_abc123def456_…',
      keyId: 'abc123def456',
      role: 'spectator',
      tournamentId: 'spring-open-2026',
      label: 'hall screen',
      duplicate: false,
    },
  })
  async issueKey(
    @CurrentPrincipal() principal: Principal,
    @Param('id', TournamentIdPipe) id: string,
    @Body() body: IssueTournamentKeyDto,
  ): Promise<TournamentKeyDto> {
    const { commandId, ...requested } = body;
    const grant = await this.keyScope.grantFor(principal, { ...requested, tournamentId: id });
    const { token, grant: issued, duplicate } = await this.keys.issue(grant, actorOf(principal), commandId);
    return { token, ...issued, tournamentId: id, duplicate };
  }
}
