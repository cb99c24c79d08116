import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { Statement } from 'better-sqlite3';
import { MetricsService } from '../metrics/metrics.service.js';
import { SseConnections } from './sse.js';
import { WebhookStore } from './webhooks/webhook-store.js';

/**
 * Live play in /metrics: feeds open now (and opened, counted where they open), and webhook deliveries
 * by status (pending, delivered, failed, cancelled), read from the deliveries' own table at each scrape.
 */
@Injectable()
export class LiveMetrics implements OnModuleInit {
  private deliveries?: Statement<[], { status: string; n: number }>;

  constructor(
    private readonly metrics: MetricsService,
    private readonly connections: SseConnections,
    private readonly webhooks: WebhookStore,
  ) {}

  onModuleInit(): void {
    this.metrics.gauge('umpire_sse_connections', 'Live feeds (Server-Sent Events) open now.', [], () => [
      { value: this.connections.count },
    ]);
    this.metrics.gauge(
      'umpire_webhook_deliveries',
      'Webhook deliveries by status: pending (queued or retrying), delivered, failed (gave up), cancelled.',
      ['status'],
      () => {
        this.deliveries ??= this.webhooks.db.prepare(
          'SELECT status, COUNT(*) AS n FROM webhook_deliveries GROUP BY status',
        );
        return this.deliveries.all().map(({ status, n }) => ({ labels: { status }, value: n }));
      },
    );
  }
}
