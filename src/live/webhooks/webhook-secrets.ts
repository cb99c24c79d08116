import { createHmac, hkdfSync } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { loadOrCreateServerSecret } from '../../audit/server-secret.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import type { Webhook } from './webhook-store.js';

/** X-Umpire-Signature: "sha256=" + hex HMAC-SHA256 of the raw body under the webhook's secret. */
export function signature(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body, 'utf8').digest('hex')}`;
}

/**
 * Each webhook's signing secret, derived from the service's one server secret (the file the server
 * dice come from) and the webhook's id and nonce: stable across restarts, distinct per webhook, and
 * never written anywhere itself.
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
    return `whsec_${Buffer.from(key).toString('base64url')}`;
  }
}
