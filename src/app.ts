import 'reflect-metadata';
import fastifyCors from '@fastify/cors';
import { NestFactory } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { completeDocument } from './api/openapi-document.js';
import { FieldNamingValidationPipe } from './api/validation-pipe.js';
import { AppModule } from './app.module.js';
import { type AnyRuleset, registerRulesets } from './rulesets/registry.js';
import type { AppConfig } from './config/app-config.js';
import {
  fastifyLoggingOptions,
  installRequestLogging,
  JsonNestLogger,
  type LogDestination,
} from './http/request-logging.js';
import { installBodyLimits } from './http/body-limits.js';
import type { FairScheduler } from './http/fair-queue.js';
import { installRateLimit } from './http/rate-limit.js';
import { answerRefusedRoutes, routerRefusals } from './http/router-errors.js';
import { installSecurityHeaders } from './http/security-headers.js';
import { holdProcessPool } from './worker-pool/process-pool.js';
import { MetricsService } from './metrics/metrics.service.js';
import { systemResolver, WEBHOOK_RESOLVER, type WebhookResolver } from './live/webhooks/webhook-target.js';

/** Builds the whole service; main.ts and the e2e tests both start it through here. */
export async function createApp(
  config: AppConfig,
  options: {
    logger?: false;
    logDestination?: LogDestination;
    fairScheduler?: FairScheduler;
    /** How webhook host names are resolved (the system's resolver by default). */
    webhookResolver?: WebhookResolver;
    /** More rulesets to serve beside the built-in ones, each as its versions, oldest first. */
    rulesets?: readonly (readonly AnyRuleset[])[];
  } = {},
): Promise<NestFastifyApplication> {
  for (const versions of options.rulesets ?? []) registerRulesets(versions);
  const quiet = options.logger === false;
  // The router's refusals go round again through the server, which exists once the adapter has made it.
  const built: { server?: FastifyInstance } = {};
  const app = await NestFactory.create<NestFastifyApplication>(
    AppModule.forRoot(config, [
      { provide: WEBHOOK_RESOLVER, useValue: options.webhookResolver ?? systemResolver },
    ]),
    new FastifyAdapter({
      ...fastifyLoggingOptions(config, { quiet, destination: options.logDestination }),
      bodyLimit: config.bodyLimitBytes,
      frameworkErrors: routerRefusals(() => built.server),
    }),
    quiet ? { logger: false } : { bufferLogs: true },
  );
  // One JSON log: Fastify's request lines and Nest's own messages, each request's with its id.
  const fastify = app.getHttpAdapter().getInstance();
  built.server = fastify;
  if (!quiet) app.useLogger(new JsonNestLogger(fastify.log));
  installRequestLogging(fastify);
  // CORS before the rate limit, so that a browser can read a 429 too.
  if (config.corsOrigins.length > 0) await app.register(fastifyCors, corsOptions(config.corsOrigins));
  const metrics = app.get(MetricsService);
  installRateLimit(
    app,
    config,
    {
      onRefused: () => metrics.rateLimited.inc(),
      onWaited: () => metrics.fairQueueWaited.inc(),
      onQueueFull: () => metrics.fairQueueRefused.inc(),
    },
    ...(options.fairScheduler ? [options.fairScheduler] : []),
  );
  installBodyLimits(fastify, config);
  installSecurityHeaders(fastify);
  // After the request id, CORS and rate-limit hooks: these answers carry their headers too.
  answerRefusedRoutes(fastify);
  app.useGlobalPipes(
    new FieldNamingValidationPipe({ whitelist: true, forbidNonWhitelisted: true, transform: true }),
  );
  app.enableShutdownHooks();
  // The worker pool's threads end with the last service of the process: it fails the jobs left and ends them.
  const releasePool = holdProcessPool();
  fastify.addHook('onClose', releasePool);

  // The OpenAPI document is built on the first request for /docs or /docs-json, not at start: scanning
  // every route's decorators is the slowest step of a start, and most starts never serve it.
  const document = () =>
    completeDocument(
      SwaggerModule.createDocument(
        app,
        new DocumentBuilder()
          .setTitle('umpire')
          .setDescription(API_DESCRIPTION)
          .setVersion('0.1.0')
          .addBearerAuth({
            type: 'http',
            scheme: 'bearer',
            description: 'An API key: umpire_<keyId>_<secret>',
          })
          .build(),
      ),
    );
  SwaggerModule.setup('docs', app, document, { jsonDocumentUrl: 'docs-json' });
  return app;
}

/**
 * Cross-origin calls from the configured origins (UMPIRE_CORS_ORIGINS): the preflight is answered for
 * the methods and headers the API uses, and the answer headers a client needs are readable. No
 * cookies are involved (keys are bearer tokens), so credentials stay off.
 */
function corsOptions(origins: string[]) {
  return {
    origin: origins.includes('*') ? '*' : origins,
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: [
      'Authorization',
      'Content-Type',
      'Idempotency-Key',
      'Last-Event-ID',
      'If-None-Match',
      'Prefer',
      'X-Request-Id',
    ],
    exposedHeaders: [
      'ETag',
      'Location',
      'Preference-Applied',
      'Retry-After',
      'WWW-Authenticate',
      'X-Request-Id',
      'X-RateLimit-Limit',
      'X-RateLimit-Remaining',
      'X-RateLimit-Reset',
    ],
    maxAge: 600,
    strictPreflight: true,
  };
}

const API_DESCRIPTION = [
  'Event-sourced referee and ledger for tabletop wargame close combat.',
  '',
  'Every route but /health, /health/ready, /audit/public-key and these docs needs `Authorization: Bearer <key>` (the live feeds also take a `?ticket=` from POST /stream-tickets, for browsers): 401 without a valid key (with `WWW-Authenticate: Bearer`), 403 for a key of the wrong role, match or side, 404 for another tournament’s ids on a key bound to a tournament (exactly as for unknown ids), 429 past the key’s rate limit. Every answer carries `x-request-id`. Bodies are limited before validation (size 413; nesting depth, array length and lone surrogates 400).',
  '',
  'Every error is `application/problem+json` (RFC 9457): `type` (a URN per kind of problem), `title`, `status`, `detail`, plus `ruleId` for a refused command and `field` for the field at fault. Browsers on the origins in UMPIRE_CORS_ORIGINS may call the API (CORS).',
  '',
  'Lists are paginated with `?limit=` and `?cursor=` (the `nextCursor` of the previous page); a match’s events with `?from=` and `?limit=`. Live feeds are Server-Sent Events that resume from `Last-Event-ID`. Webhook deliveries are signed as Standard Webhooks say: `webhook-id`, `webhook-timestamp`, `webhook-signature` (verify with the `standardwebhooks` package and the webhook’s secret).',
].join('\n');
