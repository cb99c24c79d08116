/**
 * The play contract as the page reads it: the shapes of src/rules/common/play-contract.ts (one
 * definition for the rules, the service and the pages), and where a match answer carries them. Nothing
 * here knows a ruleset: every form is built from a template alone.
 */
import type { ChoiceOption, CommandTemplate, TemplateChoice } from '../../src/rules/common/play-contract.js';
import type { MatchAnswer } from '../shared/match-view.js';

export type { ChoiceOption, CommandTemplate, TemplateChoice };

/** A choice's value as a command takes it (an orders card may be a small record of named texts). */
export type ChoiceValue = ChoiceOption['value'];

export interface ContractAnswer extends MatchAnswer {
  awaiting?: CommandTemplate[] & MatchAnswer['awaiting'];
  available?: CommandTemplate[];
}

const isTemplate = (value: unknown): value is CommandTemplate =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as CommandTemplate).route === 'string' &&
  typeof (value as CommandTemplate).label === 'string' &&
  Array.isArray((value as CommandTemplate).choices);

/** What this side must do now (first to send first) and what it may do besides, from one answer. */
export function templatesFor(
  answer: ContractAnswer,
  side: string,
): { mustDo: CommandTemplate[]; mayDo: CommandTemplate[] } {
  const awaiting = (answer.awaiting ?? []).filter(isTemplate);
  const mustDo = awaiting.filter((t) => t.side === side);
  const awaited = new Set(mustDo.map((t) => `${t.route} ${t.action}`));
  const mayDo = (answer.available ?? [])
    .filter(isTemplate)
    .filter((t) => t.side === side && !awaited.has(`${t.route} ${t.action}`));
  return { mustDo, mayDo };
}

/** The steps the match waits for from the other side: what this page shows as "waiting for …". */
export function awaitedFromOthers(answer: ContractAnswer, side: string): CommandTemplate[] {
  return (answer.awaiting ?? []).filter(isTemplate).filter((t) => t.side !== side);
}

/** Whether a choice is asked, given the answers so far (`when`: only once another choice has that value). */
export function isAsked(choice: TemplateChoice, answers: Readonly<Record<string, ChoiceValue>>): boolean {
  if (!choice.when) return true;
  return sameValue(answers[choice.when.path], choice.when.value);
}

export function sameValue(a: ChoiceValue | undefined, b: ChoiceValue | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  if (typeof a === 'object' || typeof b === 'object') return JSON.stringify(a) === JSON.stringify(b);
  return a === b;
}

/** What is still missing before the command can be sent, in words: nothing when it is complete. */
export function missing(
  template: CommandTemplate,
  answers: Readonly<Record<string, ChoiceValue>>,
  faces: readonly number[],
): string[] {
  const gaps = template.choices
    .filter((choice) => isAsked(choice, answers) && !choice.optional && answers[choice.path] === undefined)
    .map((choice) => choice.label);
  const dice = template.dice;
  if (dice?.source === 'table' && faces.length !== dice.count) {
    gaps.push(`${dice.count} ${dice.count === 1 ? 'die' : 'dice'} for the ${dice.purpose}`);
  }
  return gaps;
}

/**
 * The command's body: the template's own, each asked choice set at its (dotted) path, the table dice's
 * faces at theirs, and a fresh commandId, so that a retry of the same command is the same command.
 */
export function commandBody(
  template: CommandTemplate,
  answers: Readonly<Record<string, ChoiceValue>>,
  faces: readonly number[],
  commandId: string,
): Record<string, unknown> {
  const body = structuredClone(template.body) as Record<string, unknown>;
  for (const choice of template.choices) {
    const value = answers[choice.path];
    if (isAsked(choice, answers) && value !== undefined) setAt(body, choice.path, value);
  }
  if (template.dice?.source === 'table') setAt(body, template.dice.path ?? 'dice', [...faces]);
  body.commandId = commandId;
  return body;
}

function setAt(target: Record<string, unknown>, path: string, value: unknown): void {
  const parts = path.split('.');
  let at = target;
  for (const part of parts.slice(0, -1)) {
    const next = at[part];
    if (typeof next !== 'object' || next === null || Array.isArray(next)) at[part] = {};
    at = at[part] as Record<string, unknown>;
  }
  at[parts[parts.length - 1]!] = value;
}

/** A commandId no other command of this device will have. */
export function newCommandId(): string {
  return `t-${crypto.randomUUID()}`;
}
