import type { Ruleset } from '../ruleset.js';
import { actingSide } from './acting-side.js';
import { COMMAND_TYPES, type HandToHandCommand } from './commands.js';
import { decide } from './decide.js';
import { describe, EVENT_TYPES, logContextAfter } from './describe.js';
import type { HandToHandEvent } from './events.js';
import { evolve } from './evolve.js';
import { HAND_TO_HAND_ID, HAND_TO_HAND_VERSION } from './match-setup.js';
import { DEFAULT_PARAMETERS, type HandToHandParameters } from './parameters.js';
import { initialState, type HandToHandState } from './state.js';
import { awaiting, progress, roster, ROUTES } from './roster.js';
import { ruleIdOf } from './rule-ids.js';
import { viewEvent, viewState } from './view.js';

export const handToHand: Ruleset<HandToHandState, HandToHandCommand, HandToHandEvent, HandToHandParameters> =
  {
    id: HAND_TO_HAND_ID,
    version: HAND_TO_HAND_VERSION,
    defaultParameters: DEFAULT_PARAMETERS,
    commandTypes: COMMAND_TYPES,
    routes: ROUTES,
    eventTypes: EVENT_TYPES,
    decider: { initialState, decide, evolve },
    actingSide,
    // No hidden information: nothing to seal, nothing a side sees that another does not.
    prepare: (_state, command) => command,
    viewState: (state) => viewState(state),
    viewEvent: (event) => viewEvent(event),
    describe,
    logContextAfter,
    ruleIdOf,
    roster,
    awaiting,
    progress,
  };

/** Every version of the ruleset, oldest first: the registry lists them all (logs verify forever). */
export const HAND_TO_HAND_VERSIONS: readonly Ruleset<
  HandToHandState,
  HandToHandCommand,
  HandToHandEvent,
  HandToHandParameters
>[] = [handToHand];

export type * from './commands.js';
export type * from './events.js';
export type * from './state.js';
export type * from './vocabulary.js';
export type {
  DegreeOfFailureRow,
  FailureOutcome,
  HandToHandParameterOverrides,
  HandToHandParameters,
  ImpactModifiers,
} from './parameters.js';
export { ASPECTS, SLOPES, TEST_CAUSES } from './vocabulary.js';
export { COMMAND_TYPES } from './commands.js';
export { DEFAULT_PARAMETERS, FAILURE_OUTCOMES, resolveParameters } from './parameters.js';
export { HAND_TO_HAND_ID, HAND_TO_HAND_VERSION } from './match-setup.js';
