import { type CommandSteps, handleCommand } from '../command-loop/command-loop.js';
import type { NewEvent, RecordedCommand } from '../event-store/event-store.port.js';
import type { EventView, PlayContractView } from './match-viewer.js';
import type { MatchAggregate } from './match-aggregate.js';
import { MatchBusyError } from './match-errors.js';
import type { Principal } from '../auth/principal.js';
import type { RulesetRef } from '../rules/common/ruleset-ref.js';

/** A command for a match, as a controller hands it over. */
export interface MatchCommandRequest {
  matchId: string;
  commandId: string;
  principal: Principal;
  command: { type: string } & Record<string, unknown>;
  /** Table dice (C-2): the faces the rolling player entered, in the order the rules use them. */
  dice?: number[];
  /** CreateMatch only: which ruleset. */
  rulesetId?: string;
  /** CreateMatch only: which served version of it; absent, its current version. */
  rulesetVersion?: string;
  /** What the caller asked the answer to hold; absent, the whole play contract. */
  answer?: AnswerShape;
}

/**
 * `full`: the play contract right after the command's events, and those events. `minimal`
 * (`Prefer: return=minimal`): only the events and where they stand, for a client that follows the
 * match on its feed; the answer then builds no templates and no view of the state.
 */
export type AnswerShape = 'full' | 'minimal';

/**
 * What every match command answers: the play contract as it stood right after the command's events
 * (`revision` is the last of them), plus those events.
 */
export interface MatchCommandResult extends PlayContractView {
  /** True when this commandId had already been handled: this is the first answer, as it was given. */
  duplicate: boolean;
  /** The events this command appended (or first appended), as this caller may see them. */
  events: EventView[];
}

/** What a command answers to `Prefer: return=minimal`. */
export interface MinimalCommandResult {
  matchId: string;
  /** The revision of the command's last event. */
  revision: number;
  duplicate: boolean;
  events: EventView[];
}

/** What a match command answers, in the shape its caller asked for. */
export type MatchCommandAnswer = MatchCommandResult | MinimalCommandResult;

/** What a command decided: the events to append and the ruleset to record them under. */
export interface Decision {
  events: NewEvent[];
  ruleset?: RulesetRef;
  /** CreateMatch only: the version of the match-level rules the new match is played under. */
  matchRulesVersion?: string;
  /** The prepared command the events were decided from, to be recorded with them. */
  command?: RecordedCommand;
}

/** The steps of the command path for matches. */
export type MatchCommandSteps = CommandSteps<
  MatchCommandRequest,
  MatchAggregate,
  MatchCommandRequest['command'],
  Decision,
  MatchCommandAnswer
>;

/** How often a command is decided again after another append got in first. */
export const MAX_ATTEMPTS = 16;

/** The command path for a match command. */
export function handleMatchCommand(
  steps: MatchCommandSteps,
  request: MatchCommandRequest,
  recordedId: string,
): Promise<MatchCommandAnswer> {
  return handleCommand(steps, request, recordedId, {
    maxAttempts: MAX_ATTEMPTS,
    busy: () => new MatchBusyError(request.matchId, MAX_ATTEMPTS),
  });
}
