import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { type TargetCheck, TargetPolicy, WEBHOOK_RESOLVER, type WebhookResolver } from './webhook-target.js';

/**
 * Where webhooks may go, as the service is configured: checked when one is registered, and again
 * before each delivery (a name may resolve elsewhere by then: DNS rebinding).
 */
@Injectable()
export class WebhookTargets {
  private readonly policy: TargetPolicy;

  constructor(
    @Inject(APP_CONFIG) config: Pick<AppConfig, 'webhookAllowedNetworks'>,
    @Inject(WEBHOOK_RESOLVER) private readonly resolver: WebhookResolver,
  ) {
    this.policy = new TargetPolicy(config.webhookAllowedNetworks);
  }

  check(url: string): Promise<TargetCheck> {
    return this.policy.check(url, this.resolver);
  }
}
