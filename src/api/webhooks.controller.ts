import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { Roles } from '../auth/auth.decorators.js';
import {
  type DeliveryView,
  type RegisteredWebhookView,
  WebhookService,
  type WebhookView,
} from '../live/webhooks/webhook.service.js';
import { ApiAccess } from './dto/error.dto.js';
import { PageQueryDto } from './dto/tournament.dto.js';
import { DeliveryPageDto, RegisterWebhookDto, RegisteredWebhookDto, WebhookDto } from './dto/webhook.dto.js';
import { TournamentIdPipe } from './tournament-id.pipe.js';

const WEBHOOK_ID = /^wh_[A-Za-z0-9_-]{1,40}$/;

@ApiTags('webhooks')
@Roles('organiser')
@ApiAccess('organiser')
@Controller('tournaments/:id/webhooks')
export class WebhooksController {
  constructor(private readonly webhooks: WebhookService) {}

  @Post()
  @ApiOperation({
    summary:
      'Register a URL: every event of the tournament’s matches from now on, and each result, is POSTed to it as JSON viewed as by a spectator, signed X-Umpire-Signature: sha256=<hex HMAC-SHA256 of the raw body with the secret>, retried with exponential backoff. The secret is shown once.',
  })
  @ApiCreatedResponse({
    type: RegisteredWebhookDto,
    example: {
      webhookId: 'wh_3kT9x0aQ2mZ1',
      tournamentId: 'spring-open-2026',
      url: 'https://results.example.org/umpire-hook',
      createdAt: '2026-04-11T09:05:00.000Z',
      active: true,
      secret: 'whsec_Vq3…',
    },
  })
  register(
    @Param('id', TournamentIdPipe) id: string,
    @Body() body: RegisterWebhookDto,
  ): Promise<RegisteredWebhookView> {
    return this.webhooks.register(id, body.url);
  }

  @Get()
  @ApiOperation({ summary: 'The tournament’s webhooks (without their secrets).' })
  @ApiOkResponse({
    type: [WebhookDto],
    example: [
      {
        webhookId: 'wh_3kT9x0aQ2mZ1',
        tournamentId: 'spring-open-2026',
        url: 'https://results.example.org/umpire-hook',
        createdAt: '2026-04-11T09:05:00.000Z',
        active: true,
      },
    ],
  })
  list(@Param('id', TournamentIdPipe) id: string): Promise<WebhookView[]> {
    return this.webhooks.list(id);
  }

  @Delete(':webhookId')
  @HttpCode(204)
  @ApiOperation({
    summary: 'Delete a webhook: nothing more is sent to it, and its pending deliveries are cancelled.',
  })
  @ApiNoContentResponse()
  delete(@Param('id', TournamentIdPipe) id: string, @Param('webhookId') webhookId: string): Promise<void> {
    return this.webhooks.delete(id, webhookIdOf(webhookId));
  }

  @Get(':webhookId/deliveries')
  @ApiOperation({
    summary:
      'Every delivery to the webhook, oldest first, with each attempt (status code or error, time taken). Paginated: ?limit= and ?cursor=.',
  })
  @ApiOkResponse({
    type: DeliveryPageDto,
    example: {
      items: [
        {
          deliveryId: 'dl_Zr0…',
          position: 1042,
          kind: 'event',
          eventType: 'ImpactRolled',
          matchId: 'r1-t4',
          status: 'delivered',
          attempts: [
            {
              attempt: 1,
              at: '2026-04-11T10:02:14.000Z',
              statusCode: 503,
              error: 'answered 503',
              durationMs: 12,
            },
            { attempt: 2, at: '2026-04-11T10:02:15.000Z', statusCode: 200, error: null, durationMs: 9 },
          ],
          nextAttemptAt: null,
          createdAt: '2026-04-11T10:02:13.000Z',
          deliveredAt: '2026-04-11T10:02:15.000Z',
          payload: { deliveryId: 'dl_Zr0…', kind: 'event' },
        },
      ],
      nextCursor: null,
    },
  })
  deliveries(
    @Param('id', TournamentIdPipe) id: string,
    @Param('webhookId') webhookId: string,
    @Query() query: PageQueryDto,
  ): { items: DeliveryView[]; nextCursor: string | null } {
    return this.webhooks.deliveries(id, webhookIdOf(webhookId), query.limit ?? 50, query.cursor);
  }
}

function webhookIdOf(value: string): string {
  // An id this API never gives out cannot name a webhook: 404 like any other unknown one.
  return WEBHOOK_ID.test(value) ? value : 'wh_-';
}
