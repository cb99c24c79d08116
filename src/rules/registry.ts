import { atomicAfrica } from './atomic-africa/index.js';
import type { DomainEvent } from './common/decider.js';
import { handToHand } from './hand-to-hand/index.js';
import type { Ruleset } from './ruleset.js';

/** A ruleset seen from outside: commands and events by their `type`, state opaque. */
export type AnyRuleset = Ruleset<unknown, { type: string }, DomainEvent, unknown>;

/** Every ruleset the service adjudicates, by id. A match names its ruleset in its first event. */
export const RULESETS: Readonly<Record<string, AnyRuleset>> = {
  [handToHand.id]: handToHand as unknown as AnyRuleset,
  [atomicAfrica.id]: atomicAfrica as unknown as AnyRuleset,
};

export const RULESET_IDS = Object.keys(RULESETS);

export function rulesetById(id: string): AnyRuleset | undefined {
  return Object.hasOwn(RULESETS, id) ? RULESETS[id] : undefined;
}
