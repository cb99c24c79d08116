import type { Actor } from '../event-store/event-store.port.js';
import type { Side } from '../rules/common/sides.js';
import type { Viewer } from '../rules/ruleset.js';

export const ROLES = ['organiser', 'judge', 'player', 'spectator'] as const;
export type Role = (typeof ROLES)[number];

/** What a key grants. Player keys are bound to one match and one side; judge and spectator keys may be bound to a tournament. */
export interface KeyGrant {
  keyId: string;
  role: Role;
  label?: string;
  matchId?: string;
  side?: Side;
  tournamentId?: string;
  /** A participant key (a player key bound to a tournament): the participant it reports results for. */
  participantId?: string;
}

/** The caller of a request, as the guard established it. */
export type Principal = KeyGrant;

export function actorOf(principal: Principal): Actor {
  return {
    role: principal.role,
    keyId: principal.keyId,
    ...(principal.side ? { side: principal.side } : {}),
  };
}

/** Hidden information (AA-2) follows the side a key is bound to, and nothing else. */
export function viewerOf(principal: Principal | undefined): Viewer {
  if (!principal) return {};
  // The role rides along for what the key may do (the play contract's judge actions), never for what it sees.
  return principal.role === 'player' && principal.side
    ? { side: principal.side, role: 'player' }
    : { role: principal.role };
}

/**
 * The id under which a command is recorded and deduplicated: the client's commandId within the key that
 * sent it. Two keys that happen to choose the same commandId (both players counting 1, 2, 3 …) must
 * never receive each other's answers; one key retrying gets its first answer back.
 */
export function recordedCommandId(principal: Pick<Principal, 'keyId'>, commandId: string): string {
  return `${principal.keyId}:${commandId}`;
}
