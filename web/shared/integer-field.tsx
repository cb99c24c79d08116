import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';

/**
 * A whole number between `min` and `max`, typed. What is typed stays in the field as typed, in range or
 * not (a morale of 10 starts with a 1, below a minimum of 6); only a number in range is the answer
 * (`onValue`), and a number out of range, or no whole number, says so beside the field instead of
 * vanishing. An answer set from outside (a form filled in again) is shown.
 */
export function IntegerField(props: {
  id: string;
  label: ComponentChildren;
  min: number;
  max: number;
  value: number | undefined;
  onValue: (value: number | undefined) => void;
  /** What the answer means, once there is one (a unit's morale named). */
  hint?: string;
}) {
  const { id, min, max, value, onValue } = props;
  const [text, setText] = useState(value === undefined ? '' : String(value));
  useEffect(() => {
    if (value !== undefined && Number(text) !== value) setText(String(value));
  }, [value]);
  const number = Number(text);
  const wrong =
    text.trim() === ''
      ? undefined
      : !Number.isInteger(number)
        ? `A whole number, ${min} to ${max}.`
        : number < min || number > max
          ? `${number} is not between ${min} and ${max}.`
          : undefined;
  const described = [wrong ? `${id}-wrong` : '', props.hint ? `${id}-hint` : ''].filter(Boolean).join(' ');
  return (
    <div class="field">
      <label for={id}>
        {props.label}{' '}
        <span class="note">
          ({min}–{max})
        </span>
      </label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        step={1}
        value={text}
        aria-invalid={wrong ? true : undefined}
        aria-describedby={described || undefined}
        onInput={(event) => {
          const typed = event.currentTarget.value;
          setText(typed);
          const typedNumber = Number(typed);
          onValue(
            typed.trim() === '' || !Number.isInteger(typedNumber) || typedNumber < min || typedNumber > max
              ? undefined
              : typedNumber,
          );
        }}
      />
      {wrong && (
        <p class="error" id={`${id}-wrong`} aria-live="polite">
          {wrong}
        </p>
      )}
      {props.hint && (
        <p class="note" id={`${id}-hint`} aria-live="polite" data-testid="value-named">
          {props.hint}
        </p>
      )}
    </div>
  );
}
