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
/** Something a side (or a judge's or organiser's key) may do now, in the same template shape. */
export type CommandTemplate = MatchContract['available'][number];
/** A choice a template leaves to the player, with its allowed values. */
export type TemplateChoice = (AwaitedStep | CommandTemplate)['choices'][number];
type ChoiceValue = string | number | boolean | Record<string, string>;

/** How a client picks what a template leaves open; every part has a default. */
export interface TemplateFilling {
  /** The value for a choice (undefined: the default, or leave an optional choice out). */
  choose?(choice: TemplateChoice, template: AwaitedStep | CommandTemplate): ChoiceValue | undefined;
  /** The faces of table dice: exactly `dice.count` of them (default: random faces). */
  faces?(template: AwaitedStep | CommandTemplate): number[];
}

/**
 * The body of a template made complete from the template alone: its `body`, each choice set (asked only
 * when its `when` holds; an optional one only when `choose` gives a value), and table dice at `dice.path`.
 * Defaults: the first allowed value, yes, the lowest number, a word. A fresh commandId is added on posting.
 */
export function fillTemplate(
  template: AwaitedStep | CommandTemplate,
  filling: TemplateFilling = {},
): Record<string, unknown> {
  const body: Record<string, unknown> = structuredClone(template.body) as Record<string, unknown>;
  for (const choice of template.choices) {
    if (choice.when && valueAt(body, choice.when.path) !== choice.when.value) continue;
    const chosen = filling.choose?.(choice, template);
    if (chosen === undefined && choice.optional) continue;
    setAt(body, choice.path, chosen ?? defaultValue(choice));
  }
  const dice = template.dice;
  if (dice?.source === 'table' && dice.path) {
    const faces =
      filling.faces?.(template) ??
      Array.from({ length: dice.count }, () => 1 + Math.floor(Math.random() * 6));
    setAt(body, dice.path, faces);
  }
  return body;
}

function defaultValue(choice: TemplateChoice): ChoiceValue {
  switch (choice.kind) {
    case 'one-of': {
      const [first] = choice.options;
      if (!first) throw new Error(`no allowed value for ${choice.path}: this key may not choose it`);
      return first.value;
    }
    case 'yes-no':
      return true;
    case 'integer':
      return choice.min;
    case 'text':
      return 'x';
  }
}

function valueAt(body: Record<string, unknown>, path: string): unknown {
  let at: unknown = body;
  for (const part of path.split('.')) {
    at = typeof at === 'object' && at !== null ? (at as Record<string, unknown>)[part] : undefined;
  }
  return at;
}

function setAt(body: Record<string, unknown>, path: string, value: unknown): void {
  const parts = path.split('.');
  let at = body;
  for (const part of parts.slice(0, -1)) {
    const next = at[part];
    if (typeof next !== 'object' || next === null) at[part] = {};
    at = at[part] as Record<string, unknown>;
  }
  at[parts[parts.length - 1]!] = value;
}

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
  step: Pick<AwaitedStep | CommandTemplate, 'route'>,
  body: StepBody | Record<string, unknown>,
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

/** Who plays each side, and how each awaited step's body is made. */
export interface AwaitedPlay extends TemplateFilling {
  /** The connection that holds each side's key. */
  seats: Record<AwaitedStep['side'], Connection>;
  /**
   * The body for a step, for a client that knows the commands. Without it each step's template is
   * filled (fillTemplate, with `choose` and `faces`): no knowledge of any command needed.
   */
  bodyFor?(step: AwaitedStep): StepBody;
  /** Called with each step before it is played (to log it, say). */
  onStep?(step: AwaitedStep): void;
  /** A guard against a loop that never settles; 50 by default. */
  maxSteps?: number;
}

/**
 * Plays awaited steps one after another, each by the side it names, until nothing is awaited: the
 * loop every client of the play contract writes. Answers the last answer (or `from` itself when
 * nothing was awaited).
 *
 * A template is made for the key that reads it: the other side's step shows no sealed card (AA-2). So
 * when a step is filled from its template and the side to play is not the one whose answer is in hand,
 * the step is read again with that side's own key first (`fromSide` names whose view `from` is).
 */
export async function playUntilSettled<Contract extends Pick<MatchContract, 'awaiting' | 'ended'>>(
  from: Contract,
  play: AwaitedPlay & { fromSide?: AwaitedStep['side'] },
): Promise<Contract | CommandAnswer> {
  let current: Contract | CommandAnswer = from;
  let viewer = play.fromSide;
  const limit = play.maxSteps ?? 50;
  for (let played = 0; ; played++) {
    let step = nextStep(current);
    if (!step) return current;
    if (played >= limit) throw new Error(`still awaiting ${step.command} after ${limit} steps`);
    if (!play.bodyFor && viewer !== step.side && 'matchId' in current) {
      const own = nextStep(await readContract(play.seats[step.side], String(current.matchId)));
      if (!own) return current;
      step = own;
    }
    play.onStep?.(step);
    const body = play.bodyFor ? play.bodyFor(step) : fillTemplate(step, play);
    current = await playAwaited(play.seats[step.side], step, body);
    viewer = step.side;
  }
}

/** The play contract as one key sees it (GET /matches/{id}). */
async function readContract(connection: Connection, matchId: string): Promise<MatchContract> {
  const response = await connection.fetch(
    `${connection.baseUrl.replace(/\/+$/, '')}/matches/${encodeURIComponent(matchId)}`,
    { headers: { Authorization: `Bearer ${connection.key}` } },
  );
  const text = await response.text();
  const answer = parsed(text);
  if (!response.ok) throw new UmpireProblem(problemFrom(response.status, answer));
  return answer as MatchContract;
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
