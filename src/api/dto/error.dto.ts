import { applyDecorators } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiForbiddenResponse,
  ApiProperty,
  ApiPropertyOptional,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { PROBLEM_TYPES, problem } from '../../http/problem-details.js';

/**
 * Every error answers in this one shape, RFC 9457 problem details as `application/problem+json`
 * (DomainErrorFilter, and the rate limit's early 429: both through problem() in problem-details.ts).
 */
export class ErrorDto {
  @ApiProperty({
    description: 'The kind of problem, a URN a client may switch on.',
    enum: Object.values(PROBLEM_TYPES),
    example: PROBLEM_TYPES.forbidden,
  })
  type!: string;
  @ApiProperty({ description: 'The HTTP status phrase.', example: 'Forbidden' }) title!: string;
  @ApiProperty({ example: 403 }) status!: number;
  @ApiProperty({
    description: 'What went wrong with this request, in words.',
    example: 'this route is for organiser keys; this key is a spectator key',
  })
  detail!: string;
  @ApiPropertyOptional({ description: 'The rule a refused command breaks (C-6).', example: 'HH-9' })
  ruleId?: string;
  @ApiPropertyOptional({
    description: 'The request field at fault: a body field’s path, a query parameter or a header.',
    example: 'units.0.morale',
  })
  field?: string;
  @ApiPropertyOptional({
    type: [String],
    description: 'Every validation message, when there were several (detail joins them).',
  })
  errors?: string[];
  @ApiPropertyOptional({
    enum: ['seat', 'participant'],
    description:
      'What a refused invitation was for: a seat at a table (a seat’s key) or a place in a tournament (a participant’s key). Given when the invitation is known (410: used, expired, or its maker’s key revoked).',
    example: 'seat',
  })
  invitation?: 'seat' | 'participant';
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
      example: problem(401, 'the API key is not valid'),
    }),
    ApiForbiddenResponse({
      type: ErrorDto,
      description: `Keys allowed: ${roles}. Another role, match or side is 403; a key bound to a tournament is answered about any other tournament's ids as about unknown ones (404).`,
      example: problem(403, 'this route is for organiser keys; this key is a spectator key'),
    }),
    ApiTooManyRequestsResponse({
      type: ErrorDto,
      description: 'Past the rate limit of this key (UMPIRE_RATE_LIMIT per UMPIRE_RATE_LIMIT_WINDOW_MS).',
      example: problem(
        429,
        'rate limit reached: at most 1200 requests per 60000 ms for one key (UMPIRE_RATE_LIMIT, UMPIRE_RATE_LIMIT_WINDOW_MS); retry in 60 s',
      ),
    }),
  );
}
