import { ATOMIC_AFRICA_VERSIONS, atomicAfrica } from './atomic-africa/index.js';
import type { DomainEvent } from './common/decider.js';
import type { RulesetRef } from './common/ruleset-ref.js';
import { HAND_TO_HAND_VERSIONS, handToHand } from './hand-to-hand/index.js';
import type { Ruleset } from './ruleset.js';
import type { AtomicAfricaEvent } from './atomic-africa/events.js';
import type { HandToHandEvent } from './hand-to-hand/events.js';
import type { MatchCreatedHeader } from './match/events.js';

/** A ruleset seen from outside: commands and events by their `type`, state opaque. */
export type AnyRuleset = Ruleset<unknown, { type: string }, DomainEvent, unknown>;

/**
 * Every version of every ruleset the service adjudicates, by id, oldest first; the last is the one
 * new matches are created under. A match keeps the version it was created with for life, so an old
 * version stays listed for as long as a log recorded under it may be replayed or verified.
 */
// The casts widen each ruleset, typed by its own unions, to AnyRuleset: its functions take its own
// events and commands, which TypeScript cannot check against the wider DomainEvent (parameters are
// contravariant). The registry is the one place that widens them; the match hands each ruleset only
// what it decided (commands by their type, events read back through the ruleset's eventTypes).
export const BUILT_IN: Readonly<Record<string, readonly AnyRuleset[]>> = {
  [handToHand.id]: HAND_TO_HAND_VERSIONS as unknown as readonly AnyRuleset[],
  [atomicAfrica.id]: ATOMIC_AFRICA_VERSIONS as unknown as readonly AnyRuleset[],
};

/** The ids of the rulesets the service is built with. */
export const RULESET_IDS: readonly string[] = Object.freeze(Object.keys(BUILT_IN));

/**
 * The ruleset the API documentation's examples show: hand-to-hand as new matches are created under it
 * (its current version), widened as BUILT_IN's are, for the same reason.
 */
export const EXAMPLE_RULESET: AnyRuleset = HAND_TO_HAND_VERSIONS.at(-1) as unknown as AnyRuleset;

/** The versions of a built-in ruleset, oldest first (empty for any other id). */
export function versionsOf(id: string): readonly AnyRuleset[] {
  return Object.hasOwn(BUILT_IN, id) ? BUILT_IN[id]! : [];
}

/** The version new matches of this built-in ruleset are created under. */
export function currentRuleset(id: string): AnyRuleset | undefined {
  const versions = versionsOf(id);
  return versions[versions.length - 1];
}

/** The code that decides a match recorded under this built-in ruleset id and version. */
export function rulesetFor(ref: Pick<RulesetRef, 'id' | 'version'>): AnyRuleset | undefined {
  return versionsOf(ref.id).find((ruleset) => ruleset.version === ref.version);
}

/** The match-level rules by version, as rulesets are (src/rules/match: undo, backups, disputes, the end). */
export { matchRules as currentMatchRules, matchRulesFor, MATCH_RULES_VERSIONS } from './match/index.js';

/** Every built-in ruleset, every version. */
export function allRulesets(): AnyRuleset[] {
  return Object.values(BUILT_IN).flat();
}

/**
 * Compile-time only: every ruleset's MatchCreated records the header the match machinery reads
 * (isMatchCreated narrows to it by type alone). A ruleset whose MatchCreated lacks it does not compile.
 */
type RecordsMatchHeader<Created extends MatchCreatedHeader> = Created;
export type RegisteredMatchCreated =
  | RecordsMatchHeader<Extract<HandToHandEvent, { type: 'MatchCreated' }>>
  | RecordsMatchHeader<Extract<AtomicAfricaEvent, { type: 'MatchCreated' }>>;
