import type { Decider, DomainEvent } from '../common/decider.js';
import { serverRollCount } from '../common/dice.js';
import { describeMatchLevel } from './describe.js';
import { isMatchLevelEvent, MATCH_LEVEL_EVENT_TYPES, type MatchLevelEvent } from './events.js';
import {
  decideMatchLevel,
  evolveMeta,
  initialMeta,
  MATCH_LEVEL_COMMAND_TYPES,
  type MatchLevelActor,
  type MatchLevelCommand,
  type MatchMeta,
} from './match-level.js';
import { matchLevelRuleIdOf } from './rule-ids.js';

/**
 * The match-level rules (client seeds, undo, backups, disputes, the end: C-2, C-4, C-5) as a decider
 * of their own, versioned like a ruleset. Every match is played under them beside its ruleset.
 */
export const MATCH_RULES_ID = 'match';
export const MATCH_RULES_VERSION = '1.0.0';

/** The match-level state: the meta, and how many events the stream holds (the next is revision + 1). */
export interface MatchLevelState {
  meta: MatchMeta;
  revision: number;
}

/** A match-level command with who sends it; the server seed is revealed by the end (C-2). */
export interface MatchLevelRequest {
  command: MatchLevelCommand;
  actor: MatchLevelActor;
  serverSeed?: string | null;
}

/** The match-level rules in the Decider shape: they see every event of the stream, rolls included. */
export const matchLevelDecider: Decider<MatchLevelState, MatchLevelRequest, DomainEvent> = {
  initialState: () => ({ meta: initialMeta(), revision: 0 }),
  decide: ({ meta, revision }, { command, actor, serverSeed = null }) =>
    decideMatchLevel(meta, command, actor, { revision, serverSeed }),
  evolve: ({ meta, revision }, event) => ({
    meta: evolveMeta(meta, event, revision + 1, serverRollCount(event.data)),
    revision: revision + 1,
  }),
};

export const matchRulesV1 = {
  id: MATCH_RULES_ID,
  version: MATCH_RULES_VERSION,
  commandTypes: [...MATCH_LEVEL_COMMAND_TYPES],
  eventTypes: [...MATCH_LEVEL_EVENT_TYPES],
  decider: matchLevelDecider,
  describe: describeMatchLevel,
  ruleIdOf: matchLevelRuleIdOf,
  /**
   * The match fold's part (src/match/fold.ts), which keeps the meta beside the ruleset's state without
   * the decider's wrapping: the meta before any event, the meta after each event of the stream, and
   * which events are this version's own (the ruleset's state passes them by).
   */
  initialMeta,
  evolveMeta,
  isEvent: isMatchLevelEvent,
};

export type MatchRules = typeof matchRulesV1;

/**
 * Every version of the match-level rules, oldest first; the last is the one new matches are created
 * under (and record in their first event's metadata). A version stays listed for as long as a log
 * recorded under it may be verified, as a ruleset's do.
 */
export const MATCH_RULES_VERSIONS: readonly MatchRules[] = [matchRulesV1];

/** The match-level rules new matches are played under. */
export const matchRules: MatchRules = MATCH_RULES_VERSIONS[MATCH_RULES_VERSIONS.length - 1]!;

/** What a log recorded before the version was named was played under: the only version there was. */
export const UNNAMED_MATCH_RULES_VERSION = '1.0.0';

/**
 * The match-level rules a match recorded under this version is decided by (undefined: a version this
 * code does not know). A log that names none is 1.0.0's.
 */
export function matchRulesFor(version: string = UNNAMED_MATCH_RULES_VERSION): MatchRules | undefined {
  return MATCH_RULES_VERSIONS.find((rules) => rules.version === version);
}

export type { MatchLevelEvent };
export * from './events.js';
export * from './match-level.js';
export { matchLevelRuleIdOf } from './rule-ids.js';
