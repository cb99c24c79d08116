import { useState } from 'preact/hooks';

/** No match in the URL yet: ask for its id and put it there (`?match=`), so the page can be shared. */
export function MatchForm() {
  return (
    <main class="narrow">
      <h1>Watch a match</h1>
      <form method="get" class="stack">
        <label for="match-id">Match id</label>
        <input id="match-id" name="match" required autocomplete="off" spellcheck={false} />
        <button type="submit">Open</button>
      </form>
    </main>
  );
}

export function KeyForm(props: { matchId: string; refusal?: string; onKey: (key: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <main class="narrow">
      <h1>
        Watch match <span class="match-id">{props.matchId}</span>
      </h1>
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
        <label for="api-key">Your key (spectator, player, judge or organiser)</label>
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
          The key stays in this browser tab only and goes nowhere but this service. The page shows what the
          key may see, no more.
        </p>
        <button type="submit">Watch</button>
      </form>
    </main>
  );
}
