import { LongWorkBudget } from '../audit/long-work-budget.js';
import { createHash } from 'node:crypto';
import { Controller, Get, Headers, Param, Query, Res } from '@nestjs/common';
import { ApiHeader, ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { ifNoneMatchHolds } from '../http/conditional-get.js';
import { CurrentPrincipal } from '../auth/auth.decorators.js';
import type { Principal } from '../auth/principal.js';
import {
  MatchHistory,
  type MatchEventsPage,
  type MatchLogView,
  type MatchStateAtView,
  type RosterView,
} from '../projections/match-history.service.js';
import type { MatchResult } from '../projections/results.projection.js';
import { ApiAccess } from './dto/error.dto.js';
import {
  EventsQueryDto,
  LogQueryDto,
  MatchEventsPageDto,
  MatchLogDto,
  MatchResultDto,
  MatchStateAtDto,
  RosterDto,
  StateAtQueryDto,
} from './dto/match-history.dto.js';
import {
  COMMAND_ANSWER_EXAMPLE,
  PLAY_CONTRACT_EXAMPLE,
  ROSTER_DETAIL_EXAMPLE,
  UNIT_WORDS_EXAMPLE,
} from './dto/match.dto.js';
import { MatchIdPipe } from './match-id.pipe.js';
import { EXAMPLE_RULESET } from '../rulesets/registry.js';

const READERS = 'any role; a player key reads its own match, a bound key its tournament’s matches';

/**
 * A match's history for organisers' tools, judges and the table: the turn log, every event, the state
 * at any point, the roster and the result. All filtered for hidden information by the caller (AA-2);
 * a spectator may be held UMPIRE_SPECTATOR_DELAY_EVENTS behind live play until the match ends.
 */
@ApiTags('match history')
@Controller('matches/:id')
export class MatchLogController {
  constructor(
    private readonly history: MatchHistory,
    private readonly budget: LongWorkBudget,
  ) {}

  @Get('log')
  @ApiAccess(READERS)
  @ApiOperation({
    summary:
      'The turn log: one plain sentence per step, with its dice, modifiers and rule ids, in unit and side names, a page at a time (?limit= 1–500, default 500; ?cursor=). A sealed card appears only to its own side before its reveal; such a line also carries `publicSentence`, its words as everyone else reads them.',
  })
  @ApiOkResponse({
    type: MatchLogDto,
    example: {
      matchId: 'r1-t4',
      revision: 6,
      entries: [
        {
          revision: 5,
          turn: 1,
          type: 'ImpactRolled',
          sentence: 'Turn 1: the Impi’s impact on the NNC: 1D6 4 +1 charge +1 left flank −1 downhill = 5.',
          ruleIds: ['HH-7', 'Q-14'],
          dice: [{ purpose: 'impact', faces: [4], origin: 'table', side: 'A' }],
          at: '2026-04-11T10:02:13.000Z',
          actor: { role: 'player', side: 'A' },
          reverted: false,
        },
      ],
      nextCursor: null,
    },
  })
  log(
    @CurrentPrincipal() principal: Principal,
    @Param('id', MatchIdPipe) id: string,
    @Query() query: LogQueryDto,
  ): Promise<MatchLogView> {
    return this.history.log(id, principal, query);
  }

  @Get('events')
  @ApiAccess(READERS)
  @ApiOperation({
    summary:
      'The match’s events as this caller may see them, by revision, a page at a time: ?limit= (1–500, default 100), ?cursor= (the `nextCursor` of the page before) or ?from= (the first page’s first revision). A page whose range is complete carries an ETag; send it back in If-None-Match for a 304.',
  })
  @ApiHeader({ name: 'If-None-Match', required: false, description: 'The ETag of a page read before.' })
  @ApiOkResponse({
    type: MatchEventsPageDto,
    example: {
      matchId: 'isandlwana',
      revision: 9,
      events: COMMAND_ANSWER_EXAMPLE.events,
      nextCursor: 'eyJmcm9tIjoyfQ',
    },
  })
  @ApiResponse({ status: 304, description: 'The page is as it was when its ETag was given.' })
  async events(
    @CurrentPrincipal() principal: Principal,
    @Param('id', MatchIdPipe) id: string,
    @Query() query: EventsQueryDto,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Omit<MatchEventsPage, 'complete'> | undefined> {
    const { complete, ...page } = await this.history.events(id, principal, query);
    // Each key sees its own view (AA-2), so a cache must keep answers apart by key.
    void reply.header('Vary', 'Authorization');
    if (!complete) return page;
    // A complete page grows no more; a later revert can still flag its events, and the tag follows that.
    const etag = `"${createHash('sha256').update(JSON.stringify(page)).digest('base64url')}"`;
    void reply.header('ETag', etag);
    if (ifNoneMatchHolds(ifNoneMatch, etag)) {
      void reply.status(304);
      return undefined;
    }
    return page;
  }

  @Get('state')
  @ApiAccess(READERS)
  @ApiOperation({
    summary:
      'The match as it stood right after event N (?at=N, reverts applied), or now without ?at: the play contract of GET /matches/:id as of that event.',
  })
  @ApiOkResponse({
    type: MatchStateAtDto,
    example: { ...PLAY_CONTRACT_EXAMPLE, at: 7, visibleRevision: 9 },
  })
  state(
    @CurrentPrincipal() principal: Principal,
    @Param('id', MatchIdPipe) id: string,
    @Query() query: StateAtQueryDto,
  ): Promise<MatchStateAtView> {
    // A state of the past is rebuilt from a snapshot and its tail: a long read, within the key's budget.
    if (query.at === undefined) return this.history.stateAt(id, principal);
    return this.budget.run(principal.keyId, 'state?at=', () => this.history.stateAt(id, principal, query.at));
  }

  @Get('roster')
  @ApiAccess(READERS)
  @ApiOperation({ summary: 'The units of the match and how each stands (active or removed, and its flags).' })
  @ApiOkResponse({
    type: RosterDto,
    example: {
      matchId: 'r1-t4',
      revision: 9,
      units: [
        {
          unitId: 'nnc',
          name: 'NNC',
          side: 'B',
          sideName: 'British',
          status: 'active',
          detail: ROSTER_DETAIL_EXAMPLE,
          words: UNIT_WORDS_EXAMPLE.nnc,
        },
      ],
    },
  })
  roster(
    @CurrentPrincipal() principal: Principal,
    @Param('id', MatchIdPipe) id: string,
  ): Promise<RosterView> {
    return this.history.roster(id, principal);
  }

  @Get('result')
  @ApiAccess(READERS)
  @ApiOperation({ summary: 'Whether the match is scheduled, in play or ended, and its result once ended.' })
  @ApiOkResponse({
    type: MatchResultDto,
    example: {
      matchId: 'r1-t4',
      rulesetId: EXAMPLE_RULESET.id,
      sides: { A: 'Zulus', B: 'British' },
      status: 'ended',
      result: {
        winner: 'A',
        winnerName: 'Zulus',
        note: 'the square broke',
        endedAt: '2026-04-11T12:30:00.000Z',
      },
      revision: 42,
    },
  })
  result(
    @CurrentPrincipal() principal: Principal,
    @Param('id', MatchIdPipe) id: string,
  ): Promise<MatchResult> {
    return this.history.result(id, principal);
  }
}
