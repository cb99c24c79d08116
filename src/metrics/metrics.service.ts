import { Injectable } from '@nestjs/common';
import { Counter, Gauge, Registry } from 'prom-client';
import { processRegistry } from './command-metrics.js';

/** A gauge read when /metrics is scraped: the labelled values it has right then. */
export type GaugeReading = { labels?: Record<string, string>; value: number }[];

/**
 * This app's measures beside the process's (command-metrics.ts): gauges read on each scrape from the
 * parts that know them (read models, live feeds, webhook deliveries), and counters of the HTTP surface.
 * A registry per app, so that two apps in one process (tests) each answer for their own.
 */
@Injectable()
export class MetricsService {
  private readonly registry = new Registry();
  readonly rateLimited = new Counter({
    name: 'umpire_http_rate_limited_total',
    help: 'Requests refused by the rate limit (429) before any work, per key or address in a window.',
    registers: [this.registry],
  });
  readonly fairQueueWaited = new Counter({
    name: 'umpire_http_fair_queue_waited_total',
    help: "Requests that waited their key's turn while the service was saturated (fair queue).",
    registers: [this.registry],
  });
  readonly fairQueueRefused = new Counter({
    name: 'umpire_http_fair_queue_refused_total',
    help: "Requests refused (429) because their key's fair queue was full (UMPIRE_FAIR_QUEUE_PER_KEY).",
    registers: [this.registry],
  });
  readonly sseOpened = new Counter({
    name: 'umpire_sse_connections_opened_total',
    help: 'Live feeds (Server-Sent Events) opened, by kind of feed.',
    labelNames: ['feed'] as const,
    registers: [this.registry],
  });

  /** Registers a gauge whose values are read at each scrape. */
  gauge(
    name: string,
    help: string,
    labelNames: readonly string[],
    read: () => GaugeReading | Promise<GaugeReading>,
  ): void {
    new Gauge({
      name,
      help,
      labelNames: [...labelNames],
      registers: [this.registry],
      async collect() {
        this.reset();
        for (const { labels, value } of await read()) {
          if (labels) this.set(labels, value);
          else this.set(value);
        }
      },
    });
  }

  /** The Prometheus text exposition of the process's and this app's measures. */
  async text(): Promise<string> {
    return `${await processRegistry.metrics()}\n${await this.registry.metrics()}`;
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
