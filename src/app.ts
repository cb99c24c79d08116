import 'reflect-metadata';
import { ValidationPipe } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { completeDocument } from './api/openapi-document.js';
import { AppModule } from './app.module.js';
import type { AppConfig } from './config/app-config.js';
import {
  fastifyLoggingOptions,
  installRequestLogging,
  JsonNestLogger,
  type LogDestination,
} from './logging/request-logging.js';
import { installBodyLimits } from './logging/body-limits.js';
import { installRateLimit } from './logging/rate-limit.js';

/** Builds the whole service; main.ts and the e2e tests both start it through here. */
export async function createApp(
  config: AppConfig,
  options: { logger?: false; logDestination?: LogDestination } = {},
): Promise<NestFastifyApplication> {
  const quiet = options.logger === false;
  const app = await NestFactory.create<NestFastifyApplication>(
    AppModule.forRoot(config),
    new FastifyAdapter({
      ...fastifyLoggingOptions(config, { quiet, destination: options.logDestination }),
      bodyLimit: config.bodyLimitBytes,
    }),
    quiet ? { logger: false } : { bufferLogs: true },
  );
  // One JSON log: Fastify's request lines and Nest's own messages, each request's with its id.
  const fastify = app.getHttpAdapter().getInstance();
  if (!quiet) app.useLogger(new JsonNestLogger(fastify.log));
  installRequestLogging(fastify);
  installBodyLimits(fastify, config);
  await installRateLimit(app, config);
  app.useGlobalPipes(new ValidationPipe({ whitelist: true, forbidNonWhitelisted: true, transform: true }));
  app.enableShutdownHooks();

  const document = completeDocument(
    SwaggerModule.createDocument(
      app,
      new DocumentBuilder()
        .setTitle('umpire')
        .setDescription(API_DESCRIPTION)
        .setVersion('0.1.0')
        .addBearerAuth({ type: 'http', scheme: 'bearer', description: 'An API key: umpire_<keyId>_<secret>' })
        .build(),
    ),
  );
  SwaggerModule.setup('docs', app, document, { jsonDocumentUrl: 'docs-json' });
  return app;
}

const API_DESCRIPTION = [
  'Event-sourced referee and ledger for tabletop wargame close combat.',
  '',
  'Every route but /health, /health/ready, /audit/public-key and these docs needs `Authorization: Bearer <key>`: 401 without a valid key, 403 for a key of the wrong role, match or side, 404 for another tournament’s ids on a key bound to a tournament (exactly as for unknown ids), 429 past the key’s rate limit. Every answer carries `x-request-id`. Bodies are limited before validation (size 413; nesting depth, array length and lone surrogates 400).',
  '',
  'Lists are paginated with `?limit=` and `?cursor=` (the `nextCursor` of the previous page); a match’s events with `?from=` and `?limit=`. Live feeds are Server-Sent Events that resume from `Last-Event-ID`. Webhook deliveries are signed as Standard Webhooks say: `webhook-id`, `webhook-timestamp`, `webhook-signature` (verify with the `standardwebhooks` package and the webhook’s secret).',
].join('\n');
