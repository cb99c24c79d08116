import { type AwaitedInput, rosterRows, type RosterRow } from '../common/index.js';
import { type AwaitedStep, progress } from './close-combat.js';
import type { AtomicAfricaState } from './state.js';
import { viewState } from './views.js';

/** The units with their type, movement and firepower, and whom they are in contact with (AA-3). */
export function roster(state: AtomicAfricaState): RosterRow[] {
  const view = viewState(state, {});
  return rosterRows(view as unknown as Parameters<typeof rosterRows>[0], (unitId) => ({
    inContactWith: view.contacts
      .filter((pair) => pair.includes(unitId))
      .map((pair) => (pair[0] === unitId ? pair[1] : pair[0])),
    inCloseCombat: view.closeCombats.some((c) => c.inContact && !c.resolved && c.unitIds.includes(unitId)),
  }));
}

const STEP_RULES: Record<AwaitedStep['step'], string> = {
  declare: 'AA-4',
  reveal: 'AA-5',
  pursue: 'AA-9',
  'break-off': 'AA-8',
  attack: 'AA-11',
};

/** What the close combat being resolved waits for; outside one, the side to play may do anything. */
export function awaiting(state: AtomicAfricaState): AwaitedInput[] {
  const next = progress(state);
  if (next.kind !== 'awaiting') return [];
  return next.steps.map(({ step, side, unitId }) => ({ step, side, unitId, ruleId: STEP_RULES[step] }));
}
