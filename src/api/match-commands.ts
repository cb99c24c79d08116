import type { Principal } from '../auth/principal.js';
import type { MatchCommandRequest } from '../match/command-runner.js';
import type { CommandDto } from './dto/command.dto.js';

/**
 * Turns a validated body into the ruleset command: commandId and dice travel beside the command, the
 * rest of the body is the command's own fields.
 */
export function commandRequest(
  matchId: string,
  principal: Principal,
  type: string,
  body: CommandDto & { dice?: number[] },
  extra: Record<string, unknown> = {},
): MatchCommandRequest {
  const { commandId, dice, ...fields } = body;
  return { matchId, commandId, principal, command: { type, ...fields, ...extra }, ...(dice ? { dice } : {}) };
}
