import type { KeyGrant, Role } from './principal.js';

/**
 * How far each role reaches, for issuing keys: a key mints keys of its own role or a lower one, never
 * a higher one. Players act in one match only and spectators only read, so both rank below a judge.
 */
const RANK: Record<Role, number> = { organiser: 3, judge: 2, player: 1, spectator: 0 };

export function mayIssueRole(issuer: Role, role: Role): boolean {
  return RANK[role] <= RANK[issuer];
}

/** Only a player key plays a side in a match: on any other role these fields would mean nothing. */
export function fieldsMeaningless(grant: Pick<KeyGrant, 'role' | 'matchId' | 'side'>): string[] {
  if (grant.role === 'player') return [];
  return (['matchId', 'side'] as const).filter((field) => grant[field] !== undefined);
}
