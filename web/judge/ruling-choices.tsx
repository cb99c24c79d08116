import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { ChoicePresenter } from '../shared/template-form';
import type { ChoiceOption, CommandTemplate } from '../shared/contract';
import { backupChoiceOf, type Dispute } from './ruling';

/** What the ruling's choices say beside their options: the dispute, and where backing up would go. */
export interface RulingContext {
  formId: string;
  dispute?: Dispute;
  /** "event 5 (N1 fails its morale test …)". */
  eventName: (revision: number) => string;
  /** The event suggested to back up to: the last one offered before the disputed event. */
  suggestion?: number;
  /** Whether this ruling may back the match up at all (not once it has ended, C-4). */
  mayBackUp: boolean;
  /** Whether an undo or a backup already took the disputed event back. */
  undone: boolean;
}

const Ruling = createContext<RulingContext | undefined>(undefined);
export const RulingProvider = Ruling.Provider;

/** Above this many options the event to back up to is a drop-down, as the shared form shows one. */
const MANY_OPTIONS = 12;

/** The id of the words that say what upholding does: the Upheld button is described by them. */
export const upheldNoteId = (formId: string) => `${formId}-upheld-note`;

/**
 * The ruling's "Upheld"/"Dismissed", and, once Upheld is chosen, what it does (C-5): a backup takes the
 * disputed event and all after it back; without one the ruling is recorded and nothing in the match
 * changes. Said in a live region, so a screen reader hears it as the choice is made.
 */
const RulingChoice: ChoicePresenter = ({ choice, options, chosen, onChoose }) => {
  const at = useContext(Ruling);
  const upheld = chosen('upheld');
  const noteId = at ? upheldNoteId(at.formId) : undefined;
  return (
    <fieldset class="choice">
      <legend>{choice.label}</legend>
      <div class="choice-buttons">
        {options.map((option, i) => (
          <button
            type="button"
            key={i}
            aria-pressed={chosen(option.value)}
            aria-describedby={option.value === 'upheld' && upheld ? noteId : undefined}
            onClick={() => onChoose(option.value)}
          >
            {option.label}
          </button>
        ))}
      </div>
      <div id={noteId} class="upheld-note" aria-live="polite" data-testid="upheld-note">
        {upheld && at && <UpheldWords at={at} />}
      </div>
    </fieldset>
  );
};

function UpheldWords({ at }: { at: RulingContext }) {
  const disputed = at.dispute ? at.eventName(at.dispute.revision) : 'the disputed event';
  if (!at.mayBackUp) {
    return (
      <p>
        The match has ended, so a ruling can no longer back it up (C-4): upholding records the ruling and
        changes nothing in the match.
      </p>
    );
  }
  return (
    <>
      <p>
        Upholding undoes nothing by itself. To take {disputed} back, choose below the event to back the match
        up to: that event's state is restored and every event after it is undone (they stay in the log, marked
        undone, and no die is rolled again, C-5).{' '}
        <strong>Without an event chosen, the ruling is recorded and nothing in the match changes.</strong>
      </p>
      {at.undone ? (
        <p>{capital(disputed)} is already undone.</p>
      ) : at.suggestion !== undefined ? (
        <p>Suggested: after event {at.suggestion}, the last step before the disputed event.</p>
      ) : (
        <p>No event before the disputed one can be backed up to from here.</p>
      )}
    </>
  );
}

/**
 * The event to back up to, with "No backup" as a choice of its own, said for what it is: the ruling
 * then changes nothing in the match. Shown only once Upheld is chosen (the template's `when`).
 */
const BackupChoice: ChoicePresenter = ({ choice, options, chosen, onChoose }) => {
  const at = useContext(Ruling);
  const id = `${at?.formId ?? 'ruling'}-backup`;
  const none = 'No backup: nothing in the match changes';
  const index = options.findIndex((option) => chosen(option.value));
  const label = (option: ChoiceOption) =>
    option.value === at?.suggestion ? `${option.label} (suggested)` : option.label;
  if (options.length > MANY_OPTIONS) {
    return (
      <div class="field">
        <label for={id}>{choice.label}</label>
        <select
          id={id}
          value={index === -1 ? '' : String(index)}
          onChange={(event) => {
            const value = event.currentTarget.value;
            const picked = value === '' ? undefined : options[Number(value)];
            if (picked) onChoose(picked.value);
            else if (index !== -1) onChoose(options[index]!.value);
          }}
        >
          <option value="">{none}</option>
          {options.map((option, i) => (
            <option key={i} value={String(i)}>
              {label(option)}
            </option>
          ))}
        </select>
      </div>
    );
  }
  return (
    <fieldset class="choice">
      <legend>{choice.label}</legend>
      <div class="choice-buttons">
        {options.map((option, i) => (
          <button
            type="button"
            key={i}
            aria-pressed={chosen(option.value)}
            onClick={() => onChoose(option.value)}
          >
            {label(option)}
          </button>
        ))}
        <button
          type="button"
          aria-pressed={index === -1}
          onClick={() => index !== -1 && onChoose(options[index]!.value)}
        >
          {none}
        </button>
      </div>
    </fieldset>
  );
};

/** The form's presenters for a ruling's own choices, found by their options; the rest are the form's own. */
export function rulingPresenters(template: CommandTemplate) {
  const ruling = template.choices.find((c) => c.path === 'ruling');
  const backup = backupChoiceOf(template);
  if (template.action !== 'ruling' || ruling?.kind !== 'one-of') return undefined;
  return (options: readonly ChoiceOption[]): ChoicePresenter | undefined =>
    options === ruling.options
      ? RulingChoice
      : backup && options === backup.options
        ? BackupChoice
        : undefined;
}

const capital = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
