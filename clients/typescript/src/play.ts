import { newCommandId } from './command-id.js';
import { problemFrom, UmpireProblem } from './problem.js';
import type { paths } from './schema.js';

/** The play contract: GET /matches/{id}, the same top level for every ruleset. */
export type MatchContract = paths['/matches/{id}']['get']['responses'][200]['content']['application/json'];
/** A command's answer: the play contract after it, with the events it appended (every command route's). */
export type CommandAnswer =
  paths['/matches/{id}/end-turn']['post']['responses'][201]['content']['application/json'];
/** One step the match waits for: which command, from which side, posted to which route, by which rule. */
export type AwaitedStep = MatchContract['awaiting'][number];

/** Every POST route of one match: `/matches/{id}/<segment>`, as the service documents them. */
type MatchCommandPath = {
  [P in keyof paths]: P extends `/matches/{id}/${string}`
    ? paths[P]['post'] extends { requestBody: { content: { 'application/json': unknown } } }
      ? P
      : never
    : never;
}[keyof paths];

type WithoutCommandId<Body> = Body extends unknown ? Omit<Body, 'commandId'> & { commandId?: string } : never;

/**
 * The body of an awaited step: one of the match commands' bodies, `commandId` optional (a fresh one
 * is added). Which one is the caller's to know from `step.command`.
 */
export type StepBody = WithoutCommandId<
  NonNullable<paths[MatchCommandPath]['post']['requestBody']>['content']['application/json']
>;

/** The step to play next: the head of `awaiting`, or nothing when the side to play may do anything. */
export function nextStep(contract: Pick<MatchContract, 'awaiting' | 'ended'>): AwaitedStep | undefined {
  return contract.ended ? undefined : contract.awaiting[0];
}

/** The connection a helper sends through: the service's base URL, a key, and fetch. */
export interface Connection {
  baseUrl: string;
  key: string;
  fetch: typeof globalThis.fetch;
}

/**
 * Posts `body` to the route an awaited step names (`step.route`, relative to the service's root),
 * with a fresh commandId unless the body brings one. The key must be the one of `step.side` (or a
 * judge's or organiser's where the rules allow it). Answers the command's answer; a refusal throws an
 * `UmpireProblem` carrying the rule it broke.
 */
export async function playAwaited(
  connection: Connection,
  step: AwaitedStep,
  body: StepBody,
  options: { signal?: AbortSignal } = {},
): Promise<CommandAnswer> {
  const response = await connection.fetch(`${connection.baseUrl.replace(/\/+$/, '')}${step.route}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${connection.key}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ commandId: newCommandId(), ...body }),
    signal: options.signal,
  });
  const text = await response.text();
  const answer = parsed(text);
  if (!response.ok) throw new UmpireProblem(problemFrom(response.status, answer));
  if (!isCommandAnswer(answer)) {
    throw new UmpireProblem(problemFrom(response.status, text));
  }
  return answer;
}

/** Who plays each side, and what each awaited step's body is. */
export interface AwaitedPlay {
  /** The connection that holds each side's key. */
  seats: Record<AwaitedStep['side'], Connection>;
  /** The body for a step (`step.command` says which command it is, `step.unitId` for which unit). */
  bodyFor(step: AwaitedStep): StepBody;
  /** Called with each step before it is played (to log it, say). */
  onStep?(step: AwaitedStep): void;
  /** A guard against a loop that never settles; 50 by default. */
  maxSteps?: number;
}

/**
 * Plays awaited steps one after another, each by the side it names, until nothing is awaited: the
 * loop every client of the play contract writes. Answers the last answer (or `from` itself when
 * nothing was awaited).
 */
export async function playUntilSettled<Contract extends Pick<MatchContract, 'awaiting' | 'ended'>>(
  from: Contract,
  play: AwaitedPlay,
): Promise<Contract | CommandAnswer> {
  let current: Contract | CommandAnswer = from;
  const limit = play.maxSteps ?? 50;
  for (let played = 0; ; played++) {
    const step = nextStep(current);
    if (!step) return current;
    if (played >= limit) throw new Error(`still awaiting ${step.command} after ${limit} steps`);
    play.onStep?.(step);
    current = await playAwaited(play.seats[step.side], step, play.bodyFor(step));
  }
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The fields of a command answer the helpers rely on, checked rather than assumed. */
function isCommandAnswer(value: unknown): value is CommandAnswer {
  if (typeof value !== 'object' || value === null) return false;
  const fields: Record<string, unknown> = { ...value };
  return (
    typeof fields.matchId === 'string' &&
    typeof fields.revision === 'number' &&
    typeof fields.ended === 'boolean' &&
    Array.isArray(fields.awaiting) &&
    Array.isArray(fields.events)
  );
}
