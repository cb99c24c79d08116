import { createHash } from 'node:crypto';
import { Body, Controller, Get, Param, Post, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { CurrentPrincipal, Roles } from '../auth/auth.decorators.js';
import type { Principal } from '../auth/principal.js';
import type { AnswerShape, MatchCommandAnswer } from '../match/match-command-handler.js';
import { CommandAnswer, PreferredAnswer } from './answer-shape.js';
import { CreateMatch, EndTurn } from '../match/match.commands.js';
import { GetMatch, type MatchStateView } from '../match/match.queries.js';
import { type MatchListPage, MatchListQueries } from '../projections/matches.projection.js';
import { ErrorDto } from './dto/error.dto.js';
import {
  CreateMatchDto,
  EndTurnDto,
  MatchListDto,
  MatchListQueryDto,
  MatchStateDto,
} from './dto/match.dto.js';
import { MatchIdPipe } from './match-id.pipe.js';
import { type MatchPlace, MatchPlaces } from '../tournament/match-places.js';

@ApiTags('matches')
@ApiBearerAuth()
@Controller('matches')
export class MatchesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly list: MatchListQueries,
    private readonly places: MatchPlaces,
  ) {}

  @Get()
  @ApiBadRequestResponse({ type: ErrorDto, description: 'A filter, limit or cursor that is not valid.' })
  @ApiNotFoundResponse({
    type: ErrorDto,
    description: 'A key bound to a tournament named another one (answered as an unknown tournament).',
  })
  @ApiOperation({
    summary:
      'The matches this key may see, in id order, a page at a time (?limit= 1–100, default 50; ?cursor=), filtered by ?tournament=, ?status=open|ended and ?updatedSince=.',
  })
  @ApiOkResponse({ type: MatchListDto })
  matches(
    @CurrentPrincipal() principal: Principal,
    @Query() query: MatchListQueryDto,
  ): Promise<MatchListPage> {
    const { limit, standalone, ...filters } = query;
    return this.list.list(principal, { limit: limit ?? 50, ...filters, standalone: standalone === 'true' });
  }

  @Post()
  @Roles('organiser', 'judge')
  @ApiOperation({ summary: 'Create a match under a ruleset (organiser or judge key).' })
  @CommandAnswer()
  create(
    @CurrentPrincipal() principal: Principal,
    @Body() body: CreateMatchDto,
    @PreferredAnswer() answer: AnswerShape,
  ): Promise<MatchCommandAnswer> {
    const { ruleset, rulesetVersion, matchId: given, ...fields } = body;
    // Without an id of the caller's, the same key and commandId always name the same match: a retried
    // create finds its first answer instead of making a second match.
    const matchId =
      given ??
      `m-${createHash('sha256').update(`${principal.keyId}:${body.commandId}`).digest('hex').slice(0, 20)}`;
    return this.commands.execute(
      new CreateMatch(matchId, principal, fields, { matchId }, ruleset, rulesetVersion).answering(answer),
    );
  }

  @Get(':id')
  @ApiOperation({
    summary:
      'The match as it stands, in the play contract every ruleset shares: turn, active side, phase, whether it ended, what it awaits (and the route that sends it), open undo requests and disputes, and the ruleset’s own state.',
  })
  @ApiOkResponse({ type: MatchStateDto })
  async get(
    @CurrentPrincipal() principal: Principal,
    @Param('id', MatchIdPipe) id: string,
  ): Promise<MatchStateView & { tournament?: MatchPlace }> {
    // The place only with the match: a key that may not read the match learns nothing of it.
    const [match, place] = await Promise.all([
      this.queries.execute<GetMatch, MatchStateView>(new GetMatch(id, principal)),
      this.places.of(id),
    ]);
    return place ? { ...match, tournament: place } : match;
  }

  @Post(':id/end-turn')
  @ApiOperation({ summary: 'End the active side’s turn (C-4): the turn number and active side advance.' })
  @CommandAnswer()
  endTurn(
    @CurrentPrincipal() principal: Principal,
    @Param('id', MatchIdPipe) id: string,
    @Body() body: EndTurnDto,
    @PreferredAnswer() answer: AnswerShape,
  ): Promise<MatchCommandAnswer> {
    return this.commands.execute(new EndTurn(id, principal, body).answering(answer));
  }
}
