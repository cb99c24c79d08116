import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { CurrentPrincipal, Roles } from '../auth/auth.decorators.js';
import type { Principal } from '../auth/principal.js';
import {
  type DeliveryView,
  type RegisteredWebhookView,
  WebhookService,
  type WebhookView,
} from '../live/webhooks/webhook.service.js';
import { ApiAccess } from './dto/error.dto.js';
import { PageQueryDto } from './dto/page-query.dto.js';
import {
  DeliveryDto,
  DeliveryPageDto,
  RegisterWebhookDto,
  RegisteredWebhookDto,
  WebhookDto,
  WEBHOOK_PAYLOAD_EXAMPLE,
} from './dto/webhook.dto.js';
import { TournamentIdPipe } from './tournament-id.pipe.js';

const WEBHOOK_ID = /^wh_[A-Za-z0-9_-]{1,40}$/;
const DELIVERY_ID = /^dl_[A-Za-z0-9_-]{1,40}$/;

@ApiTags('webhooks')
@Roles('organiser')
@ApiAccess('organiser')
@Controller('tournaments/:id/webhooks')
export class WebhooksController {
  constructor(private readonly webhooks: WebhookService) {}

  @Post()
  @ApiOperation({
    summary:
      'Register a URL: every event of the tournament’s matches from now on, and each result (or only the kinds asked for), is POSTed to it as JSON viewed as by a spectator, signed as Standard Webhooks say (webhook-id, webhook-timestamp, webhook-signature), retried with exponential backoff. Idempotent by commandId.',
  })
  @ApiCreatedResponse({
    type: RegisteredWebhookDto,
    example: {
      webhookId: 'wh_3kT9x0aQ2mZ1',
      tournamentId: 'spring-open-2026',
      url: 'https://results.example.org/umpire-hook',
      createdAt: '2026-04-11T09:05:00.000Z',
      active: true,
      kinds: ['event', 'result'],
      registeredBy: 'abc123def456',
      secret: 'whsec_Vq3…',
      duplicate: false,
    },
  })
  register(
    @CurrentPrincipal() principal: Principal,
    @Param('id', TournamentIdPipe) id: string,
    @Body() body: RegisterWebhookDto,
  ): Promise<RegisteredWebhookView> {
    return this.webhooks.register(principal, id, body);
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
        kinds: ['event', 'result'],
        registeredBy: 'abc123def456',
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
          eventType: 'ContactMade',
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
          payload: WEBHOOK_PAYLOAD_EXAMPLE,
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

  @Post(':webhookId/test')
  @ApiOperation({
    summary:
      'Send the webhook a signed test delivery now ({ kind: "test" }), outside its queue, and answer whether it was delivered: the status the receiver answered, or `no answer`, or `not sent` when its url no longer points to an address deliveries may go to (never why a connection failed). Not retried.',
  })
  @ApiCreatedResponse({ type: DeliveryDto })
  test(
    @Param('id', TournamentIdPipe) id: string,
    @Param('webhookId') webhookId: string,
  ): Promise<DeliveryView> {
    return this.webhooks.test(id, webhookIdOf(webhookId));
  }

  @Post(':webhookId/deliveries/:deliveryId/redeliver')
  @HttpCode(202)
  @ApiOperation({
    summary:
      'Send a failed (or delivered) delivery again: back in the webhook’s queue, due now, with the full number of attempts; same body and webhook-id. 409 while it is pending.',
  })
  @ApiAcceptedResponse({ type: DeliveryDto })
  redeliver(
    @Param('id', TournamentIdPipe) id: string,
    @Param('webhookId') webhookId: string,
    @Param('deliveryId') deliveryId: string,
  ): DeliveryView {
    return this.webhooks.redeliver(
      id,
      webhookIdOf(webhookId),
      DELIVERY_ID.test(deliveryId) ? deliveryId : 'dl_-',
    );
  }
}

function webhookIdOf(value: string): string {
  // An id this API never gives out cannot name a webhook: 404 like any other unknown one.
  return WEBHOOK_ID.test(value) ? value : 'wh_-';
}
