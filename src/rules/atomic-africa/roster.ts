import {
  type AwaitedInput,
  type MatchProgress,
  rosterRows,
  type RosterRow,
  routesOf,
} from '../common/index.js';
import { DECLARED_COMMANDS } from './declared-commands.js';
import { type AwaitedStep, progress as closeCombatProgress } from './close-combat.js';
import type { AtomicAfricaCommand } from './commands.js';
import { sealingClosed } from './decide-orders.js';
import { editionOf } from './edition.js';
import { entry, type AtomicAfricaState } from './state.js';
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

/** The route segment of each command: POST /matches/{id}/{segment}, from the declared commands. */
export const ROUTES: Readonly<Partial<Record<AtomicAfricaCommand['type'], string>>> = routesOf(
  DECLARED_COMMANDS,
  { EndTurn: 'end-turn' },
);

/** Each awaited step: the command that answers it, and the rule that asks for it. */
const STEPS: Record<AwaitedStep['step'], { command: AtomicAfricaCommand['type']; ruleId: string }> = {
  declare: { command: 'DeclareIntent', ruleId: 'AA-4' },
  reveal: { command: 'RevealOrder', ruleId: 'AA-5' },
  pursue: { command: 'Pursue', ruleId: 'AA-9' },
  'break-off': { command: 'ReportBreakOff', ruleId: 'AA-8' },
  attack: { command: 'ResolveCloseCombat', ruleId: 'AA-11' },
};

/**
 * What the close combat being resolved waits for. Version 2 also lists, while sealing is open (the
 * `orders` phase), each unit still without a sealed card (Q-21: after the first activation it has
 * none this turn). Otherwise the side to play may do anything. Never derived from a sealed card (AA-2).
 */
export function awaiting(state: AtomicAfricaState): AwaitedInput[] {
  const next = closeCombatProgress(state);
  if (next.kind === 'awaiting' && state.activation !== null) {
    // Every step of an activation belongs to its close combat, a pursuit by another enemy in contact too
    // named by its pair of units, side A's first, as the state's closeCombats name it (AA-3).
    const { activating, reacting } = state.activation;
    const unitIds: [string, string] =
      activating.side === 'A' ? [activating.unitId, reacting.unitId] : [reacting.unitId, activating.unitId];
    return next.steps.map(({ step, side, unitId }) => ({
      ...STEPS[step],
      side,
      unitId,
      combat: { kind: 'close-combat', unitIds: [...unitIds] },
    }));
  }
  if (phaseOf(state) !== 'orders') return [];
  return Object.values(state.units)
    .filter((unit) => !entry(state.orders, unit.unitId))
    .map((unit) => ({ command: 'SealOrder', side: unit.side, unitId: unit.unitId, ruleId: 'Q-21' }));
}

/**
 * Version 1's phases: `setup` before the match exists, `close-combat` while an activation is open,
 * `play` otherwise. Version 2's: `setup`; `orders` while both sides may still seal this turn's cards
 * `activations` once the turn's first activation has closed sealing; `close-combat` while an
 * activation of a close combat is open (declarations, reveals, pursuits, break-offs, attacks).
 */
function phaseOf(state: AtomicAfricaState): string {
  if (state.match === null) return 'setup';
  if (state.activation !== null) return 'close-combat';
  if (!editionOf(state).sealingClosesAtFirstActivation) return 'play';
  return sealingClosed(state) ? 'activations' : 'orders';
}

export function progress(state: AtomicAfricaState): MatchProgress {
  if (state.match === null) return { turn: 0, activeSide: 'A', phase: 'setup' };
  return { turn: state.turn, activeSide: state.activeSide, phase: phaseOf(state) };
}
