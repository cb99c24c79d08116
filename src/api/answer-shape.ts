import { applyDecorators, createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { ApiCreatedResponse, ApiExtraModels, ApiHeader } from '@nestjs/swagger';
import type { AnswerShape } from '../match/match-command-handler.js';
import { CommandResultDto, MinimalCommandResultDto } from './dto/match.dto.js';

/**
 * What a `Prefer` header (RFC 7240) asks of a command's answer. Preferences are comma-separated, each
 * `name[=value]` with optional `;` parameters; names are case-insensitive, a value may be quoted, and
 * of a preference given twice the first counts. Anything not understood is ignored, as the RFC says.
 */
export function answerShapeOf(prefer: string | string[] | undefined): AnswerShape {
  const text = Array.isArray(prefer) ? prefer.join(',') : (prefer ?? '');
  for (const preference of text.split(',')) {
    const [token = ''] = preference.split(';');
    const [name = '', value = ''] = token.split('=').map((part) => part.trim());
    if (name.toLowerCase() !== 'return') continue;
    return value.replace(/^"(.*)"$/, '$1').toLowerCase() === 'minimal' ? 'minimal' : 'full';
  }
  return 'full';
}

interface PreferRequest {
  headers: Record<string, string | string[] | undefined>;
}
interface PreferReply {
  header(name: string, value: string): unknown;
}

/**
 * The answer the caller prefers for a command route. A minimal answer is said to be one
 * (`Preference-Applied: return=minimal`), so that a client can tell it from a full one.
 */
export const PreferredAnswer = createParamDecorator((_: unknown, context: ExecutionContext): AnswerShape => {
  const http = context.switchToHttp();
  const shape = answerShapeOf(http.getRequest<PreferRequest>().headers.prefer);
  if (shape === 'minimal') http.getResponse<PreferReply>().header('Preference-Applied', 'return=minimal');
  return shape;
});

/** The OpenAPI of a command route's answer: the play contract, or with `Prefer: return=minimal` less. */
export const CommandAnswer = () =>
  applyDecorators(
    ApiExtraModels(MinimalCommandResultDto),
    ApiHeader({
      name: 'Prefer',
      required: false,
      description:
        '`return=minimal`: the answer holds only the command’s own events, its revision and whether it ' +
        'was a duplicate (the MinimalCommandResultDto schema), not the play contract: for a client ' +
        'that follows the match on its feed. The answer then carries `Preference-Applied: return=minimal`.',
    }),
    ApiCreatedResponse({
      type: CommandResultDto,
      description:
        'The play contract right after the command’s events, and those events; with `Prefer: return=minimal`, ' +
        'a MinimalCommandResultDto.',
    }),
  );
