/** The game's own words, shared by commands, events and state. */

/** HH-4: where the charger touches the defender. */
export const ASPECTS = ['front', 'left-flank', 'right-flank', 'rear'] as const;
export type Aspect = (typeof ASPECTS)[number];

/** the attacker's position relative to the defender. */
export const SLOPES = ['level', 'uphill', 'downhill'] as const;
export type Slope = (typeof SLOPES)[number];

/**
 * HH-10: 'fight-back' is an attack by a unit already in contact, on the enemy to its front. It takes no
 * willpower test (HH-5 is "before contact") and gets no charge bonus.
 */
export type ChargeKind = 'charge' | 'fight-back';

/** HH-8 melee, HH-18 shooting, HH-13 the follow-up test of a broken unit. */
export const TEST_CAUSES = ['melee', 'shooting', 'rally'] as const;
export type TestCause = (typeof TEST_CAUSES)[number];

export type GiveGroundCause = 'melee' | 'shooting';

export type RemovalReason =
  | 'surrendered'
  | 'rout'
  | 'retreat-blocked'
  | 'break-blocked'
  | 'left-the-table'
  | 'failed-rally'
  | 'stuck-reform-surrender';

/** The rule under which each removal happens, so that a later refusal can name it (C-6). */
export const REMOVAL_RULES: Readonly<Record<RemovalReason, string>> = {
  surrendered: 'HH-9',
  rout: 'HH-14',
  'retreat-blocked': 'HH-12',
  'break-blocked': 'HH-13',
  'left-the-table': 'HH-15',
  'failed-rally': 'HH-13',
  'stuck-reform-surrender': 'HH-11',
};

/**
 * What the unit did that removed it, as the log's line and its roster status say it ("X was removed:
 * it routed", "removed: routed (HH-14)").
 */
export const REMOVED_BECAUSE: Readonly<Record<RemovalReason, string>> = {
  surrendered: 'surrendered',
  rout: 'routed',
  'retreat-blocked': 'could not retreat',
  'break-blocked': 'could not flee',
  'left-the-table': 'left the table',
  'failed-rally': 'failed its rally test',
  'stuck-reform-surrender': 'surrendered when it could not give ground a third time in a row',
};

/** Why a removed unit can do nothing more, as a refusal says it ("Blue Foot has routed"). */
export const REMOVAL_WORDS: Readonly<Record<RemovalReason, string>> = {
  surrendered: 'has already surrendered',
  rout: 'has routed',
  'retreat-blocked': 'was removed when it could not retreat',
  'break-blocked': 'was removed when it could not flee',
  'left-the-table': 'has left the table',
  'failed-rally': 'was removed after failing its rally test',
  'stuck-reform-surrender': 'surrendered after being stuck in reform',
};

/** What a unit may not do in one player turn (C-4: "next phase" is a player-turn number). */
export type RestrictionKind = 'attack' | 'advance' | 'fire' | 'move';

export interface TurnRestriction {
  inTurn: number;
  ruleId: string;
}

export interface ImpactBonus {
  value: number;
  inTurn: number;
  ruleId: string;
}
