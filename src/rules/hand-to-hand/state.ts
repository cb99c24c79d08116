import { violation, type DiceOrigin, type RulesetRef, type Side } from '../common/index.js';
import type { HandToHandParameters } from './parameters.js';
import { hasOwn } from './input.js';
import type { GiveGroundCause, ImpactBonus, RemovalReason, TurnRestriction } from './vocabulary.js';
import { REMOVAL_RULES, REMOVAL_WORDS, type Aspect, type ChargeKind, type Slope } from './vocabulary.js';

/** A standing base-to-base contact, seen from one unit: which of ITS sides the enemy touches. */
export interface Contact {
  unitId: string;
  aspect: Aspect;
  /** The player turn of the attack that made (or, for a fight-back, renewed) it: HH-9 counts this phase's. */
  sinceTurn: number;
}

export interface UnitState {
  unitId: string;
  name: string;
  side: Side;
  baseMorale: number;
  move: number;
  status: 'active' | 'removed';
  removedBecause: RemovalReason | null;
  disordered: boolean;
  broken: boolean;
  /** C-4: each restriction names the one player turn it applies in, and expires after it. */
  cannotAttack: TurnRestriction | null;
  cannotAdvance: TurnRestriction | null;
  cannotFire: TurnRestriction | null;
  cannotMove: TurnRestriction | null;
  /** HH-11 / HH-12: added to the impact of any enemy attacking this unit in turn inTurn. */
  impactBonusAgainst: ImpactBonus | null;
  /** HH-17: the player turn in which this unit's impacts get the victorious bonus. */
  victoriousInTurn: number | null;
  /** HH-11 / Q-7: stuck reforms in a row within the current melee. */
  stuckReformCount: number;
  contacts: Contact[];
}

/**
 * An attack of the current melee phase (a charge, or a fight-back, HH-10), in declared order. Version
 * 1.0.0 resolves each wholly before the next is declared; from 2.0.0 all are declared first.
 */
export interface ChargeState {
  chargeId: string;
  attackerId: string;
  defenderId: string;
  aspect: Aspect;
  slope: Slope;
  kind: ChargeKind;
  /**
   * 'contact': made contact, its impact still to come. From 2.0.0 an attack goes on to 'struck'
   * at its first impact roll, or to 'ended' when its defender left contact before its turn.
   */
  status: 'declared' | 'faltered' | 'contact' | 'struck' | 'ended';
  /** HH-8: the last impact rolled in this charge, which the defender's test subtracts. */
  lastImpact: number | null;
  /**
   * HH-17, from 2.0.0 only: the attacker was victorious in this turn when it declared the attack, so
   * every impact of the attack counts the +1, a repeat too (absent from 1.0.0 states).
   */
  victorious?: boolean;
}

/** What the match waits for before anything else may happen. `side` is the side that must act. */
export type AwaitedStep =
  /** while the declarations are open, the impact roll that would close them. */
  | { step: 'impact-roll'; unitId: string; chargeId: string; side: Side; ruleId: 'HH-7' | 'Q-17' }
  | { step: 'morale-test'; unitId: string; chargeId: string; side: Side; ruleId: 'HH-8' }
  | {
      step: 'give-ground-report';
      unitId: string;
      chargeId: string | null;
      side: Side;
      ruleId: 'HH-11' | 'HH-12' | 'HH-13';
      cause: GiveGroundCause;
      outcome: 'reform' | 'retreat' | 'break';
    }
  | { step: 'rally-test'; unitId: string; chargeId: null; side: Side; ruleId: 'HH-13' };

export interface MatchState {
  created: true;
  matchId: string;
  ruleset: RulesetRef;
  parameters: HandToHandParameters;
  sides: { A: string; B: string };
  diceMode: DiceOrigin;
  diceCommitment: string | null;
  /** C-4: counts player turns: 1 = A, 2 = B, 3 = A … */
  turn: number;
  activeSide: Side;
  units: Record<string, UnitState>;
  /** The charges of the current melee phase, in declared order. */
  charges: ChargeState[];
  awaiting: AwaitedStep[];
}

export type HandToHandState = { created: false } | MatchState;

export function initialState(): HandToHandState {
  return { created: false };
}

export function requireMatch(state: HandToHandState): MatchState {
  if (!state.created) violation('C-4', 'the match has not been created');
  return state;
}

export function findUnit(state: MatchState, unitId: string): UnitState | undefined {
  return hasOwn(state.units, unitId) ? state.units[unitId] : undefined;
}

/** A unit as a message to the players names it: by its registered name (by its id if it has none). */
export function nameOf(state: MatchState, unitId: string): string {
  return findUnit(state, unitId)?.name ?? `unit ${unitId}`;
}

export function requireUnit(state: MatchState, unitId: string, field = 'unitId'): UnitState {
  const unit = findUnit(state, unitId);
  if (unit === undefined) violation('C-6', `${field}: no unit ${unitId} is registered in this match`);
  return unit;
}

/** Refuses a unit that has left play, under the rule that removed it (`HH-9: Rifles has already surrendered`). */
export function requireActiveUnit(state: MatchState, unitId: string, field = 'unitId'): UnitState {
  const unit = requireUnit(state, unitId, field);
  if (unit.status === 'removed') {
    const reason = unit.removedBecause ?? 'rout';
    violation(REMOVAL_RULES[reason], `${unit.name} ${REMOVAL_WORDS[reason]}`);
  }
  return unit;
}

/** the declarations close at the first impact roll (or the first attack that ends without one). */
export function declarationsClosed(state: MatchState): boolean {
  return state.charges.some((charge) => charge.status === 'struck' || charge.status === 'ended');
}

/** the attacks in contact whose impact is still to come, in declared order. */
export function attacksToResolve(state: MatchState): ChargeState[] {
  return state.charges.filter((charge) => charge.status === 'contact');
}

export function findCharge(state: MatchState, chargeId: string): ChargeState | undefined {
  return state.charges.find((charge) => charge.chargeId === chargeId);
}

/** C-4: the unit owner's next player turn, counted from the current one. */
export function nextTurnOf(state: MatchState, side: Side): number {
  return side === state.activeSide ? state.turn + 2 : state.turn + 1;
}

export function isRestricted(
  restriction: TurnRestriction | null,
  turn: number,
): restriction is TurnRestriction {
  return restriction !== null && restriction.inTurn === turn;
}
