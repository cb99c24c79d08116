import { Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, type AppConfig, webhooksFile } from '../config/app-config.js';
import { MatchModule } from '../match/match.module.js';
import { TournamentModule } from '../tournament/tournament.module.js';
import { LiveFeeds } from './live-feeds.js';
import { LiveMetrics } from './live-metrics.js';
import { SseConnections } from './sse.js';
import { WebhookDispatcher } from './webhooks/webhook-dispatcher.js';
import { WebhookSecrets } from './webhooks/webhook-secrets.js';
import { WebhookStore } from './webhooks/webhook-store.js';
import { WebhookService } from './webhooks/webhook.service.js';
import { WebhookTargets } from './webhooks/webhook-targets.js';

/** Live play leaving the service: Server-Sent Events feeds and signed webhooks. */
@Module({
  imports: [MatchModule, TournamentModule],
  providers: [
    LiveFeeds,
    LiveMetrics,
    SseConnections,
    {
      provide: WebhookStore,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => new WebhookStore(webhooksFile(config)),
    },
    WebhookSecrets,
    WebhookTargets,
    WebhookDispatcher,
    WebhookService,
  ],
  exports: [LiveFeeds, SseConnections, WebhookService],
})
export class LiveModule implements OnApplicationShutdown {
  constructor(@Inject(WebhookStore) private readonly webhooks: WebhookStore) {}

  onApplicationShutdown(): void {
    this.webhooks.close();
  }
}
