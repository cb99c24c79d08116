import type { CommandTemplate, TemplateChoice } from './contract.js';
import type { LogEntry } from './match-view.js';

/** The turn log's sentence for event `revision`, when the page holds it. */
export function sentenceOf(entries: readonly LogEntry[], revision: number): string | undefined {
  // Without its full stop: it is quoted inside another sentence.
  return entries.find((entry) => entry.revision === revision)?.sentence.replace(/\.$/, '');
}

/** "event 7", or "event 7 (Zulus pass their morale test)" when the page holds its sentence. */
export function eventNamed(entries: readonly LogEntry[], revision: number): string {
  const sentence = sentenceOf(entries, revision);
  return sentence ? `event ${revision} (${sentence})` : `event ${revision}`;
}

/** A choice of an earlier event, as the play contract offers one: each option "after event N". */
function isEventChoice(choice: TemplateChoice): choice is Extract<TemplateChoice, { kind: 'one-of' }> {
  return (
    choice.kind === 'one-of' &&
    choice.options.length > 0 &&
    choice.options.every((o) => typeof o.value === 'number' && o.label === `after event ${o.value}`)
  );
}

/**
 * A template whose choices of an earlier event (an undo's, a backup's, a ruling's) name what each
 * event was, from the turn log: a player picks "after event 7: Zulus pass their morale test" rather
 * than a bare number. The values, and so the command, are unchanged.
 */
export function withEventSentences(template: CommandTemplate, entries: readonly LogEntry[]): CommandTemplate {
  if (!template.choices.some(isEventChoice)) return template;
  const choices = template.choices.map((choice): TemplateChoice => {
    if (!isEventChoice(choice)) return choice;
    const options = choice.options.map((option) => {
      const sentence = sentenceOf(entries, option.value as number);
      return sentence ? { ...option, label: `${option.label}: ${sentence}` } : option;
    });
    return { ...choice, options };
  });
  return { ...template, choices };
}

/**
 * For a form's `describe`: a dispute's event (C-5) is asked as a number, and the number typed is
 * answered with the line it names ("Event 7: Turn 2: the Z1 charged the N1"), or with nothing when the
 * page holds no such event.
 */
export function eventOfNumber(entries: readonly LogEntry[]) {
  return (choice: TemplateChoice, value: number): string | undefined => {
    if (choice.path !== 'revision' || choice.kind !== 'integer') return undefined;
    const sentence = sentenceOf(entries, value);
    return sentence ? `Event ${value}: ${sentence}.` : undefined;
  };
}
