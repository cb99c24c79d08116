import type { ChoiceValue, CommandTemplate, TemplateChoice } from '../shared/contract';
import type { RuleText } from '../shared/rule-link';

function valueAt(body: Record<string, unknown>, path: string): unknown {
  let at: unknown = body;
  for (const part of path.split('.')) {
    if (typeof at !== 'object' || at === null) return undefined;
    at = (at as Record<string, unknown>)[part];
  }
  return at;
}

/**
 * The answers a sent body holds, by the template's choice paths: what the form is opened with again
 * when the command was refused, or when a confirmation was turned back, so nothing is typed twice.
 */
export function answersOf(
  template: CommandTemplate,
  body: Record<string, unknown>,
): Record<string, ChoiceValue> {
  const answers: Record<string, ChoiceValue> = {};
  for (const choice of template.choices) {
    const value = valueAt(body, choice.path);
    if (value !== undefined) answers[choice.path] = value as ChoiceValue;
  }
  return answers;
}

/** A choice asking for a rule id as words (a ruling's "the rule it rests on"). */
function isRuleIdText(choice: TemplateChoice): boolean {
  return choice.kind === 'text' && choice.path.split('.').pop() === 'ruleId';
}

/**
 * A template whose rule id, asked as free text, is a choice of the rule ids the ruleset's version
 * publishes, each with its title: a judge picks "HH-7 Impact" rather than typing an id the service
 * may refuse. Without the published rules the template stays as it came.
 */
export function withRuleChoices(
  template: CommandTemplate,
  rules: readonly RuleText[] | undefined,
): CommandTemplate {
  if (!rules || rules.length === 0 || !template.choices.some(isRuleIdText)) return template;
  const choices = template.choices.map((choice): TemplateChoice =>
    isRuleIdText(choice)
      ? {
          path: choice.path,
          label: choice.label,
          kind: 'one-of',
          options: rules.map((rule) => ({ value: rule.ruleId, label: `${rule.ruleId} ${rule.title}` })),
          ...(choice.optional ? { optional: true } : {}),
          ...(choice.when ? { when: choice.when } : {}),
        }
      : choice,
  );
  return { ...template, choices };
}
