import { WrongExpectedRevisionError } from '../event-store/wrong-expected-revision.error.js';
import type { NewEvent, RecordedEvent } from '../event-store/event-store.port.js';
import type { EventView } from './match-viewer.js';
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
}

export interface MatchCommandResult {
  matchId: string;
  /** The stream's revision after this command's events. */
  revision: number;
  /** True when this commandId had already been handled: this is the first answer, as it was given. */
  duplicate: boolean;
  events: EventView[];
  state: unknown;
}

/** What a command decided: the events to append and the ruleset to record them under. */
export interface Decision {
  events: NewEvent[];
  ruleset?: RulesetRef;
}

/**
 * The named steps of handling a match command. Each is small and does one thing; the loop that runs
 * them (handleMatchCommand) is all there is to the command path.
 */
export interface MatchCommandSteps {
  /** The match as this instance knows it (undefined: it does not exist yet); no read of the store on a hit. */
  load(request: MatchCommandRequest): Promise<MatchAggregate | undefined>;
  /** The answer already given to this commandId, if it was handled before (an index lookup). */
  earlierAnswer(request: MatchCommandRequest, recordedId: string): Promise<MatchCommandResult | undefined>;
  /** Whether this key may send this command here (NotYourCommandError otherwise). */
  authorise(request: MatchCommandRequest, match: MatchAggregate | undefined): void;
  /** The command as the rules are to see it (a sealed card goes into escrow, AA-2). */
  prepare(request: MatchCommandRequest, match: MatchAggregate | undefined): MatchCommandRequest['command'];
  /** The rules decide: pure, with the dice the handler supplies. */
  decide(
    request: MatchCommandRequest,
    match: MatchAggregate | undefined,
    command: MatchCommandRequest['command'],
  ): Decision;
  /** Appends at the revision the decision was made on; the store groups it into one commit with others. */
  append(
    request: MatchCommandRequest,
    recordedId: string,
    match: MatchAggregate | undefined,
    decision: Decision,
  ): Promise<{ events: RecordedEvent[]; duplicate: boolean }>;
  /** Applies the recorded events to the aggregate (or starts it), and returns it. */
  absorb(
    request: MatchCommandRequest,
    match: MatchAggregate | undefined,
    events: RecordedEvent[],
  ): Promise<MatchAggregate>;
  /** Reads what others appended since the aggregate's revision: after a conflict. */
  catchUp(
    request: MatchCommandRequest,
    match: MatchAggregate | undefined,
  ): Promise<MatchAggregate | undefined>;
  /** What this caller may see of the outcome. */
  view(request: MatchCommandRequest, match: MatchAggregate, mine: RecordedEvent[]): MatchCommandResult;
}

/** How often a command is decided again after another append got in first. */
export const MAX_ATTEMPTS = 16;

/**
 * load → (already answered?) → authorise → prepare → decide → append → view. An append that meets a
 * newer revision (another instance, another request) reads only the newer events and decides again;
 * a commandId already recorded returns its first answer and appends nothing.
 */
export async function handleMatchCommand(
  steps: MatchCommandSteps,
  request: MatchCommandRequest,
  recordedId: string,
): Promise<MatchCommandResult> {
  let match = await steps.load(request);
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const earlier = await steps.earlierAnswer(request, recordedId);
    if (earlier) return earlier;
    let decision: Decision;
    try {
      steps.authorise(request, match);
      decision = steps.decide(request, match, steps.prepare(request, match));
    } catch (refusal) {
      // A refusal must stand on the match as it is now, not as this instance last saw it (another
      // instance may have ended the turn): if there is anything newer, decide again on it.
      const revision = match?.revision;
      match = await steps.catchUp(request, match);
      if (match?.revision === revision) throw refusal;
      continue;
    }
    let appended: { events: RecordedEvent[]; duplicate: boolean };
    try {
      appended = await steps.append(request, recordedId, match, decision);
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
      // Another writer got in first. A short random pause keeps two instances from meeting again.
      await pause(Math.random() * Math.min(2 ** attempt, 50));
      match = await steps.catchUp(request, match);
      continue;
    }
    if (appended.duplicate) {
      // The same command landed first through another request or instance: answer as it was answered.
      match = await steps.catchUp(request, match);
      continue;
    }
    match = await steps.absorb(request, match, appended.events);
    return steps.view(request, match, appended.events);
  }
  throw new MatchBusyError(request.matchId, MAX_ATTEMPTS);
}

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
