import type { KeyGrant, Principal, Role } from './principal.js';

/**
 * How far each role reaches, for issuing keys: a key mints keys of its own role or a lower one, never
 * a higher one. Players act in one match only and spectators only read, so both rank below a judge.
 */
const RANK: Record<Role, number> = { organiser: 3, judge: 2, player: 1, spectator: 0 };

export function mayIssueRole(issuer: Role, role: Role): boolean {
  return RANK[role] <= RANK[issuer];
}

/** The roles a key of which may be bound to one match: a player's seat, and a judge or spectator of it. */
const MATCH_ROLES: readonly Role[] = ['player', 'judge', 'spectator'];

/**
 * Fields a grant of this role cannot carry: only a player key plays a side; a judge or spectator key
 * may be bound to one match, an organiser key never (it sets matches up, so it reaches past any one).
 */
export function fieldsMeaningless(grant: Pick<KeyGrant, 'role' | 'matchId' | 'side'>): string[] {
  const meaningless: string[] = [];
  if (grant.matchId !== undefined && !MATCH_ROLES.includes(grant.role)) meaningless.push('matchId');
  if (grant.side !== undefined && grant.role !== 'player') meaningless.push('side');
  return meaningless;
}

/**
 * The one match a judge or spectator key is bound to, if it is: such a key reaches that match alone,
 * by every route. A player key's match is its seat's, checked where it plays (its own rules).
 */
export function boundMatch(principal: Pick<Principal, 'role' | 'matchId'>): string | undefined {
  return principal.role === 'player' ? undefined : principal.matchId;
}
