import { isDouble, sum, type DiceSource, type Side } from '../common/index.js';
import type { DegreeOfFailureRow, FailureOutcome, HandToHandParameters } from './parameters.js';
import type { MoraleTested } from './events.js';
import { findCharge, type MatchState, type UnitState } from './state.js';
import type { TestCause } from './vocabulary.js';

export interface TwoDiceJudgement {
  total: number;
  passed: boolean;
  autoPassedOnDouble: boolean;
}

/** HH-2 (and HH-5, which uses the same test): pass at or under the target; a double may pass regardless. */
export function judgeTwoDice(
  faces: readonly number[],
  target: number,
  doublesAutoPass: boolean,
): TwoDiceJudgement {
  const total = sum(faces);
  const underTarget = total <= target;
  const autoPassedOnDouble = !underTarget && doublesAutoPass && isDouble(faces);
  return { total, passed: underTarget || autoPassedOnDouble, autoPassedOnDouble };
}

/** HH-3: the table is data; resolveParameters guarantees it covers every margin from 1 upwards. */
export function degreeOfFailure(margin: number, table: readonly DegreeOfFailureRow[]): FailureOutcome {
  const row = table.find((r) => margin >= r.fromMargin && (r.toMargin === null || margin <= r.toMargin));
  if (row === undefined) throw new Error(`the degree-of-failure table has no row for margin ${margin}`);
  return row.outcome;
}

/**
 * The total a morale test passes at or under. HH-8 subtracts the impact, HH-18 the shooting penalty;
 * the rally test is against base morale. The test's template states it before the roll from
 * this same function, so what the player is told and what is decided cannot differ.
 */
export function effectiveMoraleOf(
  unit: Pick<UnitState, 'baseMorale'>,
  impact: number | null,
  penalty: number | null,
): number {
  return unit.baseMorale - (impact ?? 0) - (penalty ?? 0);
}

/** HH-8: the impact a melee morale test is taken against, the last of the charge it belongs to. */
export function meleeImpactOf(state: MatchState, chargeId: string): number | null {
  return findCharge(state, chargeId)?.lastImpact ?? null;
}

/**
 * HH-2 / Q-1: what a 2D6 test against `target` needs, in a player's words: "passes on 5 or less
 * (2 dice), or on any double". Two dice total 2 to 12, so a target under 2 passes only on a double
 * (when doubles pass) and one of 12 or more passes on any roll.
 */
export function passesOnWords(target: number, doublesAutoPass: boolean): string {
  if (target >= 12) return 'passes on any roll (2 dice)';
  if (target < 2) return doublesAutoPass ? 'passes only on a double (2 dice)' : 'cannot pass (2 dice)';
  return `passes on ${target} or less (2 dice)${doublesAutoPass ? ', or on any double' : ''}`;
}

export interface MoraleTestInput {
  unit: UnitState;
  cause: TestCause;
  chargeId: string | null;
  impact: number | null;
  penalty: number | null;
}

/** HH-2 / HH-3: rolls 2D6 for the tested unit's side and records everything the outcome depends on. */
export function rollMoraleTest(
  state: MatchState,
  { unit, cause, chargeId, impact, penalty }: MoraleTestInput,
  dice: DiceSource,
): MoraleTested {
  const parameters: HandToHandParameters = state.parameters;
  const effectiveMorale = effectiveMoraleOf(unit, impact, penalty);
  const side: Side = unit.side;
  const roll = dice.roll({ purpose: cause === 'rally' ? 'rally test' : 'morale test', count: 2, side });
  // the doubles rule applies to every morale test, the rally test included.
  const judged = judgeTwoDice(roll.faces, effectiveMorale, parameters.options.doublesAutoPass);
  const margin = judged.total - effectiveMorale;
  return {
    type: 'MoraleTested',
    data: {
      unitId: unit.unitId,
      chargeId,
      cause,
      roll,
      baseMorale: unit.baseMorale,
      impact,
      penalty,
      effectiveMorale,
      total: judged.total,
      passed: judged.passed,
      autoPassedOnDouble: judged.autoPassedOnDouble,
      margin,
      outcome: judged.passed ? 'passed' : degreeOfFailure(margin, parameters.degreeOfFailure),
    },
  };
}
