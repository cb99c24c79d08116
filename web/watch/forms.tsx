import { useEffect, useMemo, useState } from 'preact/hooks';
import { Api, ApiError } from '../shared/api';
import { KeyGate } from '../shared/key-gate';
import { messageOf } from '../shared/live';
import { placeWords, playersWords, type WatchableMatch, watchableMatches } from './match-places';

/**
 * No match in the URL yet: ask for its id and put it there (`?match=`), so the page can be shared; or
 * take a key and list the matches it may see.
 */
export function MatchForm(props: { refusal?: string; onKey: (key: string) => void }) {
  return (
    <KeyGate
      title="Watch a match"
      label="Your key (spectator, player, judge or organiser)"
      note="The page lists the matches the key may see, by tournament, round and table."
      submit="List the matches"
      refusal={props.refusal}
      onKey={props.onKey}
    >
      <form method="get" class="stack other-way">
        <label for="match-id">Or open a match by its id</label>
        <input id="match-id" name="match" required autocomplete="off" spellcheck={false} />
        <button type="submit" class="quiet">
          Open
        </button>
      </form>
    </KeyGate>
  );
}

/** The matches a key may see, still in play first, each a link to watch it (`?match=`). */
export function MatchChooser(props: { apiKey: string; onForgetKey: (why?: string) => void }) {
  const api = useMemo(() => new Api(props.apiKey), [props.apiKey]);
  const [matches, setMatches] = useState<WatchableMatch[]>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    let live = true;
    watchableMatches(api).then(
      (found) => live && setMatches(found),
      (cause: unknown) => {
        if (!live) return;
        if (cause instanceof ApiError && cause.status === 401) props.onForgetKey(cause.message);
        else setError(messageOf(cause));
      },
    );
    return () => {
      live = false;
    };
  }, [api]);

  return (
    <main class="narrow match-chooser">
      <h1>Choose a match to watch</h1>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {!matches && !error && <p aria-live="polite">Reading the matches…</p>}
      {matches && matches.length === 0 && <p>This key sees no matches.</p>}
      {matches && matches.length > 0 && (
        <ul class="match-choices" aria-label="Matches">
          {matches.map((m) => (
            <li key={m.matchId}>
              <a href={`?match=${encodeURIComponent(m.matchId)}`}>
                <strong>{m.place ? placeWords(m.place) : playersWords(m)}</strong>
                <span>
                  {m.place ? `${playersWords(m)} · ` : ''}
                  {m.status === 'open' ? 'in play' : 'ended'}
                </span>
              </a>
            </li>
          ))}
        </ul>
      )}
      <p>
        <button type="button" class="quiet" onClick={() => props.onForgetKey()}>
          Use another key
        </button>
      </p>
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
