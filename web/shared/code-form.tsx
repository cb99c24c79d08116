import type { ComponentChildren } from 'preact';
import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import { readTypedCode } from './typed-code';

/**
 * The code of an invitation, typed in (read aloud at the desk, written on a slip), on the table page
 * and the tournament page alike: its form checked on the page (typed-code.ts) before anything is sent;
 * then `join` trades it, and answers why not in words, which stand on the field until it changes (or
 * nothing, when the page says a refusal elsewhere).
 */
export function CodeForm(props: {
  join: (code: string) => Promise<string | undefined>;
  label: string;
  /** Said before the field. */
  intro?: ComponentChildren;
  /** Said after the field's own hint. */
  notes?: ComponentChildren;
  buttonClass: string;
}) {
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<{ words: string; attempt: number }>();
  const [joining, setJoining] = useState(false);
  const attempts = useRef(0);
  // Preact sets `autocorrect` as the element's property, which Chromium holds as a boolean: the string
  // "off" is truthy and the attribute came out "on". The attribute itself is what keyboards read.
  const field = useRef<HTMLInputElement>(null);
  useLayoutEffect(() => field.current?.setAttribute('autocorrect', 'off'), []);
  const refuse = (words: string) => {
    attempts.current += 1;
    setProblem({ words, attempt: attempts.current });
    field.current?.focus();
  };
  return (
    <form
      class="stack code-form"
      noValidate
      aria-busy={joining ? 'true' : undefined}
      onSubmit={(event) => {
        event.preventDefault();
        if (joining) return;
        const read = readTypedCode(value);
        if ('problem' in read) {
          refuse(read.problem);
          return;
        }
        setProblem(undefined);
        setJoining(true);
        void props.join(read.code).then((refused) => {
          setJoining(false);
          if (refused) refuse(refused);
        });
      }}
    >
      {props.intro}
      <label for="invitation-code">{props.label}</label>
      <input
        id="invitation-code"
        ref={field}
        aria-describedby={problem ? 'invitation-code-problem invitation-code-form' : 'invitation-code-form'}
        aria-invalid={problem ? 'true' : undefined}
        autocomplete="off"
        // Codes are shown in capitals; they are read in any case, with or without dashes.
        autocapitalize="characters"
        spellcheck={false}
        placeholder="K3X9-A0B2-C4D6"
        required
        value={value}
        onInput={(event) => {
          setValue(event.currentTarget.value);
          // What was said of the code typed before is not said of what is typed now.
          if (problem) setProblem(undefined);
        }}
      />
      {problem && (
        // Keyed by the attempt: the same words said of a second try are announced again.
        <p
          key={problem.attempt}
          class="error"
          id="invitation-code-problem"
          role="alert"
          data-testid="code-problem"
        >
          {problem.words}
        </p>
      )}
      <p class="note" id="invitation-code-form">
        Twelve letters and digits, as on your slip or the organiser’s screen; capitals or not, dashes or not.
      </p>
      {props.notes}
      <p class="sr-only" role="status">
        {joining ? 'Joining…' : ''}
      </p>
      <button type="submit" class={props.buttonClass} disabled={joining}>
        {joining ? 'Joining…' : 'Join'}
      </button>
    </form>
  );
}
