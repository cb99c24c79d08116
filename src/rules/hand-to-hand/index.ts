import { HAND_TO_HAND_RULE_TEXTS } from './rule-texts.js';
import type { Ruleset, RulesetCommand } from '../ruleset.js';
import { handToHandCommandFrom } from './legacy-commands.js';
import { actingSide } from './acting-side.js';
import { awaitedTemplates } from './awaited-templates.js';
import { available } from './available-actions.js';
import { COMMAND_TYPES, type HandToHandCommand } from './commands.js';
import { decide } from './decide.js';
import { DECLARED_COMMANDS } from './declared-commands.js';
import { describe, EVENT_TYPES, logContextAfter } from './describe.js';
import type { HandToHandEvent } from './events.js';
import { EDITION_1, EDITION_2, EDITION_2_1, type HandToHandEdition } from './edition.js';
import { evolve } from './evolve.js';
import { HAND_TO_HAND_ID } from './match-setup.js';
import { DEFAULT_PARAMETERS, type HandToHandParameters } from './parameters.js';
import { initialState, type HandToHandState } from './state.js';
import { awaiting, progress, roster, ROUTES } from './roster.js';
import { ruleIdOf } from './rule-ids.js';
import { viewEvent, viewState } from './view.js';
import { unitWords } from './unit-words.js';
import { HAND_TO_HAND_SCHEMAS } from './event-schemas.js';

type HandToHandRuleset = Ruleset<HandToHandState, HandToHandCommand, HandToHandEvent, HandToHandParameters>;

/** the one event only a match that declares before it resolves can record. */
const DECLARATION_EVENTS: readonly HandToHandEvent['type'][] = ['AttackEndedWithoutImpact'];

/**
 * One version of the ruleset: the same code, with the edition's flags. A match records its version at
 * creation; decide and evolve then read the edition from the state (the registry hands each log to the
 * version it records).
 */
function handToHandRuleset(edition: HandToHandEdition): HandToHandRuleset {
  return {
    id: HAND_TO_HAND_ID,
    version: edition.version,
    defaultParameters: DEFAULT_PARAMETERS,
    commandTypes: COMMAND_TYPES,
    commands: DECLARED_COMMANDS,
    routes: ROUTES,
    eventTypes: edition.declareBeforeResolve
      ? EVENT_TYPES
      : EVENT_TYPES.filter((type) => !DECLARATION_EVENTS.includes(type)),
    decider: {
      initialState,
      decide: (state, command, dice) => decide(state, command, dice, edition),
      evolve,
    },
    actingSide,
    // No hidden information: nothing to seal, nothing a side sees that another does not.
    prepare: (_state, command) => command,
    viewState: (state) => viewState(state),
    viewEvent: (event) => viewEvent(event),
    describe,
    logContextAfter,
    ruleIdOf,
    roster,
    unitWords,
    awaiting,
    // The play contract: nothing is hidden in hand-to-hand, so every viewer gets the same templates.
    awaitedTemplates: (state) => awaitedTemplates(state),
    available: (state) => available(state),
    progress,
    legacyCommandFrom: (events) => handToHandCommandFrom(events) as RulesetCommand | undefined,
    schemas: HAND_TO_HAND_SCHEMAS,
    ruleTexts: HAND_TO_HAND_RULE_TEXTS,
  };
}

/** Version 1.0.0: one charge at a time (README); logs recorded under it decide and verify as they did. */
export const handToHandV1: HandToHandRuleset = handToHandRuleset(EDITION_1);

/** Version 2.0.0: Q-17 … Q-20 and the repeated impact's victorious +1 (README, "Hand-to-hand version 2"). */
export const handToHandV2: HandToHandRuleset = handToHandRuleset(EDITION_2);

/** Version 2.1.0: Q-17's closing command always awaited (no die when nothing strikes), Q-29. */
export const handToHandV2_1: HandToHandRuleset = handToHandRuleset(EDITION_2_1);

/** Version 1.0.0, under the name the code base used before there were two. */
export const handToHand: HandToHandRuleset = handToHandV1;

/** Every version of the ruleset, oldest first: the registry lists them all (logs verify forever). */
export const HAND_TO_HAND_VERSIONS: readonly HandToHandRuleset[] = [
  handToHandV1,
  handToHandV2,
  handToHandV2_1,
];

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
export { EDITION_1, EDITION_2, EDITION_2_1, EDITIONS, type HandToHandEdition } from './edition.js';
