import type { Actor } from '../event-store/event-store.port.js';
import type { AnyRuleset } from '../rulesets/registry.js';

/**
 * C-6: whether the key recorded as the actor of a ruleset command was one the service lets send it,
 * judged on the state the command was decided on, as the command handler authorises a live command:
 * organisers and judges create matches and send what the ruleset declares theirs (registering units),
 * nothing else of a ruleset; a player sends a command only when the rules' acting side
 * (Ruleset.actingSide: the unit's owner, a registered unit's side, the active side for EndTurn) is its
 * own; a spectator sends nothing. Match-level commands (undo, disputes, the end) are judged by decideMatchLevel itself.
 *
 * Returns what is wrong, or null when the actor may send it.
 */
export function actorMismatch(
  ruleset: AnyRuleset,
  state: unknown,
  command: { type: string },
  actor: Partial<Actor> | undefined,
): string | null {
  const role = actor?.role;
  const type = command.type;
  // Who may send a command is the ruleset's word (its declared roles); an undeclared one is a player's.
  const roles: readonly string[] = ruleset.commands.find((declared) => declared.type === type)?.roles ?? [
    'player',
  ];
  if (role === 'organiser' || role === 'judge') {
    return type === 'CreateMatch' || roles.includes(role)
      ? null
      : `${type} is a player's command, but the log says ${role === 'organiser' ? 'an' : 'a'} ${role} key sent it`;
  }
  if (role !== 'player') return `${type} was sent by a ${String(role)} key, which sends no such command`;
  if (type === 'CreateMatch')
    return 'the match was created by a player key; organisers and judges create matches';
  const side = ruleset.actingSide(state, command as { type: string });
  if (side !== undefined && side !== actor?.side) {
    return `${type} is for side ${String(side)} to send, but the log says a player of side ${String(actor?.side)} sent it`;
  }
  return null;
}
