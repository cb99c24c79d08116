import { Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import { ProjectionRunner } from './projection-runner.js';

/**
 * Every 503 says when to come back. A 503 here means a read model cannot answer yet (it is catching up,
 * or stopped at an event): ReadModelNotReadyError carries its lag in the message, and this adds the
 * Retry-After header on the way out, from the pace the read models are catching up at. The error filter
 * that writes error bodies knows nothing of headers, so it is done here, for whichever route threw.
 */
@Injectable()
export class RetryAfterHook implements OnModuleInit {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly runner: ProjectionRunner,
  ) {}

  onModuleInit(): void {
    // No HTTP adapter in a testing module without a server.
    const fastify = this.adapterHost.httpAdapter?.getInstance<FastifyInstance>();
    if (!fastify || typeof fastify.addHook !== 'function') return;
    fastify.addHook('onSend', async (_request, reply, payload) => {
      if (reply.statusCode === 503 && !reply.hasHeader('retry-after')) {
        const waiting = this.runner.status().filter((s) => s.state !== 'live');
        reply.header('Retry-After', String(waiting.length > 0 ? this.runner.retryAfterSeconds(waiting) : 1));
      }
      return payload;
    });
  }
}
