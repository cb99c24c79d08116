import { useState } from 'preact/hooks';
import { KeyGate, useStoredKey } from '../shared/key-gate';
import { JUDGE_KEY_STORAGE } from '../shared/page-keys';
import { MatchDesk } from './match-desk';
import { MatchList } from './match-list';
import { useMatchInUrl } from './match-url';
import type { Place } from './tournament-tables';

export function App() {
  const [key, setKey, clearKey] = useStoredKey(JUDGE_KEY_STORAGE);
  const [matchId, open, back] = useMatchInUrl();
  /** Where the list said the match it opened is played, until the match's own answer says it. */
  const [listed, setListed] = useState<{ matchId: string; place?: Place }>();
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
        note={
          matchId
            ? `You see the matches it may see; this link opens match ${matchId}.`
            : 'You see the matches it may see.'
        }
        refusal={refusal}
        table
        onKey={(value) => {
          setRefusal(undefined);
          setKey(value);
        }}
      />
    );
  }
  if (matchId)
    return (
      <MatchDesk
        key={matchId}
        apiKey={key}
        matchId={matchId}
        place={listed?.matchId === matchId ? listed.place : undefined}
        onBack={back}
        onForgetKey={forget}
      />
    );
  return (
    <MatchList
      apiKey={key}
      onOpen={(id, place) => {
        setListed({ matchId: id, place });
        open(id);
      }}
      onForgetKey={forget}
    />
  );
}
