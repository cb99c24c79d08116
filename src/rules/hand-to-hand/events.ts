import type { DiceOrigin, DiceRoll, DomainEvent, RulesetRef, Side } from '../common/index.js';
import type { FailureOutcome, HandToHandParameters } from './parameters.js';
import type {
  Aspect,
  ChargeKind,
  GiveGroundCause,
  ImpactBonus,
  RemovalReason,
  RestrictionKind,
  Slope,
  TestCause,
} from './vocabulary.js';

/**
 * Every event carries the facts (dice, reported geometry) and what the rules derived from them, so a
 * reader of the log needs no rules code to see what happened, and replay needs nothing else (C-3).
 * Absent values are null, never undefined, so that JSON round trips are exact.
 */

export type MatchCreated = DomainEvent<
  'MatchCreated',
  {
    matchId: string;
    sides: { A: string; B: string };
    diceMode: DiceOrigin;
    diceCommitment: string | null;
    parameters: HandToHandParameters;
    ruleset: RulesetRef;
    turn: number;
    activeSide: Side;
  }
>;

export type UnitRegistered = DomainEvent<
  'UnitRegistered',
  { unitId: string; name: string; side: Side; morale: number; move: number }
>;

export type ChargeDeclared = DomainEvent<
  'ChargeDeclared',
  {
    chargeId: string;
    attackerId: string;
    defenderId: string;
    aspect: Aspect;
    slope: Slope;
    kind: ChargeKind;
    turn: number;
  }
>;

/** HH-5 */
export type WillpowerTested = DomainEvent<
  'WillpowerTested',
  {
    chargeId: string;
    unitId: string;
    roll: DiceRoll;
    morale: number;
    total: number;
    passed: boolean;
    /** True when only the doubles rule made it pass. */
    autoPassedOnDouble: boolean;
  }
>;

/** no contact, no impact, the unit stays where it was. */
export type ChargeFaltered = DomainEvent<
  'ChargeFaltered',
  { chargeId: string; attackerId: string; defenderId: string }
>;

/** HH-4. For a fight-back (HH-10) it confirms the standing contact as this phase's attack. */
export type ContactMade = DomainEvent<
  'ContactMade',
  { chargeId: string; attackerId: string; defenderId: string; aspect: Aspect; turn: number }
>;

/**
 * Q-17 (2.0.0): an attack whose defender left contact (gave ground, was removed, surrendered) before
 * the attack's turn to resolve ends without an impact; its unit has still made its attack this phase.
 */
export type AttackEndedWithoutImpact = DomainEvent<
  'AttackEndedWithoutImpact',
  {
    chargeId: string;
    attackerId: string;
    defenderId: string;
    reason: 'defender-surrendered' | 'defender-removed' | 'defender-left-contact';
  }
>;

/**
 * HH-9: the aspects on which the defender was in contact when it gave up. From 2.0.0 it is judged
 * once, at the first impact roll, and chargeId is the first declared attack on the defender.
 */
export type DefenderSurrendered = DomainEvent<
  'DefenderSurrendered',
  { chargeId: string; unitId: string; contactAspects: Aspect[] }
>;

export interface ImpactModifier {
  name:
    | 'charge'
    | 'flank'
    | 'rear'
    | 'uphill'
    | 'downhill'
    | 'victorious'
    | 'reform bonus'
    | 'retreat bonus'
    | 'repeated impact';
  value: number;
  ruleId: string;
}

/** HH-7 */
export type ImpactRolled = DomainEvent<
  'ImpactRolled',
  {
    chargeId: string;
    attackerId: string;
    defenderId: string;
    roll: DiceRoll;
    die: number;
    modifiers: ImpactModifier[];
    /** die + modifiers, before the Q-5 floor */
    total: number;
    /** max(0, total) */
    impact: number;
    /** HH-11 / Q-12: a repeated impact after a stuck reform */
    repeat: boolean;
  }
>;

/** HH-2, HH-3, HH-8, HH-13, HH-18 */
export type MoraleTested = DomainEvent<
  'MoraleTested',
  {
    unitId: string;
    chargeId: string | null;
    cause: TestCause;
    roll: DiceRoll;
    baseMorale: number;
    /** melee: the impact subtracted (HH-8) */
    impact: number | null;
    /** shooting: the penalty subtracted (HH-18) */
    penalty: number | null;
    effectiveMorale: number;
    total: number;
    passed: boolean;
    /** True when only the doubles rule made it pass. */
    autoPassedOnDouble: boolean;
    /** total − effective morale (HH-2) */
    margin: number;
    outcome: 'passed' | FailureOutcome;
  }
>;

/** HH-17 / Q-6: the +1 applies in turn inTurn only (the attacker owner's next player turn). */
export type AttackerVictorious = DomainEvent<
  'AttackerVictorious',
  { chargeId: string; unitId: string; inTurn: number }
>;

export interface RestrictionEntry {
  restriction: RestrictionKind;
  inTurn: number;
  ruleId: string;
}

/** HH-11 to HH-13, HH-15: how the unit gave ground, as reported, and what follows from it. */
export type GroundGiven = DomainEvent<
  'GroundGiven',
  {
    unitId: string;
    chargeId: string | null;
    cause: GiveGroundCause;
    outcome: 'reform' | 'retreat' | 'break';
    couldMove: boolean;
    leftTable: boolean;
    /** Moving breaks contact with these units. */
    brokeContactWith: string[];
    disordered: boolean;
    broken: boolean;
    /** Restrictions this placed on the unit, each for one player turn (C-4). */
    restrictions: RestrictionEntry[];
    /** The bonus this leaves for enemies attacking the unit (HH-11 / HH-12), or null if none. */
    impactBonusAgainst: ImpactBonus | null;
  }
>;

/** HH-11 / Q-7: a melee reform that could not move; count is the run so far within this melee. */
export type ReformStuck = DomainEvent<
  'ReformStuck',
  { unitId: string; chargeId: string; count: number; surrenders: boolean }
>;

/** HH-13: passed its follow-up test: reformed, neither moves nor fires this turn. */
export type UnitRallied = DomainEvent<'UnitRallied', { unitId: string; restrictions: RestrictionEntry[] }>;

/** HH-15 */
export type UnitWithdrew = DomainEvent<
  'UnitWithdrew',
  {
    unitId: string;
    leftTable: boolean;
    brokeContactWith: string[];
    /** Q-19 (2.0.0): no charge in this turn's melee phase. Absent from 1.0.0 events. */
    restrictions?: RestrictionEntry[];
  }
>;

export type UnitRemoved = DomainEvent<
  'UnitRemoved',
  { unitId: string; reason: RemovalReason; ruleId: string }
>;

/** C-4 */
export type TurnEnded = DomainEvent<
  'TurnEnded',
  { endedTurn: number; endedSide: Side; turn: number; activeSide: Side }
>;

/** HH-13: a broken unit's follow-up test is due at the start of its owner's turn. */
export type RallyTestRequired = DomainEvent<
  'RallyTestRequired',
  { unitId: string; side: Side; turn: number }
>;

export type HandToHandEvent =
  | MatchCreated
  | UnitRegistered
  | ChargeDeclared
  | WillpowerTested
  | ChargeFaltered
  | ContactMade
  | DefenderSurrendered
  | AttackEndedWithoutImpact
  | ImpactRolled
  | MoraleTested
  | AttackerVictorious
  | GroundGiven
  | ReformStuck
  | UnitRallied
  | UnitWithdrew
  | UnitRemoved
  | TurnEnded
  | RallyTestRequired;
