import type { CommandTemplate, TemplateChoice } from './contract.js';
import type { LogEntry } from './match-view.js';

/**
 * The turn log's sentence for event `revision`, when the page holds it, marked "(undone)" when an undo
 * or a backup took it back: a player must not pick it believing it still stands.
 */
export function sentenceOf(entries: readonly LogEntry[], revision: number): string | undefined {
  const entry = entries.find((candidate) => candidate.revision === revision);
  // Without its full stop: it is quoted inside another sentence.
  return entry && `${entry.sentence.replace(/\.$/, '')}${entry.reverted ? ' (undone)' : ''}`;
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

/** A choice of one event by its number (a dispute's, C-5): an integer at `revision`. */
const isEventNumber = (choice: TemplateChoice): choice is Extract<TemplateChoice, { kind: 'integer' }> =>
  choice.path === 'revision' && choice.kind === 'integer';

/**
 * A template whose event is asked as a number (a dispute's) offers the events themselves instead, newest
 * first, each by its line in the turn log ("event 7: Turn 2: the Z1 charged the N1"), as an undo offers
 * its events: nobody has to read a number off the log and type it. The values, and so the command, are
 * unchanged; a number the page holds no line for is not offered (the page knows of no such event).
 */
export function withEventList(template: CommandTemplate, entries: readonly LogEntry[]): CommandTemplate {
  if (!template.choices.some(isEventNumber)) return template;
  const choices = template.choices.map((choice): TemplateChoice => {
    if (!isEventNumber(choice)) return choice;
    const options = entries
      .filter((entry) => entry.revision >= choice.min && entry.revision <= choice.max)
      .map((entry) => ({
        value: entry.revision,
        label: `event ${entry.revision}: ${sentenceOf(entries, entry.revision)}`,
      }))
      .reverse();
    if (options.length === 0) return choice;
    const { min: _min, max: _max, kind: _kind, ...rest } = choice;
    return { ...rest, kind: 'one-of', options };
  });
  return { ...template, choices };
}
