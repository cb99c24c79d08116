import { useState } from 'preact/hooks';
import { MatchDesk } from './match-desk';
import { MatchList } from './match-list';

/** Kept for this tab only, never in the URL: a link to a match can be shared, the key cannot. */
const KEY_STORAGE = 'umpire.judge.key';

export function App() {
  const [key, setKey] = useState<string | undefined>(() => sessionStorage.getItem(KEY_STORAGE) ?? undefined);
  const [matchId, setMatchId] = useState<string>();
  const [refusal, setRefusal] = useState<string>();
  const forget = (why?: string) => {
    sessionStorage.removeItem(KEY_STORAGE);
    setKey(undefined);
    setRefusal(why);
  };
  if (!key) {
    return (
      <KeyForm
        refusal={refusal}
        onKey={(value) => {
          sessionStorage.setItem(KEY_STORAGE, value);
          setRefusal(undefined);
          setKey(value);
        }}
      />
    );
  }
  if (matchId)
    return (
      <MatchDesk apiKey={key} matchId={matchId} onBack={() => setMatchId(undefined)} onForgetKey={forget} />
    );
  return <MatchList apiKey={key} onOpen={setMatchId} onForgetKey={forget} />;
}

function KeyForm(props: { refusal?: string; onKey: (key: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <main class="narrow table-page">
      <h1>Judge’s console</h1>
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
        <label for="judge-key">Your judge key</label>
        <input
          id="judge-key"
          type="password"
          autocomplete="off"
          required
          spellcheck={false}
          value={value}
          onInput={(event) => setValue(event.currentTarget.value)}
        />
        <p class="note">The key stays in this browser tab only. You see the matches it may see.</p>
        <button type="submit" class="big">
          Open
        </button>
      </form>
    </main>
  );
}
