import { Injectable, type OnModuleInit } from '@nestjs/common';
import { MetricsService } from '../metrics/metrics.service.js';
import { ProjectionRunner } from '../projections/projection-runner.js';

/** The read models in /metrics: how far each lags behind the store, where it stands, and whether it is live. */
@Injectable()
export class ReadModelMetrics implements OnModuleInit {
  constructor(
    private readonly metrics: MetricsService,
    private readonly runner: ProjectionRunner,
  ) {}

  onModuleInit(): void {
    this.metrics.gauge(
      'umpire_read_model_lag_events',
      'How far the store is ahead of each read model (events on SQLite, log bytes on EventStoreDB), measured at the scrape.',
      ['read_model'],
      async () =>
        (await this.runner.measuredStatus()).map((s) => ({
          labels: { read_model: s.name },
          value: s.lag ?? 0,
        })),
    );
    this.metrics.gauge(
      'umpire_read_model_position',
      'The global position of the last event each read model has read and committed.',
      ['read_model'],
      () => this.runner.status().map((s) => ({ labels: { read_model: s.name }, value: s.position })),
    );
    this.metrics.gauge(
      'umpire_read_model_live',
      '1 when the read model has caught up and follows the store, 0 while it catches up, failed or stopped.',
      ['read_model', 'state'],
      () =>
        this.runner.status().map((s) => ({
          labels: { read_model: s.name, state: s.state },
          value: s.state === 'live' ? 1 : 0,
        })),
    );
  }
}
