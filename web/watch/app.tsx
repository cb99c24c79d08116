import { useState } from 'preact/hooks';
import { useStoredKey } from '../shared/key-gate';
import { WATCH_KEY_STORAGE } from '../shared/page-keys';
import { KeyForm, MatchChooser, MatchForm } from './forms';
import { Watch } from './watch';

function matchIdFromUrl(): string | undefined {
  const id = new URLSearchParams(window.location.search).get('match')?.trim();
  return id ? id : undefined;
}

export function App() {
  const matchId = matchIdFromUrl();
  const [key, setKey, forget] = useStoredKey(WATCH_KEY_STORAGE);
  const [refusal, setRefusal] = useState<string>();

  const useKey = (value: string) => {
    setRefusal(undefined);
    setKey(value);
  };
  const forgetKey = (why?: string) => {
    forget();
    setRefusal(why);
  };

  if (!matchId) {
    return key ? (
      <MatchChooser key={key} apiKey={key} onForgetKey={forgetKey} />
    ) : (
      <MatchForm refusal={refusal} onKey={useKey} />
    );
  }
  if (!key) return <KeyForm matchId={matchId} refusal={refusal} onKey={useKey} />;
  return <Watch key={`${matchId}:${key}`} matchId={matchId} apiKey={key} onForgetKey={forgetKey} />;
}
