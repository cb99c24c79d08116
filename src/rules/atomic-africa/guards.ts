import { violation } from '../common/rule-violation.js';
import type { MatchInfo, AtomicAfricaState } from './state.js';
import { entry } from './state.js';
import type { Unit } from './units.js';
import type { Side } from '../common/sides.js';

/** C-4: before CreateMatch there is no match, and so no turn to act in. */
export function requireMatch(state: AtomicAfricaState): MatchInfo {
  return (
    state.match ??
    violation('C-4', 'the match has not been created yet (CreateMatch comes first)', 'conflict')
  );
}

/** A unit as a message to the players names it: by its registered name (by its id if it has none). */
export function nameOf(state: AtomicAfricaState, unitId: string): string {
  return entry(state.units, unitId)?.name ?? `unit ${unitId}`;
}

/** A side as a message to the players names it. */
export function sideNamed(state: AtomicAfricaState, side: Side): string {
  return state.match?.sides[side] ?? `side ${side}`;
}

/** AA-3: only registered units take part. A unit may still be registered later, hence a conflict. */
export function requireUnit(state: AtomicAfricaState, unitId: unknown, field: string): Unit {
  if (typeof unitId !== 'string') violation('AA-3', `${field} must be a unit id`, 'invalid');
  return (
    entry(state.units, unitId) ?? violation('AA-3', `${field}: no unit ${unitId} is registered`, 'conflict')
  );
}

/** AA-12: a unit is in close combat while it is in a pair of this turn that is still in contact. */
export function inCloseCombat(state: AtomicAfricaState, unitId: string): boolean {
  return state.closeCombats.some((cc) => cc.inContact && cc.unitIds.includes(unitId));
}

/** a unit is in base contact with an enemy, whether the contact began this turn or earlier. */
export function inBaseContact(state: AtomicAfricaState, unitId: string): boolean {
  return state.contacts.some((pair) => pair.includes(unitId));
}
