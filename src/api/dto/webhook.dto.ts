import { ApiExtraModels, ApiProperty, ApiPropertyOptional, getSchemaPath } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  ArrayMinSize,
  ArrayUnique,
  IsArray,
  IsIn,
  IsOptional,
  IsUrl,
  Matches,
  MaxLength,
} from 'class-validator';
import { WEBHOOK_KINDS, type WebhookKind } from '../../live/webhooks/webhook-store.js';
import { KEY_COMMAND_ID } from './key.dto.js';
import { EVENT_UNIONS } from '../openapi-events.js';
import { COMMAND_ANSWER_EXAMPLE, MatchResultSummaryDto, SideNamesDto } from './match.dto.js';
import { PlayersDto } from './tournament.dto.js';

const eventRef = (name: string) => ({ $ref: `#/components/schemas/${name}` });
/** An event of the tournament feed: one of its matches' or the tournament's own. */
const FEED_EVENT = { oneOf: [eventRef(EVENT_UNIONS.match), eventRef(EVENT_UNIONS.tournament)] };

/** One message of the tournament feed (GET /tournaments/{id}/stream `data:`, webhook `event` deliveries). */
export class TournamentFeedMessageDto {
  @ApiProperty({ description: 'The global position of the event (the SSE `id:`).', example: 1042 })
  position!: number;
  @ApiProperty({ example: 'spring-open-2026' }) tournamentId!: string;
  @ApiPropertyOptional({
    description: 'The match the event belongs to; absent for the tournament’s own.',
    example: 'r1-t4',
  })
  matchId?: string;
  @ApiProperty({ ...FEED_EVENT, description: 'The event, as a spectator sees it.' })
  event!: unknown;
  @ApiPropertyOptional({
    type: 'array',
    items: eventRef(EVENT_UNIONS.match),
    description: 'MatchScheduled only: the match’s events recorded before it was scheduled (its creation).',
  })
  preceding?: unknown[];
}

class DeliveryHeaderDto {
  @ApiProperty({ example: 'dl_Zr0…' }) deliveryId!: string;
  @ApiProperty({ example: 'wh_3kT9x0aQ2mZ1' }) webhookId!: string;
}

/** kind event: one tournament feed message. */
export class WebhookEventPayloadDto extends TournamentFeedMessageDto {
  @ApiProperty({ example: 'dl_Zr0…' }) deliveryId!: string;
  @ApiProperty({ example: 'wh_3kT9x0aQ2mZ1' }) webhookId!: string;
  @ApiProperty({ enum: ['event'] }) kind!: 'event';
}

/** kind result: a referee match of the tournament ended. */
export class WebhookResultPayloadDto extends DeliveryHeaderDto {
  @ApiProperty({ enum: ['result'] }) kind!: 'result';
  @ApiProperty({ description: 'The global position of its MatchEnded.', example: 1090 }) position!: number;
  @ApiProperty({ example: 'spring-open-2026' }) tournamentId!: string;
  @ApiProperty({ example: 'r1-t4' }) matchId!: string;
  @ApiProperty({ example: 1 }) round!: number;
  @ApiProperty({ example: 4 }) table!: number;
  @ApiProperty({ type: PlayersDto, nullable: true }) players!: PlayersDto | null;
  @ApiProperty({ type: SideNamesDto }) sides!: SideNamesDto;
  @ApiProperty({ type: MatchResultSummaryDto }) result!: MatchResultSummaryDto;
  @ApiProperty({ example: '2026-04-11T10:42:00.000Z' }) endedAt!: string;
}

/** kind test: POST …/webhooks/{webhookId}/test. */
export class WebhookTestPayloadDto extends DeliveryHeaderDto {
  @ApiProperty({ enum: ['test'] }) kind!: 'test';
  @ApiProperty({ example: 'spring-open-2026' }) tournamentId!: string;
  @ApiProperty({ example: '2026-04-11T10:00:00.000Z' }) at!: string;
}

/** An event delivery's body: the impi's contact with the NNC, at table 4 of round 1. */
export const WEBHOOK_PAYLOAD_EXAMPLE = {
  deliveryId: 'dl_Zr0…',
  webhookId: 'wh_3kT9x0aQ2mZ1',
  kind: 'event',
  position: 1042,
  tournamentId: 'spring-open-2026',
  matchId: 'r1-t4',
  event: COMMAND_ANSWER_EXAMPLE.events[0],
};

const PAYLOADS = {
  event: WebhookEventPayloadDto,
  result: WebhookResultPayloadDto,
  test: WebhookTestPayloadDto,
};

export class RegisterWebhookDto {
  @ApiPropertyOptional({
    description:
      'Makes the registration idempotent: the same commandId from the same key answers the first webhook again (its secret too); with another url or kinds, 409.',
    example: 'results-hook',
  })
  @IsOptional()
  @Matches(KEY_COMMAND_ID, { message: 'commandId must be 1–100 letters, digits, or _ . : -' })
  commandId?: string;

  @ApiPropertyOptional({
    enum: WEBHOOK_KINDS,
    isArray: true,
    description:
      'What to send: every event of the tournament and its matches (event), each referee match’s result (result), the tournament’s own events alone (tournament: rounds opened, pairings published, results reported, confirmed, overridden…); event and result by default.',
    example: ['result'],
  })
  @IsOptional()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(WEBHOOK_KINDS.length)
  @ArrayUnique({ message: 'kinds must not name a kind twice' })
  @IsIn(WEBHOOK_KINDS, { each: true, message: 'kinds must hold event, result or tournament' })
  kinds?: WebhookKind[];

  @ApiProperty({
    description:
      'Where to POST: http or https, without credentials (user:password@). It must point to public addresses only, checked after name resolution here and again at each delivery: loopback, private, link-local, unspecified, reserved and the service’s own addresses are refused (400) unless the operator allows their network (UMPIRE_WEBHOOK_ALLOWED_NETWORKS). A tournament holds at most UMPIRE_WEBHOOKS_PER_TOURNAMENT active webhooks and one key registers at most UMPIRE_WEBHOOKS_PER_ORGANISER (409). Each body is signed as Standard Webhooks say (webhook-signature).',
    example: 'https://results.example.org/umpire-hook',
  })
  @IsUrl(
    { require_tld: false, require_protocol: true, protocols: ['http', 'https'] },
    { message: 'url must be an http or https URL' },
  )
  @MaxLength(2000)
  url!: string;
}

export class WebhookDto {
  @ApiProperty({ example: 'wh_3kT9x0aQ2mZ1' }) webhookId!: string;
  @ApiProperty({ example: 'spring-open-2026' }) tournamentId!: string;
  @ApiProperty({ example: 'https://results.example.org/umpire-hook' }) url!: string;
  @ApiProperty({ example: '2026-04-11T09:05:00.000Z' }) createdAt!: string;
  @ApiProperty({
    description: 'False once deleted: by DELETE, or because the key that registered it was revoked.',
  })
  active!: boolean;
  @ApiProperty({ enum: WEBHOOK_KINDS, isArray: true, example: ['event', 'result'] }) kinds!: string[];
  @ApiProperty({
    type: String,
    nullable: true,
    example: 'abc123def456',
    description:
      'The keyId of the key that registered it (GET /keys), whose revocation deletes it; null for a webhook registered before this was kept.',
  })
  registeredBy!: string | null;
}

export class RegisteredWebhookDto extends WebhookDto {
  @ApiProperty({
    description:
      'The Standard Webhooks secret: verify each delivery with it (webhook-id, webhook-timestamp, webhook-signature), e.g. new Webhook(secret).verify(rawBody, headers) from the standardwebhooks package.',
    example: 'whsec_Vq3…',
  })
  secret!: string;
  @ApiProperty({ description: 'True when this commandId had registered it before: nothing was registered.' })
  duplicate!: boolean;
}

export class DeliveryAttemptDto {
  @ApiProperty({ example: 1 }) attempt!: number;
  @ApiProperty({ example: '2026-04-11T10:02:14.000Z' }) at!: string;
  @ApiProperty({ type: Number, nullable: true, example: 503, description: 'null: no answer.' })
  statusCode!: number | null;
  @ApiProperty({ type: String, nullable: true, example: 'answered 503' }) error!: string | null;
  @ApiProperty({ example: 12 }) durationMs!: number;
}

@ApiExtraModels(TournamentFeedMessageDto, ...Object.values(PAYLOADS))
export class DeliveryDto {
  @ApiProperty({ example: 'dl_Zr0…' }) deliveryId!: string;
  @ApiProperty({ description: 'Global position of the event.', example: 1042 }) position!: number;
  @ApiProperty({ enum: ['event', 'result', 'test'] }) kind!: string;
  @ApiProperty({ example: 'ContactMade' }) eventType!: string;
  @ApiProperty({ type: String, nullable: true, example: 'r1-t4' }) matchId!: string | null;
  @ApiProperty({
    enum: ['pending', 'delivered', 'failed', 'cancelled'],
    description:
      'failed: every attempt was refused (UMPIRE_WEBHOOK_MAX_ATTEMPTS); cancelled: the webhook was deleted.',
  })
  status!: string;
  @ApiProperty({ type: [DeliveryAttemptDto] }) attempts!: DeliveryAttemptDto[];
  @ApiProperty({ type: String, nullable: true, description: 'While pending: when the next attempt is due.' })
  nextAttemptAt!: string | null;
  @ApiProperty({ example: '2026-04-11T10:02:13.000Z' }) createdAt!: string;
  @ApiProperty({ type: String, nullable: true }) deliveredAt!: string | null;
  @ApiProperty({
    oneOf: Object.values(PAYLOADS).map((dto) => ({ $ref: getSchemaPath(dto) })),
    discriminator: {
      propertyName: 'kind',
      mapping: Object.fromEntries(Object.entries(PAYLOADS).map(([kind, dto]) => [kind, getSchemaPath(dto)])),
    },
    description: 'The body as sent and signed.',
    example: WEBHOOK_PAYLOAD_EXAMPLE,
  })
  payload!: WebhookEventPayloadDto | WebhookResultPayloadDto | WebhookTestPayloadDto;
}

export class DeliveryPageDto {
  @ApiProperty({ type: [DeliveryDto] }) items!: DeliveryDto[];
  @ApiProperty({ type: String, nullable: true, description: 'Pass as ?cursor= for the next page.' })
  nextCursor!: string | null;
}
