import {
  applyDecorators,
  BadRequestException,
  Controller,
  Get,
  Headers,
  Inject,
  Param,
  Query,
  Req,
  Res,
  UseInterceptors,
} from '@nestjs/common';
import { ApiHeader, ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AcceptsStreamTicket, CurrentPrincipal, Roles } from '../auth/auth.decorators.js';
import { LiveFeedLimit } from '../auth/live-feed-limit.js';
import type { Principal } from '../auth/principal.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { type Feed, LiveFeeds } from '../live/live-feeds.js';
import { SseConnections } from '../live/sse.js';
import { MetricsService } from '../metrics/metrics.service.js';
import { assertMayFollowTournament, TOURNAMENT_FEED_ROLES } from '../tournament/tournament-feed-access.js';
import { ApiAccess } from './dto/error.dto.js';
import { LiveFeedQueryDto, TournamentFeedQueryDto } from './dto/stream-ticket.dto.js';
import { MatchIdPipe } from './match-id.pipe.js';
import { EVENT_UNIONS } from './openapi-events.js';
import { TournamentIdPipe } from './tournament-id.pipe.js';

const LAST_EVENT_ID = {
  name: 'Last-Event-ID',
  required: false,
  description: 'Resume after this id (EventSource sends it by itself on reconnect): every later event, once.',
};

/**
 * The OpenAPI description every SSE route shares: its media type, Last-Event-ID, an example message,
 * and the schemas its messages' `data:` follow (an SSE body is text to OpenAPI 3.0, so they are named).
 */
function ApiEventStream(summary: string, example: string, messages: string): MethodDecorator {
  return applyDecorators(
    ApiProduces('text/event-stream'),
    ApiHeader(LAST_EVENT_ID),
    ApiOperation({ summary }),
    ApiOkResponse({
      description: `text/event-stream. ${messages}`,
      content: { 'text/event-stream': { schema: { type: 'string' }, example } },
    }),
  );
}

/**
 * Live play as Server-Sent Events. Access is checked, and the match or tournament found, before the
 * stream opens, so a refusal is an ordinary 401/403/404 answer.
 */
@ApiTags('live')
@Controller()
export class MatchStreamsController {
  constructor(
    private readonly feeds: LiveFeeds,
    private readonly connections: SseConnections,
    private readonly metrics: MetricsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get('matches/:id/stream')
  @AcceptsStreamTicket('match')
  @UseInterceptors(LiveFeedLimit)
  @ApiAccess('any role; a player key its own match, a bound key its tournament’s matches')
  @ApiEventStream(
    'The match live: one SSE message per event, `id:` its revision, `event:` its type, `data:` the event as this caller may see it (AA-2). Spectators may run UMPIRE_SPECTATOR_DELAY_EVENTS behind until the match ends. After MatchEnded a last `event: end` message (no id) closes the feed; reconnecting after it answers 204 No Content, which stops an EventSource. A browser opens it with `?ticket=` (POST /stream-tickets) instead of the Authorization header.',
    'id: 3\nevent: WillpowerTested\ndata: {"matchId":"r1-t4","revision":3,"type":"WillpowerTested","data":{"passed":true},"at":"2026-04-11T10:01:00.000Z","actor":{"role":"player","side":"A"},"reverted":false}\n\nevent: end\ndata: {"matchId":"r1-t4","revision":42,"ended":true}\n\n',

    `Each message's \`data:\` is a ${EVENT_UNIONS.matchFeed} (#/components/schemas/${EVENT_UNIONS.matchFeed}): the event, of its ruleset's event union told apart by \`type\` (the same as \`event:\`), with its matchId; the last, \`event: end\`, a ${EVENT_UNIONS.matchFeedEnd}.`,
  )
  async match(
    @CurrentPrincipal() principal: Principal,
    @Param('id', MatchIdPipe) id: string,
    @Headers('last-event-id') header: string | undefined,
    @Query() query: LiveFeedQueryDto,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const feed = await this.feeds.match(id, principal, lastEventId(header, query));
    this.open(feed, 'match', principal, request, reply);
  }

  @Get('tournaments/:id/stream')
  @AcceptsStreamTicket('tournament')
  @UseInterceptors(LiveFeedLimit)
  @Roles(...TOURNAMENT_FEED_ROLES)
  @ApiAccess('organiser, judge, spectator, participant (bound keys: their tournament)')
  @ApiEventStream(
    'The tournament live: its own events and every event of its matches from their scheduling on, `id:` the global position, `event:` the event type, viewed as by a spectator; a participant key’s feed carries the tournament’s own events only. A browser opens it with `?ticket=` (POST /stream-tickets). Spectators may be held UMPIRE_SPECTATOR_DELAY_EVENTS messages behind.',
    'id: 1042\nevent: ImpactRolled\ndata: {"position":1042,"tournamentId":"spring-open-2026","matchId":"r1-t4","event":{"revision":7,"type":"ImpactRolled","data":{},"at":"2026-04-11T10:02:13.000Z","actor":{"role":"player","side":"A"},"reverted":false}}\n\n',

    "Each message's `data:` is a TournamentFeedMessageDto (#/components/schemas/TournamentFeedMessageDto): its `event` is a match's event (EventViewDto) or the tournament's own (TournamentEvent), each a union told apart by `type`.",
  )
  async tournament(
    @CurrentPrincipal() principal: Principal,
    @Param('id', TournamentIdPipe) id: string,
    @Headers('last-event-id') header: string | undefined,
    @Query() query: TournamentFeedQueryDto,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    assertMayFollowTournament(principal);
    const feed = await this.feeds.tournament(id, principal, lastEventId(header, query), query.from);
    this.open(feed, 'tournament', principal, request, reply);
  }

  private open(
    feed: Feed,
    kind: 'match' | 'tournament',
    principal: Principal,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (feed.over) {
      void reply.status(204).send();
      return;
    }
    this.metrics.sseOpened.inc({ feed: kind });
    const connection = this.connections.start(request, reply, this.config.sseHeartbeatMs, principal.keyId);
    void feed.run(connection).catch(() => connection.close());
  }
}

function lastEventId(header: string | undefined, query: LiveFeedQueryDto): number | undefined {
  if (header === undefined || header === '') return query.lastEventId;
  const value = Number(header);
  if (!Number.isInteger(value) || value < 0)
    throw new BadRequestException({
      message: 'Last-Event-ID must be an id this stream sent',
      field: 'Last-Event-ID',
    });
  return value;
}
