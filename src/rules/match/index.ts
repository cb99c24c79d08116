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
  refusePlayAfterTimeCalled,
} from './match-level.js';
import { matchLevelRuleIdOf } from './rule-ids.js';

/**
 * The match-level rules (client seeds, undo, backups, disputes, the end: C-2, C-4, C-5) as a decider
 * of their own, versioned like a ruleset. Every match is played under them beside its ruleset.
 */
export const MATCH_RULES_ID = 'match';

/**
 * The match-level state: the meta, and how many events the stream holds (the next is revision + 1).
 * `endsCommand` tells which events end the command that appended them (Q-32); the service and the
 * verifier hand in their fold's, and this decider's own evolve keeps one from the events' commandIds.
 */
export interface MatchLevelState {
  meta: MatchMeta;
  revision: number;
  endsCommand?: (revision: number) => boolean | undefined;
  /** The commandId of the latest event, as this decider's own evolve saw it. */
  lastCommandId?: string;
}

/** A match-level command with who sends it; the server seed is revealed by the end (C-2). */
export interface MatchLevelRequest {
  command: MatchLevelCommand;
  actor: MatchLevelActor;
  serverSeed?: string | null;
}

/** The commandId a recorded event carries in its metadata, when it carries one. */
function commandIdOf(event: DomainEvent): string | undefined {
  const metadata: unknown = (event as { metadata?: unknown }).metadata;
  if (typeof metadata !== 'object' || metadata === null || !('commandId' in metadata)) return undefined;
  return typeof metadata.commandId === 'string' ? metadata.commandId : undefined;
}

/**
 * The match-level rules in the Decider shape: they see every event of the stream, rolls included.
 * `boundaries`: whether the version holds undo and backup targets to the last event of a command.
 */
function matchLevelDeciderOf(
  boundaries: boolean,
  callsTime = false,
): Decider<MatchLevelState, MatchLevelRequest, DomainEvent> {
  return {
    initialState: () => ({ meta: initialMeta(), revision: 0 }),
    decide: ({ meta, revision, endsCommand }, { command, actor, serverSeed = null }) =>
      decideMatchLevel(meta, command, actor, {
        revision,
        serverSeed,
        // Without a fold to ask, every event counts as a command of its own.
        ...(boundaries ? { endsCommand: endsCommand ?? (() => true) } : {}),
        ...(callsTime ? { callsTime: true } : {}),
      }),
    evolve: ({ meta, revision, endsCommand, lastCommandId }, event) => {
      const commandId = commandIdOf(event);
      const continued = commandId !== undefined && commandId === lastCommandId ? revision : undefined;
      const before = endsCommand ?? (() => true);
      return {
        meta: evolveMeta(meta, event, revision + 1, serverRollCount(event.data)),
        revision: revision + 1,
        endsCommand: continued === undefined ? before : (r: number) => r !== continued && before(r),
        ...(commandId !== undefined ? { lastCommandId: commandId } : {}),
      };
    },
  };
}

/** 1.0.0's decider: any earlier event that still counts may be an undo's or a backup's target. */
export const matchLevelDecider = matchLevelDeciderOf(false);

/** 2.1.0's decider: Q-32, a target must be the last event of a command. */
export const matchLevelDeciderV2 = matchLevelDeciderOf(true);

/** 2.2.0's decider: 2.1.0 with C-7, time called recorded in the match. */
export const matchLevelDeciderV3 = matchLevelDeciderOf(true, true);

export const matchRulesV1 = {
  id: MATCH_RULES_ID,
  version: '1.0.0',
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
  /** whether an undo's or a backup's target must be the last event of a command. */
  targetsEndCommands: false as boolean,
  /**
   * C-7: refuses a game command (any command of the match's ruleset) once time called has ended play;
   * versions before 2.2.0 record no time called, so they refuse nothing.
   */
  refusePlay: ((_meta: MatchMeta) => undefined) as (meta: MatchMeta) => void,
};

/** 2.1.0: 1.0.0 with Q-32 (a target of an undo or a backup is the last event of a command). */
export const matchRulesV2: MatchRules = {
  ...matchRulesV1,
  version: '2.1.0',
  decider: matchLevelDeciderV2,
  targetsEndCommands: true,
};

/** 2.2.0: 2.1.0 with C-7 (time called on the round is recorded in the match and ends play). */
export const matchRulesV3: MatchRules = {
  ...matchRulesV2,
  version: '2.2.0',
  decider: matchLevelDeciderV3,
  refusePlay: refusePlayAfterTimeCalled,
};

export type MatchRules = typeof matchRulesV1;

/**
 * Every version of the match-level rules, oldest first; the last is the one new matches are created
 * under (and record in their first event's metadata). A version stays listed for as long as a log
 * recorded under it may be verified, as a ruleset's do.
 */
export const MATCH_RULES_VERSIONS: readonly MatchRules[] = [matchRulesV1, matchRulesV2, matchRulesV3];

/** The match-level rules new matches are played under. */
export const matchRules: MatchRules = MATCH_RULES_VERSIONS[MATCH_RULES_VERSIONS.length - 1]!;

/** The version new matches record. */
export const MATCH_RULES_VERSION = matchRules.version;

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
export { matchLevelTemplates, RULE_ID_MAX_LENGTH, RULE_ID_PATTERN } from './play-contract.js';
export { matchLevelRuleIdOf } from './rule-ids.js';
