import { ForbiddenException } from '@nestjs/common';
import type { Principal } from '../auth/principal.js';

/** The roles that may follow a tournament's feed; a player key only as a participant of it. */
export const TOURNAMENT_FEED_ROLES = ['organiser', 'judge', 'spectator', 'player'] as const;

/**
 * Who may follow a tournament's live feed: organiser, judge and spectator keys, and a participant key
 * (a player key bound to the tournament). A player key bound to one match is not a participant and is
 * refused. The tournament itself is checked by the scope check first: a bound key reaches its own
 * tournament only, and another's answers as an unknown one (404).
 */
export function assertMayFollowTournament(principal: Principal): void {
  if (principal.role === 'player' && principal.participantId === undefined) {
    throw new ForbiddenException(
      "a tournament's feed is for organiser, judge, spectator and participant keys; this key is a player key for one match",
    );
  }
  if (!(TOURNAMENT_FEED_ROLES as readonly string[]).includes(principal.role)) {
    throw new ForbiddenException(
      `a tournament's feed is for organiser, judge, spectator and participant keys; this key is a ${principal.role} key`,
    );
  }
}

/**
 * A participant's feed carries the tournament's own events and leaves its matches' events out: a
 * participant key reads no match through its GET routes, so its feed shows none (AA-2 by construction).
 */
export function feedShowsMatches(principal: Principal): boolean {
  return principal.role !== 'player';
}
