import {
  type ArgumentsHost,
  Catch,
  type ExceptionFilter,
  HttpException,
  Inject,
  Logger,
} from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { WrongExpectedRevisionError } from '../event-store/wrong-expected-revision.error.js';
import {
  type InvitationKind,
  type Problem,
  PROBLEM_CONTENT_TYPE,
  PROBLEM_TYPES,
  problem,
  WWW_AUTHENTICATE,
} from '../http/problem-details.js';
import { MatchNotFoundError, NotYourCommandError, StreamBusyError } from '../match/match-errors.js';
import { RuleViolation } from '../rules/common/rule-violation.js';

/**
 * Every error leaves here, as RFC 9457 problem details (application/problem+json): unknown routes,
 * bodies refused by their limits, rate limits and readiness included, as Fastify's own errors and
 * those of its hooks come through here too. A rule breach is 422 (never valid) or 409 (not now) and
 * names its rule (C-6); a 401 says which scheme to use; an unexpected error says nothing of its
 * insides (hidden orders must not leak, AA-2).
 */
@Catch()
export class DomainErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('errors');

  constructor(@Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'bodyLimitBytes'>) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    const body = problemOf(exception, this.config, this.logger);
    if (body.status === 401) void reply.header('WWW-Authenticate', WWW_AUTHENTICATE);
    // A problem answer is the same whatever the caller preferred: no minimal answer was applied.
    void reply.removeHeader('Preference-Applied');
    void reply.status(body.status).header('content-type', PROBLEM_CONTENT_TYPE).send(JSON.stringify(body));
  }
}

/** The HTTP status a refusal or error is answered with: the one mapping, for the filter and for tests. */
export function statusOf(exception: unknown): number {
  return problemOf(exception, { bodyLimitBytes: 0 }).status;
}

/** The problem details an exception is answered with. */
export function problemOf(
  exception: unknown,
  config: Pick<AppConfig, 'bodyLimitBytes'>,
  logger?: Logger,
): Problem {
  if (exception instanceof RuleViolation) {
    return problem(exception.kind === 'invalid' ? 422 : 409, exception.message, {
      type: PROBLEM_TYPES.rule,
      ruleId: exception.ruleId,
    });
  }
  if (exception instanceof MatchNotFoundError) return problem(404, exception.message);
  if (exception instanceof NotYourCommandError) return problem(403, exception.message);
  if (exception instanceof StreamBusyError || exception instanceof WrongExpectedRevisionError) {
    return problem(409, exception.message);
  }
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    // Fastify's own refusal of a body over its bodyLimit: say which limit, and where it is set.
    if (status === 413) {
      return problem(
        status,
        `the request body is larger than ${config.bodyLimitBytes} bytes (UMPIRE_BODY_LIMIT_BYTES)`,
        { field: 'body' },
      );
    }
    return problem(status, ...detailOf(exception));
  }
  logger?.error(exception instanceof Error ? (exception.stack ?? exception.message) : String(exception));
  return problem(500, 'internal error');
}

/**
 * The words of an HttpException and the field it names: a string, or Nest's `{ message }` object whose
 * message may be the validation pipe's list (joined, and kept whole in `errors`), with a `field` when
 * the thrower knew it, and the `invitation`'s kind when it refused one.
 */
function detailOf(
  exception: HttpException,
): [string, { field?: string; errors?: string[]; invitation?: InvitationKind }] {
  const response = exception.getResponse();
  if (typeof response !== 'object' || response === null) return [String(response), {}];
  const { message, field, invitation } = response as {
    message?: unknown;
    field?: unknown;
    invitation?: unknown;
  };
  const kind: InvitationKind | undefined =
    invitation === 'seat' || invitation === 'participant' ? invitation : undefined;
  const fieldPart = {
    ...(typeof field === 'string' ? { field } : {}),
    ...(kind !== undefined ? { invitation: kind } : {}),
  };
  if (Array.isArray(message)) {
    const errors = message.map(String);
    return [errors.join('; '), { ...fieldPart, errors }];
  }
  return [typeof message === 'string' ? message : exception.message, fieldPart];
}
