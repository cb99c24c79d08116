import type { MatchState } from './state.js';

/**
 * One code base decides every version of hand-to-hand: what differs between versions is a named flag
 * of its edition, never a copy of the rules. A match keeps the version it was created under (its
 * MatchCreated records it, and so does the state folded from it), so the same code decides an old log
 * exactly as it did when it was recorded.
 */
export interface HandToHandEdition {
  version: string;
  /**
   * the melee phase declares all its attacks before it resolves any; the first impact roll closes
   * the declarations and HH-9 surrender is judged then, once. Off (1.0.0): one charge at a time, each
   * resolved wholly before the next is declared, surrender judged as each charge makes contact.
   */
  declareBeforeResolve: boolean;
  /**
   * HH-7 / HH-11 / HH-17: a repeated impact after a stuck Reform counts the victorious +1 again. Off
   * (1.0.0): the defender's failed test made the attacker victorious for its next turn, which replaced
   * the victory it was attacking with, and the repeat lost the +1.
   */
  repeatedImpactCountsVictorious: boolean;
  /** a unit that rallies (HH-13) makes no attack that turn, neither a charge nor fighting back. */
  rallyBarsAttack: boolean;
  /** a unit that withdrew from contact in its movement (HH-15) does not charge that turn. */
  noChargeAfterWithdrawal: boolean;
  /**
   * while the declarations are open the command that would close them is always awaited. When
   * the surrender leaves no attack to strike, it is the impact roll of the first declared attack in
   * contact, which records the surrender and the attacks that end and rolls no die. Off (2.0.0): nothing
   * was awaited then, the impact roll was refused, and only ending the turn recorded the surrender.
   */
  closingCommandAwaited: boolean;
  /**
   * on a surrender (HH-9) each attacker whose attack on the defender made contact that phase is
   * victorious (HH-17). Off (1.0.0, 2.0.0): a surrender made nobody victorious.
   */
  surrenderMakesVictorious: boolean;
}

// Q-20 (two pending bonuses in one enemy turn: the larger stands) is no flag: version 1.0.0 already
// kept the larger, so every version shares it. Nor are Q-28 (an attack by a unit already in contact is
// no charge: no willpower test, no charge +1, HH-10) and Q-30 (a shooting test's restriction falls in the
// owner's next player turn, C-4): every version has decided them so.

export const EDITION_1: HandToHandEdition = {
  version: '1.0.0',
  declareBeforeResolve: false,
  repeatedImpactCountsVictorious: false,
  rallyBarsAttack: false,
  noChargeAfterWithdrawal: false,
  closingCommandAwaited: false,
  surrenderMakesVictorious: false,
};

export const EDITION_2: HandToHandEdition = {
  version: '2.0.0',
  declareBeforeResolve: true,
  repeatedImpactCountsVictorious: true,
  rallyBarsAttack: true,
  noChargeAfterWithdrawal: true,
  closingCommandAwaited: false,
  surrenderMakesVictorious: false,
};

export const EDITION_2_1: HandToHandEdition = {
  version: '2.1.0',
  declareBeforeResolve: true,
  repeatedImpactCountsVictorious: true,
  rallyBarsAttack: true,
  noChargeAfterWithdrawal: true,
  closingCommandAwaited: true,
  surrenderMakesVictorious: true,
};

/** Oldest first. */
export const EDITIONS: readonly HandToHandEdition[] = [EDITION_1, EDITION_2, EDITION_2_1];

/** The edition of a version, if one has it. */
export function editionFor(version: string): HandToHandEdition | undefined {
  return EDITIONS.find((candidate) => candidate.version === version);
}

/**
 * The edition the match was created under: decide and evolve read their flags from here. The registry
 * hands a log only to the ruleset of the version it records, so a version no edition has is a state
 * made by hand (a test's); it is read as the first edition, the rules such states were written for.
 */
export function editionOf(state: MatchState): HandToHandEdition {
  return editionFor(state.ruleset.version) ?? EDITION_1;
}
