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

export function KeyGate(props: {
  title: string;
  label: string;
  refusal?: string;
  onKey: (key: string) => void;
}) {
  const [value, setValue] = useState('');
  return (
    <main class="narrow">
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
        <label for="api-key">{props.label}</label>
        <input
          id="api-key"
          type="password"
          autocomplete="off"
          required
          spellcheck={false}
          value={value}
          onInput={(event) => setValue(event.currentTarget.value)}
          aria-describedby="key-note"
        />
        <p id="key-note" class="note">
          The key stays in this browser tab only and goes nowhere but this service.
        </p>
        <button type="submit">Open</button>
      </form>
    </main>
  );
}

/** The query parameter a page is for (`?tournament=`): not secret, so the link can be shared. */
export function queryParam(name: string): string | undefined {
  const value = new URLSearchParams(window.location.search).get(name)?.trim();
  return value ? value : undefined;
}
