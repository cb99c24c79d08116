import { WrongExpectedRevisionError } from '../event-store/wrong-expected-revision.error.js';
import type {
  EventShape,
  NewEvent,
  RecordedCommand,
  RecordedEvent,
} from '../event-store/event-store.port.js';
import type { EventView, PlayContractView } from './match-viewer.js';
import type { MatchAggregate } from './match-aggregate.js';
import { MatchBusyError } from './match-errors.js';
import { countConflict } from '../metrics/command-metrics.js';
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

/** What a command decided: the events to append and the ruleset to record them under. */
export interface Decision {
  events: NewEvent[];
  ruleset?: RulesetRef;
  /** CreateMatch only: the version of the match-level rules the new match is played under. */
  matchRulesVersion?: string;
  /** The prepared command the events were decided from, to be recorded with them. */
  command?: RecordedCommand;
}

/**
 * The named steps of handling a command on one stream (a match's, a tournament's). Each is small and
 * does one thing; the loop that runs them (handleCommand) is all there is to the command path. Event is
 * the stream's event union, as its append step reads the recorded events back (typed-events.ts).
 */
export interface CommandSteps<
  Request,
  Aggregate,
  Command,
  Verdict,
  Result,
  Event extends EventShape = EventShape,
> {
  /** The stream as this instance knows it (undefined: it does not exist yet). */
  load(request: Request): Promise<Aggregate | undefined>;
  /**
   * The answer already given to this commandId, if it was handled before (an index lookup, which the
   * aggregate may answer for the revisions it holds).
   */
  earlierAnswer(request: Request, recordedId: string, aggregate?: Aggregate): Promise<Result | undefined>;
  /** Whether this caller may send this command here (throws otherwise). */
  authorise(request: Request, aggregate: Aggregate | undefined): void;
  /** The command as the rules are to see it (a sealed card goes into escrow, AA-2; a match is created). */
  prepare(request: Request, aggregate: Aggregate | undefined): Command | Promise<Command>;
  /** The rules decide: pure. */
  decide(request: Request, aggregate: Aggregate | undefined, command: Command): Verdict;
  /** Appends at the revision the decision was made on. */
  append(
    request: Request,
    recordedId: string,
    aggregate: Aggregate | undefined,
    decision: Verdict,
  ): Promise<{ events: RecordedEvent<Event>[]; duplicate: boolean }>;
  /** Applies the recorded events to the aggregate (or starts it), and returns it. */
  absorb(
    request: Request,
    aggregate: Aggregate | undefined,
    events: RecordedEvent<Event>[],
  ): Promise<Aggregate>;
  /** Reads what others appended since the aggregate's revision: after a conflict. */
  catchUp(request: Request, aggregate: Aggregate | undefined): Promise<Aggregate | undefined>;
  /** What this caller may see of the outcome. */
  view(request: Request, aggregate: Aggregate, mine: RecordedEvent<Event>[]): Result | Promise<Result>;
}

/** The steps of the command path for matches. */
export type MatchCommandSteps = CommandSteps<
  MatchCommandRequest,
  MatchAggregate,
  MatchCommandRequest['command'],
  Decision,
  MatchCommandResult
>;

/** How often a command is decided again after another append got in first. */
export const MAX_ATTEMPTS = 16;

/** A stream's aggregate as the loop needs it: the revision its decision was made on. */
interface Revisioned {
  revision: number;
}

/**
 * load → (already answered?) → authorise → prepare → decide → append → view. An append that meets a
 * newer revision (another instance, another request) reads only the newer events and decides again;
 * a commandId already recorded returns its first answer and appends nothing. `busy` is thrown when
 * every attempt met another append first.
 */
export async function handleCommand<
  Request,
  Aggregate extends Revisioned,
  Command,
  Verdict,
  Result,
  Event extends EventShape = EventShape,
>(
  steps: CommandSteps<Request, Aggregate, Command, Verdict, Result, Event>,
  request: Request,
  recordedId: string,
  options: { maxAttempts: number; busy: () => Error },
): Promise<Result> {
  let aggregate = await steps.load(request);
  for (let attempt = 1; attempt <= options.maxAttempts; attempt++) {
    const earlier = await steps.earlierAnswer(request, recordedId, aggregate);
    if (earlier) return earlier;
    let decision: Verdict;
    try {
      steps.authorise(request, aggregate);
      decision = steps.decide(request, aggregate, await steps.prepare(request, aggregate));
    } catch (refusal) {
      // A refusal must stand on the stream as it is now, not as this instance last saw it (another
      // instance may have ended the turn): if there is anything newer, decide again on it.
      const revision = aggregate?.revision;
      aggregate = await steps.catchUp(request, aggregate);
      if (aggregate?.revision === revision) throw refusal;
      continue;
    }
    let appended: { events: RecordedEvent<Event>[]; duplicate: boolean };
    try {
      appended = await steps.append(request, recordedId, aggregate, decision);
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
      countConflict();
      // Another writer got in first. A short random pause keeps two instances from meeting again.
      await pause(Math.random() * Math.min(2 ** attempt, 50));
      aggregate = await steps.catchUp(request, aggregate);
      continue;
    }
    if (appended.duplicate) {
      // The same command landed first through another request or instance: answer as it was answered.
      aggregate = await steps.catchUp(request, aggregate);
      continue;
    }
    aggregate = await steps.absorb(request, aggregate, appended.events);
    return steps.view(request, aggregate, appended.events);
  }
  throw options.busy();
}

/** The command path for a match command. */
export function handleMatchCommand(
  steps: MatchCommandSteps,
  request: MatchCommandRequest,
  recordedId: string,
): Promise<MatchCommandResult> {
  return handleCommand(steps, request, recordedId, {
    maxAttempts: MAX_ATTEMPTS,
    busy: () => new MatchBusyError(request.matchId, MAX_ATTEMPTS),
  });
}

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
