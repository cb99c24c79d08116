import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';

/**
 * The key a page acts with, typed in once and kept for this browser tab only (sessionStorage), never
 * in the URL: a page's link can be shared, the key cannot.
 */
export function useStoredKey(storage: string): [string | undefined, (key: string) => void, () => void] {
  const [key, setKey] = useState<string | undefined>(() => sessionStorage.getItem(storage) ?? undefined);
  return [
    key,
    (value) => {
      sessionStorage.setItem(storage, value);
      setKey(value);
    },
    () => {
      sessionStorage.removeItem(storage);
      setKey(undefined);
    },
  ];
}

/** The note under the field unless a page says more: where the key goes, and where it does not. */
const KEY_NOTE = 'The key stays in this browser tab only and goes nowhere but this service.';

/** A key's field: never shown as typed, never filled in by the browser, with its note under it. */
function KeyField(props: { label: string; note: string; value: string; onInput: (value: string) => void }) {
  return (
    <>
      <label for="api-key">{props.label}</label>
      <input
        id="api-key"
        type="password"
        autocomplete="off"
        required
        spellcheck={false}
        value={props.value}
        onInput={(event) => props.onInput(event.currentTarget.value)}
        aria-describedby="key-note"
      />
      <p id="key-note" class="note">
        {props.note}
      </p>
    </>
  );
}

/** Every page's key form: one field, typed in once, kept as useStoredKey keeps it. */
export function KeyGate(props: {
  title: ComponentChildren;
  label: string;
  refusal?: string;
  onKey: (key: string) => void;
  /** What the page adds to the note (what the key shows). */
  note?: string;
  /** The button's word ("Open" unless told). */
  submit?: string;
  /** A page for phones at the table: the larger type and targets of the table pages. */
  table?: boolean;
  /** What the page offers beside the key (another way in), under the form. */
  children?: ComponentChildren;
}) {
  const [value, setValue] = useState('');
  return (
    <main class={props.table ? 'narrow table-page' : 'narrow'}>
      <h1>{props.title}</h1>
      {props.refusal && (
        <p class="error" role="alert">
          {props.refusal}
        </p>
      )}
      <form
        class="stack"
        onSubmit={(event) => {
          event.preventDefault();
          if (value.trim()) props.onKey(value.trim());
        }}
      >
        <KeyField
          label={props.label}
          note={props.note ? `${KEY_NOTE} ${props.note}` : KEY_NOTE}
          value={value}
          onInput={setValue}
        />
        <button type="submit" class={props.table ? 'big' : undefined}>
          {props.submit ?? 'Open'}
        </button>
      </form>
      {props.children}
    </main>
  );
}

/** The query parameter a page is for (`?tournament=`): not secret, so the link can be shared. */
export function queryParam(name: string): string | undefined {
  const value = new URLSearchParams(window.location.search).get(name)?.trim();
  return value ? value : undefined;
}
