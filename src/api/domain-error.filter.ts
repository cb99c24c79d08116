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
import { MatchNotFoundError, NotYourCommandError, StreamBusyError } from '../match/match-errors.js';
import { RuleViolation } from '../rules/common/rule-violation.js';

interface ErrorBody {
  statusCode: number;
  error: string;
  message: string | string[];
  ruleId?: string;
}

/**
 * Every error leaves here, in one shape. A rule breach is 422 (never valid) or 409 (not now) and names
 * its rule (C-6); an unexpected error says nothing of its insides (hidden orders must not leak, AA-2).
 */
@Catch()
export class DomainErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('errors');

  constructor(@Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'bodyLimitBytes'>) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    const body = this.toBody(exception);
    void reply.status(body.statusCode).send(body);
  }

  private toBody(exception: unknown): ErrorBody {
    return errorBody(exception, this.config, this.logger);
  }
}

/** The HTTP status a refusal or error is answered with: the one mapping, for the filter and for tests. */
export function statusOf(exception: unknown): number {
  return errorBody(exception, { bodyLimitBytes: 0 }).statusCode;
}

function errorBody(
  exception: unknown,
  config: Pick<AppConfig, 'bodyLimitBytes'>,
  logger?: Logger,
): ErrorBody {
  if (exception instanceof RuleViolation) {
    const statusCode = exception.kind === 'invalid' ? 422 : 409;
    return {
      statusCode,
      error: statusCode === 422 ? 'Unprocessable Entity' : 'Conflict',
      ruleId: exception.ruleId,
      message: exception.message,
    };
  }
  if (exception instanceof MatchNotFoundError)
    return { statusCode: 404, error: 'Not Found', message: exception.message };
  if (exception instanceof NotYourCommandError)
    return { statusCode: 403, error: 'Forbidden', message: exception.message };
  if (exception instanceof StreamBusyError || exception instanceof WrongExpectedRevisionError) {
    return { statusCode: 409, error: 'Conflict', message: exception.message };
  }
  if (exception instanceof HttpException) {
    const response = exception.getResponse();
    const statusCode = exception.getStatus();
    // Fastify's own refusal of a body over its bodyLimit: say which limit, and where it is set.
    if (statusCode === 413) {
      return {
        statusCode,
        error: 'Payload Too Large',
        message: `the request body is larger than ${config.bodyLimitBytes} bytes (UMPIRE_BODY_LIMIT_BYTES)`,
      };
    }
    if (typeof response === 'object' && response !== null) {
      const { message, error } = response as { message?: string | string[]; error?: string };
      return { statusCode, error: error ?? exception.name, message: message ?? exception.message };
    }
    return { statusCode, error: exception.name, message: String(response) };
  }
  logger?.error(exception instanceof Error ? (exception.stack ?? exception.message) : String(exception));
  return { statusCode: 500, error: 'Internal Server Error', message: 'internal error' };
}
