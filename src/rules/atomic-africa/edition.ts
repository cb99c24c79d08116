import type { AtomicAfricaState } from './state.js';

/**
 * What tells one version of the ruleset from another. The versions share one code base: each
 * difference is a named flag here, read where the rule it changes is decided. A match is decided by
 * the edition of the version its MatchCreated recorded (state.match.ruleset.version), so a log keeps
 * its rules for life (C-3) and version 1 logs verify unchanged.
 */
export interface Edition {
  version: string;
  /** both sides seal before the turn's first activation, never after it. */
  sealingClosesAtFirstActivation: boolean;
  /** a reacting unit may be engaged by several activating enemies in a turn (v1: one close combat a turn). */
  reactingUnitMayBeEngagedAgain: boolean;
  /**
   * Q-23, AA-9: every enemy in contact with a unit whose flee stands is offered the pursuit whatever its
   * card, and each decision is an event (v1: only the opponent, and only when its card allows movement).
   */
  pursuitOfferedToEveryContact: boolean;
  /** a ranged attack is an activation (active side, once a turn, with a card, not after close combat). */
  rangedAttackIsActivation: boolean;
  /** a reveal showing a card the side already revealed is recorded as a clash (v1: refused). */
  clashLeavesNoCard: boolean;
  /** Cards are written as one code everywhere ('7S', '10H', 'KC', 'JOKER-RED'); v1 records { rank, suit }. */
  cardsAsCodes: boolean;
  /** TurnEnded's data: v1 { turn, nextTurn, activeSide }; v2 { endedTurn, endedSide, turn, activeSide }. */
  turnEndedShape: 'next-turn' | 'ended-and-next';
  /**
   * AA-12: a ranged attack is refused when its attacker or its target is in base contact with
   * an enemy, whenever that contact began; a unit whose flee stood is in contact with nobody but its
   * catchers. Earlier versions asked whether the unit was in a close combat of the turn still marked in
   * contact, which a flee out of a later pair left standing and a contact begun this turn never set.
   */
  rangedAttackRefusedInBaseContact: boolean;
}

export const EDITION_1: Edition = {
  version: '1.0.0',
  sealingClosesAtFirstActivation: false,
  reactingUnitMayBeEngagedAgain: false,
  pursuitOfferedToEveryContact: false,
  rangedAttackIsActivation: false,
  clashLeavesNoCard: false,
  cardsAsCodes: false,
  turnEndedShape: 'next-turn',
  rangedAttackRefusedInBaseContact: false,
};

export const EDITION_2: Edition = {
  version: '2.0.0',
  sealingClosesAtFirstActivation: true,
  reactingUnitMayBeEngagedAgain: true,
  pursuitOfferedToEveryContact: true,
  rangedAttackIsActivation: true,
  clashLeavesNoCard: true,
  cardsAsCodes: true,
  turnEndedShape: 'ended-and-next',
  rangedAttackRefusedInBaseContact: false,
};

export const EDITION_2_1: Edition = {
  ...EDITION_2,
  version: '2.1.0',
  rangedAttackRefusedInBaseContact: true,
};

/** Oldest first. */
export const EDITIONS: readonly Edition[] = [EDITION_1, EDITION_2, EDITION_2_1];

export function editionFor(version: string): Edition {
  const edition = EDITIONS.find((e) => e.version === version);
  if (!edition) throw new Error(`atomic-africa has no version ${version}`);
  return edition;
}

/** The edition a match is decided under; before MatchCreated nothing but CreateMatch is decided. */
export function editionOf(state: Pick<AtomicAfricaState, 'match'>): Edition {
  return state.match ? editionFor(state.match.ruleset.version) : EDITION_1;
}
