import type { FunctionComponent } from 'preact';
import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import {
  type ChoiceOption,
  type ChoiceValue,
  type CommandTemplate,
  commandBody,
  isAsked,
  missing,
  newCommandId,
  sameValue,
  type TemplateChoice,
} from './contract';
import { DiceEntry } from './dice-entry';
import { IntegerField } from './integer-field';
import { RuleLink } from './rule-link';

/** How a one-of choice is shown: the page's own buttons, or a ruleset's presentation of its own. */
export type ChoicePresenter = FunctionComponent<{
  choice: TemplateChoice;
  options: readonly ChoiceOption[];
  chosen: (value: ChoiceValue) => boolean;
  onChoose: (value: ChoiceValue) => void;
  /** Given already by another command of this side not yet sent (one card, one unit: AA-1). */
  taken: (value: ChoiceValue) => boolean;
}>;

/** Above this many options a plain choice is a drop-down rather than a row of buttons. */
const MANY_OPTIONS = 12;

export interface FormProps {
  template: CommandTemplate;
  /** A stable id for the form's fields. */
  formId: string;
  onSend: (body: Record<string, unknown>, template: CommandTemplate) => void;
  /** Whether another unsent command of this side already chose this value here (one card per unit). */
  taken: (choice: TemplateChoice, value: ChoiceValue) => boolean;
  onRule: (ruleId: string) => void;
  onCancel?: () => void;
  /** A page's own presentation of a choice, by its options' shape; plain buttons when none. */
  presenterFor?: (options: readonly ChoiceOption[]) => ChoicePresenter | undefined;
  /** Answers known before the player gives any (kept on this device, such as a commitment's salt). */
  initial?: Readonly<Record<string, ChoiceValue>>;
  /** What a number given stands for, shown under its field as it is typed (the event it names). */
  describe?: (choice: TemplateChoice, value: number) => string | undefined;
  /**
   * Opened by the player (a disclosure button): focus moves into it at once, to its first field, or to
   * its title when it has none, so that what is typed next lands in it. A form that appears by itself
   * (a step the match now awaits) never takes the focus from where the player is.
   */
  takeFocus?: boolean;
  /** Why it cannot be sent now though complete (a command like it already waits on this device). */
  held?: string;
}

/** The fields a player fills in first: never the rule link in the title, never Send (a tap too soon). */
const FIRST_FIELD =
  'input:not([disabled]), select:not([disabled]), textarea:not([disabled]), fieldset button:not([disabled])';

/**
 * A command's form, built from its template alone: each choice as buttons or a field, table dice as
 * faces to tap, server dice as one "Roll" tap; the body is the template's with the answers set in it.
 */
export function TemplateForm(props: FormProps) {
  const { template, formId } = props;
  const [answers, setAnswers] = useState<Record<string, ChoiceValue>>(() => ({ ...props.initial }));
  const [faces, setFaces] = useState<number[]>([]);
  const gaps = missing(template, answers, faces);
  const set = (path: string, value: ChoiceValue | undefined) =>
    setAnswers((was) => {
      const next = { ...was };
      if (value === undefined) delete next[path];
      else next[path] = value;
      return next;
    });
  const rolls = template.dice?.source === 'server';
  const form = useRef<HTMLFormElement>(null);
  // As soon as it is in the page, before the next key the player presses can go elsewhere.
  useLayoutEffect(() => {
    if (!props.takeFocus) return;
    const at = form.current;
    const first = at?.querySelector<HTMLElement>(FIRST_FIELD) ?? at?.querySelector<HTMLElement>('h3');
    first?.focus();
    // Only when it opens: focus must not jump back as the player moves on within it.
  }, []);
  const { onCancel, held } = props;

  return (
    <form
      ref={form}
      class="template-form"
      aria-labelledby={`${formId}-title`}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && onCancel) {
          event.preventDefault();
          onCancel();
        }
      }}
      onSubmit={(event) => {
        event.preventDefault();
        if (gaps.length > 0 || held) return;
        props.onSend(commandBody(template, answers, faces, newCommandId()), template);
        setAnswers({ ...props.initial });
        setFaces([]);
      }}
    >
      {/* The form is named by its title alone: the rule link beside it is a button of its own. */}
      <h3 tabIndex={-1}>
        <span id={`${formId}-title`}>{template.label}</span>{' '}
        <RuleLink ruleId={template.ruleId} onRule={props.onRule} />
      </h3>
      {/* Held: nothing to fill in again, only why it waits. */}
      {!held &&
        template.choices
          .filter((choice) => isAsked(choice, answers))
          .map((choice, index) => (
            <Choice
              key={choice.path}
              id={`${formId}-c${index}`}
              choice={choice}
              value={answers[choice.path]}
              onValue={(value) => set(choice.path, value)}
              taken={(value) => props.taken(choice, value)}
              presenterFor={props.presenterFor}
              describe={props.describe}
            />
          ))}
      {!held && template.dice?.source === 'table' && (
        <DiceEntry dice={template.dice} faces={faces} onFaces={setFaces} idPrefix={formId} />
      )}
      {!held && rolls && (
        <p class="note">
          The service rolls {template.dice!.count === 1 ? 'the die' : `${template.dice!.count} dice`} for the{' '}
          {template.dice!.purpose} ({template.dice!.ruleId}).
        </p>
      )}
      {!held && gaps.length > 0 && template.choices.length + (template.dice ? 1 : 0) > 0 && (
        <p class="note" id={`${formId}-missing`}>
          Still to give: {gaps.join('; ')}
        </p>
      )}
      {held && (
        <p class="held" id={`${formId}-held`} role="status" data-testid="held">
          <span class="badge">queued</span> {held}
        </p>
      )}
      <div class="form-actions">
        <button
          type="submit"
          class="primary"
          disabled={gaps.length > 0 || held !== undefined}
          aria-describedby={held ? `${formId}-held` : gaps.length > 0 ? `${formId}-missing` : undefined}
        >
          {rolls ? 'Roll' : 'Send'}
        </button>
        {onCancel && (
          <button type="button" class="quiet" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}

function Choice(props: {
  id: string;
  choice: TemplateChoice;
  value: ChoiceValue | undefined;
  onValue: (value: ChoiceValue | undefined) => void;
  taken: (value: ChoiceValue) => boolean;
  presenterFor?: FormProps['presenterFor'];
  describe?: FormProps['describe'];
}) {
  const { choice, value, onValue, id } = props;
  const optional = choice.optional ? <span class="note"> (optional)</span> : null;
  switch (choice.kind) {
    case 'one-of': {
      const Presenter = props.presenterFor?.(choice.options);
      if (Presenter) {
        return (
          <Presenter
            choice={choice}
            options={choice.options}
            chosen={(option) => sameValue(option, value)}
            onChoose={(option) => onValue(sameValue(option, value) ? undefined : option)}
            taken={props.taken}
          />
        );
      }
      if (choice.options.length > MANY_OPTIONS) {
        const index = choice.options.findIndex((option) => sameValue(option.value, value));
        return (
          <div class="field">
            <label for={id}>
              {choice.label}
              {optional}
            </label>
            <select
              id={id}
              value={index === -1 ? '' : String(index)}
              onChange={(event) => {
                const picked = choice.options[Number(event.currentTarget.value)];
                onValue(event.currentTarget.value === '' ? undefined : picked?.value);
              }}
            >
              <option value="">Choose…</option>
              {choice.options.map((option, i) => (
                <option key={i} value={String(i)} disabled={props.taken(option.value)}>
                  {option.label}
                </option>
              ))}
            </select>
          </div>
        );
      }
      return (
        <fieldset class="choice">
          <legend>
            {choice.label}
            {optional}
          </legend>
          <div class="choice-buttons">
            {choice.options.map((option, i) => (
              <button
                type="button"
                key={i}
                aria-pressed={sameValue(option.value, value)}
                disabled={props.taken(option.value)}
                onClick={() => onValue(sameValue(option.value, value) ? undefined : option.value)}
              >
                {option.label}
              </button>
            ))}
          </div>
        </fieldset>
      );
    }
    case 'yes-no':
      return (
        <fieldset class="choice">
          <legend>
            {choice.label}
            {optional}
          </legend>
          <div class="choice-buttons">
            {[true, false].map((answer) => (
              <button
                type="button"
                key={String(answer)}
                aria-pressed={value === answer}
                onClick={() => onValue(value === answer ? undefined : answer)}
              >
                {answer ? 'Yes' : 'No'}
              </button>
            ))}
          </div>
        </fieldset>
      );
    case 'integer':
      return (
        <IntegerField
          id={id}
          label={
            <>
              {choice.label}
              {optional}
            </>
          }
          min={choice.min}
          max={choice.max}
          value={typeof value === 'number' ? value : undefined}
          onValue={onValue}
          hint={typeof value === 'number' ? props.describe?.(choice, value) : undefined}
        />
      );
    case 'text': {
      const long = choice.maxLength > 200;
      const onInput = (event: { currentTarget: HTMLInputElement | HTMLTextAreaElement }) => {
        const text = event.currentTarget.value;
        onValue(text.trim() === '' ? undefined : text);
      };
      return (
        <div class="field">
          <label for={id}>
            {choice.label}
            {optional}
          </label>
          {long ? (
            <textarea
              id={id}
              maxLength={choice.maxLength}
              rows={3}
              value={typeof value === 'string' ? value : ''}
              onInput={onInput}
            />
          ) : (
            <input
              id={id}
              type="text"
              maxLength={choice.maxLength}
              autocomplete="off"
              value={typeof value === 'string' ? value : ''}
              onInput={onInput}
            />
          )}
        </div>
      );
    }
  }
}
