import { Module } from '@nestjs/common';
import { MetricsModule } from '../metrics/metrics.module.js';
import { HealthController } from './health.controller.js';
import { ReadModelMetrics } from './read-model-metrics.js';

/** What whoever runs the service watches: liveness, readiness, and the metrics (MetricsModule is global). */
@Module({ imports: [MetricsModule], controllers: [HealthController], providers: [ReadModelMetrics] })
export class HealthModule {}
