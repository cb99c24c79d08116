import { isDouble, sum, type DiceSource, type Side } from '../common/index.js';
import type { DegreeOfFailureRow, FailureOutcome, HandToHandParameters } from './parameters.js';
import type { MoraleTested } from './events.js';
import type { MatchState, UnitState } from './state.js';
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
  // HH-8 subtracts the impact, HH-18 the shooting penalty; Q-13: the rally test is against base morale.
  const effectiveMorale = unit.baseMorale - (impact ?? 0) - (penalty ?? 0);
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
