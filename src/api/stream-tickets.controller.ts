import { BadRequestException, Body, Controller, HttpCode, Inject, Post } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { CurrentPrincipal } from '../auth/auth.decorators.js';
import type { Principal } from '../auth/principal.js';
import { SCOPE_CHECK, type ScopeCheck } from '../auth/scope-check.js';
import { type FeedRef, StreamTickets } from '../auth/stream-tickets.js';
import { MatchLoader } from '../match/match-loader.js';
import { assertMayRead } from '../match/match.queries.js';
import { assertMayFollowTournament } from '../tournament/tournament-feed-access.js';
import { TournamentService } from '../tournament/tournament.service.js';
import { ApiAccess, ErrorDto } from './dto/error.dto.js';
import { StreamTicketDto, StreamTicketRequestDto } from './dto/stream-ticket.dto.js';

/**
 * Stream tickets, for browsers: EventSource cannot send an Authorization header, so a page trades its
 * key for a ticket to one feed (see StreamTickets). A ticket is given only for a feed the key could
 * open itself, checked exactly as the feed's route checks it, so the ticket reaches nothing more.
 */
@ApiTags('live')
@Controller('stream-tickets')
export class StreamTicketsController {
  constructor(
    private readonly tickets: StreamTickets,
    private readonly matches: MatchLoader,
    private readonly tournaments: TournamentService,
    @Inject(SCOPE_CHECK) private readonly scope: ScopeCheck,
  ) {}

  @Post()
  @HttpCode(201)
  @ApiAccess('any key that may read the feed: a player key its own match, a bound key its tournament’s')
  @ApiOperation({
    summary: 'A short-lived, single-use ticket to open one live feed from a browser (`?ticket=`).',
    description:
      'Send `{ matchId }` or `{ tournamentId }`. The ticket must be used within UMPIRE_STREAM_TICKET_TTL_MS (60 s) and opens that feed once, showing what this key would see (its side, its spectator delay); the feed counts against this key’s live-feed cap. No other route accepts it.',
  })
  @ApiCreatedResponse({ type: StreamTicketDto })
  @ApiBadRequestResponse({ type: ErrorDto, description: 'Neither or both of matchId and tournamentId.' })
  @ApiNotFoundResponse({
    type: ErrorDto,
    description: 'No such match or tournament (or outside a bound key’s tournament).',
  })
  async issue(
    @CurrentPrincipal() principal: Principal,
    @Body() body: StreamTicketRequestDto,
  ): Promise<StreamTicketDto> {
    const feed = feedOf(body);
    await this.assertMayFollow(principal, feed);
    const { ticket, expiresAt } = this.tickets.issue(principal, feed);
    const path = feed.feed === 'match' ? `/matches/${feed.id}/stream` : `/tournaments/${feed.id}/stream`;
    return { ticket, expiresAt, url: `${path}?ticket=${ticket}` };
  }

  /** The checks of the feed's own route, in its order: scope (404/403), role, and that it exists. */
  private async assertMayFollow(principal: Principal, feed: FeedRef): Promise<void> {
    const route = feed.feed === 'match' ? '/matches/:id/stream' : '/tournaments/:id/stream';
    await this.scope.check(principal, { method: 'GET', route, params: { id: feed.id } });
    if (feed.feed === 'match') {
      assertMayRead(principal, feed.id);
      await this.matches.load(feed.id);
      return;
    }
    assertMayFollowTournament(principal);
    await this.tournaments.read(feed.id);
  }
}

function feedOf(body: StreamTicketRequestDto): FeedRef {
  if ((body.matchId === undefined) === (body.tournamentId === undefined)) {
    throw new BadRequestException({
      message: 'send either matchId or tournamentId: a ticket opens one feed',
      field: body.matchId === undefined ? 'matchId' : 'tournamentId',
    });
  }
  return body.matchId !== undefined
    ? { feed: 'match', id: body.matchId }
    : { feed: 'tournament', id: body.tournamentId! };
}
