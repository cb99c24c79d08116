import type { RulesetRef } from '../rules/common/ruleset-ref.js';
import { type AnyRuleset, BUILT_IN } from '../rules/registry.js';

export {
  type AnyRuleset,
  currentMatchRules,
  EXAMPLE_RULESET,
  MATCH_RULES_VERSIONS,
  matchRulesFor,
  RULESET_IDS,
  type RegisteredMatchCreated,
} from '../rules/registry.js';

/*
 * The rulesets this service serves: the built-in ones (src/rules/registry.ts, pure and fixed) and any the
 * app factory was handed at start-up (a test's). This is the one place that may grow, so it lives outside
 * the pure core: src/rules holds no state. It only grows, and only before the app is built; every lookup
 * of the service (matches, audit, projections, the API) reads it.
 */
const SERVED = new Map<string, readonly AnyRuleset[]>(Object.entries(BUILT_IN));

/**
 * Adds a ruleset, all its versions (oldest first), beside the built-in ones: the app factory's way to
 * serve one more. An id is registered once; the same versions again change nothing.
 */
export function registerRulesets(versions: readonly AnyRuleset[]): void {
  const id = versions[0]?.id;
  if (id === undefined || versions.some((ruleset) => ruleset.id !== id)) {
    throw new Error('a ruleset is registered as its versions, all of one id, oldest first');
  }
  const known = SERVED.get(id);
  if (known === versions) return;
  if (known) throw new Error(`ruleset ${id} is already registered`);
  SERVED.set(id, Object.freeze([...versions]));
}

/** The ids a new match may name: the built-in rulesets and any registered at start-up. */
export function rulesetIds(): readonly string[] {
  return [...SERVED.keys()];
}

/** The versions of a ruleset, oldest first (empty for an id nobody registered). */
export function versionsOf(id: string): readonly AnyRuleset[] {
  return SERVED.get(id) ?? [];
}

/** The version new matches of this ruleset are created under. */
export function currentRuleset(id: string): AnyRuleset | undefined {
  const versions = versionsOf(id);
  return versions[versions.length - 1];
}

/** The code that decides a match recorded under this ruleset id and version. */
export function rulesetFor(ref: Pick<RulesetRef, 'id' | 'version'>): AnyRuleset | undefined {
  return versionsOf(ref.id).find((ruleset) => ruleset.version === ref.version);
}

/** Every served ruleset, every version. */
export function allRulesets(): AnyRuleset[] {
  return [...SERVED.values()].flat();
}
