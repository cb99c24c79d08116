import { KeyGate } from '../shared/key-gate';

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
  return (
    <KeyGate
      title={
        <>
          Watch match <span class="match-id">{props.matchId}</span>
        </>
      }
      label="Your key (spectator, player, judge or organiser)"
      note="The page shows what the key may see, no more."
      submit="Watch"
      refusal={props.refusal}
      onKey={props.onKey}
    />
  );
}
