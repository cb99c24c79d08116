import { useState } from 'preact/hooks';
import { KeyGate, useStoredKey } from '../shared/key-gate';
import { JUDGE_KEY_STORAGE } from '../shared/page-keys';
import { MatchDesk } from './match-desk';
import { MatchList } from './match-list';
import type { Place } from './tournament-tables';

export function App() {
  const [key, setKey, clearKey] = useStoredKey(JUDGE_KEY_STORAGE);
  const [opened, setOpened] = useState<{ matchId: string; place?: Place }>();
  const [refusal, setRefusal] = useState<string>();
  const forget = (why?: string) => {
    clearKey();
    setRefusal(why);
  };
  if (!key) {
    return (
      <KeyGate
        title="Judge’s console"
        label="Your judge key"
        note="You see the matches it may see."
        refusal={refusal}
        table
        onKey={(value) => {
          setRefusal(undefined);
          setKey(value);
        }}
      />
    );
  }
  if (opened)
    return (
      <MatchDesk
        apiKey={key}
        matchId={opened.matchId}
        place={opened.place}
        onBack={() => setOpened(undefined)}
        onForgetKey={forget}
      />
    );
  return (
    <MatchList apiKey={key} onOpen={(matchId, place) => setOpened({ matchId, place })} onForgetKey={forget} />
  );
}
