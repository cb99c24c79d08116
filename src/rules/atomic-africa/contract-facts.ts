import type { DiceNeeded, TemplateChoice } from '../common/play-contract.js';
import { entry, type AtomicAfricaState } from './state.js';
import type { Unit } from './units.js';

/** The facts of the match a template is built from; only ever asked of a match that exists. */

export function unitOf(state: AtomicAfricaState, unitId: string | undefined): Unit {
  const unit = unitId === undefined ? undefined : entry(state.units, unitId);
  if (!unit) throw new Error(`no unit ${String(unitId)} to build a template for`);
  return unit;
}

/**
 * AA-11: the dice of an attack, one D6 per point of firepower, multiplied by Mass Fire; none at all for
 * firepower 0 (nothing is rolled). Table dice go in the body's `dice`; server dice are the service's.
 */
export function diceFor(
  state: AtomicAfricaState,
  unit: Unit,
  massFire: boolean,
  purpose: string,
  ruleId: string,
): DiceNeeded | undefined {
  const match = state.match;
  if (!match) throw new Error('no match to roll in');
  const count = unit.firepower * (massFire ? match.parameters.rangedAttack.massFireDiceMultiplier : 1);
  if (count === 0) return undefined;
  // Each die hits or misses on its own: no total of the faces means anything (AA-11).
  return match.diceMode === 'table'
    ? { source: 'table', count, sides: 6, purpose, ruleId, path: 'dice', read: 'each' }
    : { source: 'server', count, sides: 6, purpose, ruleId, read: 'each' };
}

/**
 * AA-10, AA-11: a range in whole inches. A ranged attack is offered up to the last range band (beyond
 * it there is no attack, refused); a break-off's range may lie beyond, where the attack is forgone.
 */
export function rangeChoice(
  state: AtomicAfricaState,
  label: string,
  reach: 'within-bands' | 'beyond',
): TemplateChoice {
  const bands = state.match?.parameters.rangedAttack.rangeBands ?? [];
  const last = bands.at(-1)?.upTo ?? 0;
  return {
    kind: 'integer',
    path: 'rangeInches',
    label,
    min: 0,
    max: reach === 'beyond' ? Math.max(1, Math.ceil(last * 2)) : Math.floor(last),
  };
}
