import { ATOMIC_AFRICA_RULE_TEXTS } from './rule-texts.js';
import type { Ruleset, RulesetCommand } from '../ruleset.js';
import { atomicAfricaCommandFrom } from './legacy-commands.js';
import { actingSide } from './acting-side.js';
import type { AtomicAfricaCommand } from './commands.js';
import { awaitedTemplates } from './contract.js';
import { available } from './contract-available.js';
import { PLAY_CONTRACT_EXAMPLE } from './contract-example.js';
import { COMMAND_TYPES, decideFor } from './decide.js';
import { RULESET_ID } from './decide-match.js';
import { describerOf, eventTypesOf, logContextAfter } from './describe.js';
import { EDITION_1, EDITION_2, EDITION_2_1, type Edition } from './edition.js';
import type { AtomicAfricaEvent } from './events.js';
import { evolve } from './evolve.js';
import { defaultParameters, type AtomicAfricaParameters } from './parameters.js';
import { initialState, type AtomicAfricaState } from './state.js';
import { DECLARED_COMMANDS } from './declared-commands.js';
import { awaiting, progress, roster, ROUTES } from './roster.js';
import { ruleIdOf } from './rule-ids.js';
import { checkReveal } from './reveal-check.js';
import { prepare } from './sealed-orders.js';
import { eventViewOf, viewState } from './views.js';
import { unitWords } from './unit-words.js';
import { ATOMIC_AFRICA_SCHEMAS } from './event-schemas.js';

export type AtomicAfricaRuleset = Ruleset<
  AtomicAfricaState,
  AtomicAfricaCommand,
  AtomicAfricaEvent,
  AtomicAfricaParameters
>;

/**
 * The atomic-africa close-combat ruleset (RULES.md AA-*, seeds/000_a2ed206f04c2ac00.txt) as one
 * edition decides it. Every version is built from the same code; what differs is the edition's flags.
 * evolve and the hooks that read a state follow the version the state's MatchCreated recorded.
 */
function atomicAfricaRuleset(edition: Edition): AtomicAfricaRuleset {
  return {
    id: RULESET_ID,
    version: edition.version,
    defaultParameters,
    commandTypes: COMMAND_TYPES,
    commands: DECLARED_COMMANDS,
    routes: ROUTES,
    eventTypes: eventTypesOf(edition),
    decider: { initialState, decide: decideFor(edition), evolve },
    actingSide,
    prepare,
    viewState,
    viewEvent: eventViewOf(edition),
    describe: describerOf(edition),
    logContextAfter,
    ruleIdOf,
    roster,
    unitWords,
    awaiting,
    awaitedTemplates,
    available,
    progress,
    checkReveal,
    legacyCommandFrom: (events) => atomicAfricaCommandFrom(events) as RulesetCommand | undefined,
    schemas: ATOMIC_AFRICA_SCHEMAS,
    ruleTexts: ATOMIC_AFRICA_RULE_TEXTS,
    playContractExample: PLAY_CONTRACT_EXAMPLE,
  };
}

/** Version 1 ('1.0.0'): matches created under it keep deciding as they always did. */
export const atomicAfricaV1: AtomicAfricaRuleset = atomicAfricaRuleset(EDITION_1);

/** Version 2 ('2.0.0'): Q-21 … Q-25, every pursuit decision an event, one card notation. */
export const atomicAfricaV2: AtomicAfricaRuleset = atomicAfricaRuleset(EDITION_2);

/** Version 2.1 ('2.1.0'): no ranged attack by or at a unit in base contact with an enemy. */
export const atomicAfricaV2_1: AtomicAfricaRuleset = atomicAfricaRuleset(EDITION_2_1);

/** Version 1, under the name the ruleset had before it had versions. */
export const atomicAfrica: AtomicAfricaRuleset = atomicAfricaV1;

/** Every version of the ruleset, oldest first; the last is the one new matches get. */
export const ATOMIC_AFRICA_VERSIONS: readonly AtomicAfricaRuleset[] = [
  atomicAfricaV1,
  atomicAfricaV2,
  atomicAfricaV2_1,
];

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
export { EDITION_1, EDITION_2, EDITION_2_1, EDITIONS, editionOf, type Edition } from './edition.js';
