import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { LoggerService } from '@nestjs/common';
import { type FastifyBaseLogger, type FastifyInstance, type FastifyRequest, LogController } from 'fastify';
import type { AppConfig } from '../config/app-config.js';
import { RATE_LIMITED } from './rate-limit.js';
import { refusedPath } from './router-errors.js';

const REQUEST_ID_HEADER = 'x-request-id';
/** A caller's own request id is kept when it is a plain token; anything else gets a fresh one. */
const ACCEPTED_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export interface LogDestination {
  write(line: string): void;
}

/**
 * Fastify's options for JSON logs with a request id on every line. The request and response are
 * logged by explicit fields only (method, path, status): never a body, never a header, so neither a
 * key nor a sealed card can reach a log. Redaction is there as a second fence.
 */
export function fastifyLoggingOptions(
  config: Pick<AppConfig, 'logLevel'>,
  options: { quiet?: boolean; destination?: LogDestination } = {},
) {
  return {
    logger: options.quiet
      ? false
      : {
          level: config.logLevel,
          base: { service: 'umpire' },
          ...(options.destination ? { stream: options.destination } : {}),
          serializers: {
            req: (request: {
              method?: string;
              url?: string;
              routeOptions?: { url?: string };
              raw?: IncomingMessage;
            }) => ({
              method: request.method,
              path: loggablePath(refusedPath(request.raw) ?? pathOf(request.url ?? '')),
              route: request.routeOptions?.url,
            }),
            res: (reply: { statusCode?: number }) => ({ statusCode: reply.statusCode }),
          },
          redact: {
            paths: [
              'headers',
              'req.headers',
              'req.body',
              'body',
              'authorization',
              '*.authorization',
              'token',
              '*.token',
              'ticket',
              '*.ticket',
            ],
            censor: '[redacted]',
          },
        },
    genReqId: (request: Pick<IncomingMessage, 'headers'>) => {
      const given = request.headers[REQUEST_ID_HEADER];
      return typeof given === 'string' && ACCEPTED_REQUEST_ID.test(given) ? given : randomUUID();
    },
    requestIdHeader: false as const,
    // Requests are logged by the onResponse hook below instead: one line each, with the key id.
    logController: new LogController({ requestIdLogLabel: 'requestId', disableRequestLogging: true }),
  };
}

/**
 * Every answer carries its request id; every request leaves one JSON line when answered, but for the
 * rate limit's repeated refusals of one key in one window (the first is logged, the rest counted).
 * The line has the path without its query string: a stream ticket (`?ticket=`) must never be logged,
 * nor an invitation code.
 */
export function installRequestLogging(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', (request, reply, done) => {
    void reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
  fastify.addHook('onResponse', (request, reply, done) => {
    if ((request as FastifyRequest & { [RATE_LIMITED]?: boolean })[RATE_LIMITED]) return done();
    const principal = (request as FastifyRequest & { principal?: { keyId: string; role: string } }).principal;
    request.log.info(
      {
        req: request,
        res: reply,
        responseTimeMs: Math.round(reply.elapsedTime),
        ...(principal ? { keyId: principal.keyId, role: principal.role } : {}),
      },
      'request completed',
    );
    done();
  });
}

/**
 * An invitation's code is a secret in its route (POST /invitations/:code/redeem): never logged, nor
 * when a client gets the path a little wrong (`//invitations/…`, `/Invitations/…`, `%2F`, a code
 * anywhere else in the path, its underscores encoded).
 */
const INVITATION_IN_PATH = /^\/+invitations(?:\/|%2f)[^/]+/i;
const INVITATION_CODE = /inv(?:_|%5f)[a-z0-9]{12}(?:_|%5f)[a-z0-9_%-]+/gi;
/** A short code as shown, in groups of four (not a piece of a longer dashed id, such as a UUID's). */
const SHORT_INVITATION_CODE = /(?<![0-9a-z-])[0-9a-z]{4}-[0-9a-z]{4}-[0-9a-z]{4}(?![0-9a-z-])/gi;

function loggablePath(path: string): string {
  return path
    .replace(INVITATION_IN_PATH, '/invitations/[redacted]')
    .replace(INVITATION_CODE, '[redacted]')
    .replace(SHORT_INVITATION_CODE, '[redacted]');
}

function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

/** Nest's own messages go to the same JSON log, with their context. */
export class JsonNestLogger implements LoggerService {
  constructor(private readonly logger: FastifyBaseLogger) {}

  log(message: unknown, ...rest: unknown[]): void {
    this.logger.info(this.fields(rest), this.text(message));
  }

  error(message: unknown, ...rest: unknown[]): void {
    const [stack, ...more] = rest;
    const fields = this.fields(more.length > 0 ? more : rest);
    if (typeof stack === 'string' && stack.includes('\n')) fields.stack = stack;
    this.logger.error(fields, this.text(message));
  }

  warn(message: unknown, ...rest: unknown[]): void {
    this.logger.warn(this.fields(rest), this.text(message));
  }

  debug(message: unknown, ...rest: unknown[]): void {
    this.logger.debug(this.fields(rest), this.text(message));
  }

  verbose(message: unknown, ...rest: unknown[]): void {
    this.logger.trace(this.fields(rest), this.text(message));
  }

  fatal(message: unknown, ...rest: unknown[]): void {
    this.logger.fatal(this.fields(rest), this.text(message));
  }

  private fields(rest: unknown[]): Record<string, unknown> {
    const context = rest[rest.length - 1];
    return typeof context === 'string' ? { context } : {};
  }

  private text(message: unknown): string {
    if (message instanceof Error) return message.message;
    return typeof message === 'string' ? message : JSON.stringify(message);
  }
}
