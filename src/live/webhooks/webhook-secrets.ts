import { hkdfSync } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { loadOrCreateServerSecret } from '../../config/server-secret.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import type { Webhook } from './webhook-store.js';

/**
 * The headers of Standard Webhooks (standardwebhooks.com): the delivery's id (the same on every
 * attempt, so a receiver can drop one it has seen), the time of this attempt in seconds, and
 * "v1,<base64 HMAC-SHA256 of id.timestamp.body>". A receiver that checks the timestamp too (the
 * `standardwebhooks` package does: five minutes either way) refuses a replayed request.
 */
export function signedHeaders(
  secret: string,
  deliveryId: string,
  body: string,
  at: Date,
): Record<string, string> {
  return {
    'webhook-id': deliveryId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new StandardWebhook(secret).sign(deliveryId, at, body),
  };
}

/**
 * Each webhook's signing secret, derived from the service's one server secret (the file the server
 * dice come from) and the webhook's id and nonce: stable across restarts, distinct per webhook, and
 * never written anywhere itself. Given as Standard Webhooks spells it: "whsec_" + base64.
 */
@Injectable()
export class WebhookSecrets {
  private readonly serverSecret: Buffer;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.serverSecret = loadOrCreateServerSecret(config.dataDir, config.serverSecret);
  }

  secretOf(webhook: Pick<Webhook, 'webhookId' | 'nonce'>): string {
    const key = hkdfSync(
      'sha256',
      this.serverSecret,
      webhook.webhookId,
      `umpire webhook secret v1:${webhook.nonce}`,
      32,
    );
    return `whsec_${Buffer.from(key).toString('base64')}`;
  }
}
