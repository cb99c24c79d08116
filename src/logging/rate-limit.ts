import fastifyRateLimit from '@fastify/rate-limit';
import { HttpException } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyRequest } from 'fastify';
import { KeyRegistry } from '../auth/key-registry.service.js';
import type { AppConfig } from '../config/app-config.js';

/**
 * Rate limits per API key (@fastify/rate-limit, before any route runs): a request with a valid key
 * counts against that key, so that a table of players behind one address is not throttled as one;
 * anything else counts against its IP. The key is verified, not just read from the token, so nobody
 * can spend another key's allowance by naming its id. UMPIRE_RATE_LIMIT=0 turns it off; /health and
 * /health/ready are never limited (probes must not be refused).
 */
export async function installRateLimit(app: NestFastifyApplication, config: AppConfig): Promise<void> {
  if (config.rateLimit === 0) return;
  const keys = app.get(KeyRegistry);
  await app.register(fastifyRateLimit, {
    global: true,
    max: config.rateLimit,
    timeWindow: config.rateLimitWindowMs,
    allowList: (request) =>
      request.routeOptions.url === '/health' || request.routeOptions.url === '/health/ready',
    keyGenerator: (request) => trackerOf(request, keys),
    // Thrown: an HttpException, so that the one error filter answers it like any other refusal.
    errorResponseBuilder: (_request, context) =>
      new HttpException(
        {
          statusCode: 429,
          error: 'Too Many Requests',
          message: `rate limit reached: at most ${context.max} requests per ${config.rateLimitWindowMs} ms for one key; retry in ${context.after}`,
        },
        429,
      ),
  });
}

async function trackerOf(request: FastifyRequest, keys: KeyRegistry): Promise<string> {
  const header = request.headers.authorization;
  const token = typeof header === 'string' && header.startsWith('Bearer ') ? header.slice(7).trim() : '';
  const principal = token ? await keys.verify(token) : undefined;
  return principal ? `key:${principal.keyId}` : `ip:${request.ip}`;
}
