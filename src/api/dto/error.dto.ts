import { applyDecorators } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiForbiddenResponse,
  ApiProperty,
  ApiPropertyOptional,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';

/** Every error answers in this one shape (DomainErrorFilter). */
export class ErrorDto {
  @ApiProperty({ example: 403 }) statusCode!: number;
  @ApiProperty({ example: 'Forbidden' }) error!: string;
  @ApiProperty({ example: 'this route is for organiser keys; this key is a spectator key' })
  message!: string;
  @ApiPropertyOptional({ description: 'The rule a refused command breaks (C-6).', example: 'HH-9' })
  ruleId?: string;
}

/**
 * Documents a route's access: a bearer key of one of these roles; 401 without a valid key, 403 for a
 * key of another role, match or side (another tournament's ids: 404 as unknown), 429 past the rate limit.
 */
export function ApiAccess(roles: string): MethodDecorator & ClassDecorator {
  return applyDecorators(
    ApiBearerAuth(),
    ApiUnauthorizedResponse({
      type: ErrorDto,
      description: 'No key, or a key that is not valid.',
      example: { statusCode: 401, error: 'Unauthorized', message: 'the API key is not valid' },
    }),
    ApiForbiddenResponse({
      type: ErrorDto,
      description: `Keys allowed: ${roles}. Another role, match or side is 403; a key bound to a tournament is answered about any other tournament's ids as about unknown ones (404).`,
      example: {
        statusCode: 403,
        error: 'Forbidden',
        message: 'this route is for organiser keys; this key is a spectator key',
      },
    }),
    ApiTooManyRequestsResponse({
      type: ErrorDto,
      description: 'Past the rate limit of this key (UMPIRE_RATE_LIMIT per UMPIRE_RATE_LIMIT_WINDOW_MS).',
      example: {
        statusCode: 429,
        error: 'ThrottlerException',
        message: 'ThrottlerException: Too Many Requests',
      },
    }),
  );
}
