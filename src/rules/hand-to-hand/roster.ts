import { type AwaitedInput, rosterRows, type RosterRow } from '../common/index.js';
import type { HandToHandState } from './state.js';
import { viewState } from './view.js';

/** The units with their morale, move and flags, as every viewer sees them. */
export function roster(state: HandToHandState): RosterRow[] {
  return rosterRows(viewState(state) as Parameters<typeof rosterRows>[0]);
}

/** HH-9: one step resolves at a time, in the order the state keeps them. */
export function awaiting(state: HandToHandState): AwaitedInput[] {
  if (!state.created) return [];
  return state.awaiting.map(({ step, side, unitId, ruleId }) => ({ step, side, unitId, ruleId }));
}
