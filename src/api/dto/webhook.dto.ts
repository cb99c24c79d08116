import { ApiProperty } from '@nestjs/swagger';
import { IsUrl, MaxLength } from 'class-validator';

export class RegisterWebhookDto {
  @ApiProperty({
    description: 'Where to POST: http or https. Each body is signed with X-Umpire-Signature.',
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
  @ApiProperty({ description: 'False once deleted.' }) active!: boolean;
}

export class RegisteredWebhookDto extends WebhookDto {
  @ApiProperty({
    description:
      'Shown once. Verify each delivery: X-Umpire-Signature = "sha256=" + hex HMAC-SHA256(secret, raw body).',
    example: 'whsec_Vq3…',
  })
  secret!: string;
}

export class DeliveryAttemptDto {
  @ApiProperty({ example: 1 }) attempt!: number;
  @ApiProperty({ example: '2026-04-11T10:02:14.000Z' }) at!: string;
  @ApiProperty({ type: Number, nullable: true, example: 503, description: 'null: no answer.' })
  statusCode!: number | null;
  @ApiProperty({ type: String, nullable: true, example: 'answered 503' }) error!: string | null;
  @ApiProperty({ example: 12 }) durationMs!: number;
}

export class DeliveryDto {
  @ApiProperty({ example: 'dl_Zr0…' }) deliveryId!: string;
  @ApiProperty({ description: 'Global position of the event.', example: 1042 }) position!: number;
  @ApiProperty({ enum: ['event', 'result'] }) kind!: string;
  @ApiProperty({ example: 'ImpactRolled' }) eventType!: string;
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
    description: 'The body as sent and signed.',
    example: {
      deliveryId: 'dl_Zr0…',
      webhookId: 'wh_3kT9x0aQ2mZ1',
      kind: 'event',
      position: 1042,
      tournamentId: 'spring-open-2026',
      matchId: 'r1-t4',
      event: {
        revision: 7,
        type: 'ImpactRolled',
        data: {},
        at: '2026-04-11T10:02:13.000Z',
        actor: { role: 'player', side: 'A' },
        reverted: false,
      },
    },
  })
  payload!: unknown;
}

export class DeliveryPageDto {
  @ApiProperty({ type: [DeliveryDto] }) items!: DeliveryDto[];
  @ApiProperty({ type: String, nullable: true, description: 'Pass as ?cursor= for the next page.' })
  nextCursor!: string | null;
}
