import {
  type AwaitedInput,
  type MatchProgress,
  rosterRows,
  type RosterRow,
  routesOf,
} from '../common/index.js';
import { DECLARED_COMMANDS } from './declared-commands.js';
import type { HandToHandCommand } from './commands.js';
import { editionOf } from './edition.js';
import { declarationsClosed, type AwaitedStep, type HandToHandState, type MatchState } from './state.js';
import { plainCopy } from '../common/plain-copy.js';

/**
 * The units with their morale, move and flags, as every viewer sees them: a copy of the units and the
 * sides' names only (the rest of the state says nothing of a unit), so that no row reaches into the
 * folded state.
 */
export function roster(state: HandToHandState): RosterRow[] {
  // A match not yet created has no units.
  if (!('units' in state)) return [];
  // The copy is read as the roster's units: UnitState's fields are its facts.
  const units = plainCopy(state.units) as unknown as Parameters<typeof rosterRows>[0]['units'];
  return rosterRows({ sides: state.sides, units });
}

/** The route segment of each command: POST /matches/{id}/{segment}, from the declared commands. */
export const ROUTES: Readonly<Partial<Record<HandToHandCommand['type'], string>>> = routesOf(
  DECLARED_COMMANDS,
  { EndTurn: 'end-turn' },
);

/** The command that answers each awaited step (a rally test is a morale test, HH-13). */
const ANSWERED_BY: Record<AwaitedStep['step'], HandToHandCommand['type']> = {
  'impact-roll': 'RollImpact',
  'morale-test': 'TakeMoraleTest',
  'give-ground-report': 'ReportGiveGround',
  'rally-test': 'TakeMoraleTest',
};

/**
 * HH-9: one step resolves at a time, in order. From 2.0.0, while the declarations are open, the
 * awaited step is the impact roll that would close them (rule Q-17): the side to play may declare more
 * attacks first. Empty: the side to play may do anything (move, shoot, declare, end its turn).
 */
export function awaiting(state: HandToHandState): AwaitedInput[] {
  // A match not yet created has no units.
  if (!('units' in state)) return [];
  return state.awaiting.map(({ step, side, unitId, ruleId, chargeId }) => ({
    command: ANSWERED_BY[step],
    side,
    unitId,
    ruleId,
    // The impact roll, the melee test (HH-8) and the give-ground after it (HH-11 to HH-13) belong to a
    // charge; a rally test, and giving ground after shooting (HH-18), to none.
    ...(typeof chargeId === 'string' ? { combat: { kind: 'charge' as const, chargeId } } : {}),
  }));
}

/**
 * Phases, 1.0.0: `setup` before the match exists, `melee` while this melee phase has charges or a step
 * is awaited (HH-4, HH-9), `play` otherwise (movement and shooting happen on the table, not here).
 */
function progressV1(state: MatchState): MatchProgress {
  const melee = state.charges.length > 0 || state.awaiting.length > 0;
  return { turn: state.turn, activeSide: state.activeSide, phase: melee ? 'melee' : 'play' };
}

/**
 * Phases from 2.0.0: `setup` before the match exists; `play` until the turn's first attack is
 * declared (movement, shooting tests, rally tests, withdrawals); `melee-declaring` from the first
 * declaration until the first impact roll (more attacks may be declared); `melee-resolving` from then
 * until the turn ends (impacts, tests and give-ground reports in declared order, then only EndTurn).
 */
function progressV2(state: MatchState): MatchProgress {
  const phase =
    state.charges.length === 0 ? 'play' : declarationsClosed(state) ? 'melee-resolving' : 'melee-declaring';
  return { turn: state.turn, activeSide: state.activeSide, phase };
}

export function progress(state: HandToHandState): MatchProgress {
  if (!state.created) return { turn: 0, activeSide: 'A', phase: 'setup' };
  return editionOf(state).declareBeforeResolve ? progressV2(state) : progressV1(state);
}
