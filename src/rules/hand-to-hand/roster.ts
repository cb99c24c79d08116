import { type AwaitedInput, type MatchProgress, rosterRows, type RosterRow } from '../common/index.js';
import type { HandToHandCommand } from './commands.js';
import type { AwaitedStep, HandToHandState } from './state.js';
import { viewState } from './view.js';

/** The units with their morale, move and flags, as every viewer sees them. */
export function roster(state: HandToHandState): RosterRow[] {
  return rosterRows(viewState(state) as Parameters<typeof rosterRows>[0]);
}

/** The route segment of each command: POST /matches/{id}/{segment}. */
export const ROUTES: Readonly<Partial<Record<HandToHandCommand['type'], string>>> = {
  RegisterUnit: 'units',
  Charge: 'charges',
  RollImpact: 'impact-rolls',
  TakeMoraleTest: 'morale-tests',
  ReportGiveGround: 'give-ground-reports',
  Withdraw: 'withdrawals',
  EndTurn: 'end-turn',
};

/** The command that answers each awaited step (a rally test is a morale test, HH-13). */
const ANSWERED_BY: Record<AwaitedStep['step'], HandToHandCommand['type']> = {
  'impact-roll': 'RollImpact',
  'morale-test': 'TakeMoraleTest',
  'give-ground-report': 'ReportGiveGround',
  'rally-test': 'TakeMoraleTest',
};

/** HH-9: one step resolves at a time, in the order the state keeps them. */
export function awaiting(state: HandToHandState): AwaitedInput[] {
  if (!state.created) return [];
  return state.awaiting.map(({ step, side, unitId, ruleId }) => ({
    command: ANSWERED_BY[step],
    side,
    unitId,
    ruleId,
  }));
}

/**
 * Phases: `setup` before the match exists, `melee` while this melee phase has charges (HH-4, HH-9),
 * `play` otherwise (movement and shooting happen on the table, not here).
 */
export function progress(state: HandToHandState): MatchProgress {
  if (!state.created) return { turn: 0, activeSide: 'A', phase: 'setup' };
  const melee = state.charges.length > 0 || state.awaiting.length > 0;
  return { turn: state.turn, activeSide: state.activeSide, phase: melee ? 'melee' : 'play' };
}
