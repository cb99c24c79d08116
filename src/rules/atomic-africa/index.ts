import type { Ruleset } from '../ruleset.js';
import { actingSide } from './acting-side.js';
import type { AtomicAfricaCommand } from './commands.js';
import { COMMAND_TYPES, decide } from './decide.js';
import { RULESET_ID, RULESET_VERSION } from './decide-match.js';
import type { AtomicAfricaEvent } from './events.js';
import { evolve } from './evolve.js';
import { describe, EVENT_TYPES, logContextAfter } from './describe.js';
import { defaultParameters, type AtomicAfricaParameters } from './parameters.js';
import { initialState, type AtomicAfricaState } from './state.js';
import { awaiting, progress, roster, ROUTES } from './roster.js';
import { ruleIdOf } from './rule-ids.js';
import { checkReveal } from './reveal-check.js';
import { prepare } from './sealed-orders.js';
import { viewEvent, viewState } from './views.js';

/** The atomic-africa close-combat ruleset (RULES.md AA-*, seeds/000_a2ed206f04c2ac00.txt). */
export const atomicAfrica: Ruleset<
  AtomicAfricaState,
  AtomicAfricaCommand,
  AtomicAfricaEvent,
  AtomicAfricaParameters
> = {
  id: RULESET_ID,
  version: RULESET_VERSION,
  defaultParameters,
  commandTypes: COMMAND_TYPES,
  routes: ROUTES,
  eventTypes: EVENT_TYPES,
  decider: { initialState, decide, evolve },
  actingSide,
  prepare,
  viewState,
  viewEvent,
  describe,
  logContextAfter,
  ruleIdOf,
  roster,
  awaiting,
  progress,
  checkReveal,
};

/** Every version of the ruleset, oldest first: the registry lists them all (logs verify forever). */
export const ATOMIC_AFRICA_VERSIONS: readonly Ruleset<
  AtomicAfricaState,
  AtomicAfricaCommand,
  AtomicAfricaEvent,
  AtomicAfricaParameters
>[] = [atomicAfrica];

export * from './attack.js';
export * from './cards.js';
export * from './close-combat.js';
export * from './commands.js';
export * from './commitment.js';
export * from './events.js';
export * from './parameters.js';
export * from './special-actions.js';
export * from './state.js';
export * from './units.js';
export type { AtomicAfricaStateView, ActivationView, OrderView } from './views.js';
export { RULESET_ID, RULESET_VERSION } from './decide-match.js';
export { COMMAND_TYPES } from './decide.js';
