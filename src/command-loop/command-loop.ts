import { WrongExpectedRevisionError } from '../event-store/wrong-expected-revision.error.js';
import type { EventShape, RecordedEvent } from '../event-store/event-store.port.js';
import { countConflict } from '../metrics/command-metrics.js';

/*
 * The command path of every stream that decides commands (a match's, a tournament's): one loop of named
 * steps, the same for all, in a room of its own so that matches and tournaments both use it and
 * neither imports the other for it.
 */

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

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
