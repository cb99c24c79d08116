import { useEffect, useState } from 'preact/hooks';
import { Api, ApiError } from '../shared/api';
import { KeyGate, queryParam, useStoredKey } from '../shared/key-gate';
import { RoundClock } from '../shared/round-clock';
import {
  currentRound,
  type Page,
  type Pairing,
  type Round,
  type Standings,
  statusWords,
} from '../shared/tournament-views';
import { useLiveTournament } from '../shared/use-live-tournament';
import { handKeyTo, WATCH_KEY_STORAGE } from '../shared/page-keys';
import { HallStandings } from './hall-standings';

interface Hall {
  name: string;
  rounds: Round[];
  standings: Standings;
}

async function loadHall(api: Api, tournamentId: string): Promise<Hall> {
  const base = `/tournaments/${encodeURIComponent(tournamentId)}`;
  const [tournament, rounds, standings] = await Promise.all([
    api.get<{ name: string }>(base),
    api.get<Page<Round>>(`${base}/rounds?limit=100`),
    api.get<Standings>(`${base}/standings`),
  ]);
  return { name: tournament.name, rounds: rounds.items, standings };
}

/** The hall screen: read-only, a spectator key, following the day on the tournament's live feed. */
export function App() {
  const tournamentId = queryParam('tournament');
  const [key, setKey, forget] = useStoredKey('umpire.hall.key');
  if (!tournamentId) {
    return (
      <main class="narrow">
        <h1>Hall screen</h1>
        <form method="get" class="stack">
          <label for="tournament-id">Tournament id</label>
          <input id="tournament-id" name="tournament" required autocomplete="off" spellcheck={false} />
          <button type="submit">Open</button>
        </form>
      </main>
    );
  }
  if (!key) return <KeyGate title="Hall screen" label="A spectator key for the tournament" onKey={setKey} />;
  return <HallScreen api={new Api(key)} apiKey={key} tournamentId={tournamentId} onForgetKey={forget} />;
}

/** The calling key as GET /keys/current answers it: its grant, never its secret. */
interface CurrentKey {
  role: 'organiser' | 'judge' | 'spectator' | 'player';
  tournamentId?: string;
  participantId?: string;
}

/** What a key is, in the words of the people holding one. */
function keyWords(key: CurrentKey): string {
  if (key.role === 'player') return key.participantId ? 'participant key' : 'player key';
  return `${key.role} key`;
}

interface KeyElsewhere {
  tournamentId: string;
  /** Read with the key, which reads its own tournament; none when that read failed. */
  name?: string;
  words: string;
}

/**
 * The tournament the key is bound to, when it is not the one asked for: the service answers a
 * tournament outside a key's scope exactly as one that does not exist (404), so the key's own grant
 * tells the two apart. Asked only once the tournament answered 404; an unbound key, or one bound to
 * the tournament asked for, finds nothing, and the service's words stand.
 */
function useKeyElsewhere(api: Api, tournamentId: string, ask: boolean): KeyElsewhere | undefined {
  const [found, setFound] = useState<KeyElsewhere>();
  useEffect(() => {
    if (!ask) return;
    let live = true;
    (async () => {
      const key = await api.get<CurrentKey>('/keys/current');
      const bound = key.tournamentId;
      if (!bound || bound === tournamentId) return;
      const name = await api.get<{ name: string }>(`/tournaments/${encodeURIComponent(bound)}`).then(
        (t) => t.name,
        () => undefined,
      );
      if (live) setFound({ tournamentId: bound, name, words: keyWords(key) });
    })().catch(() => undefined);
    return () => {
      live = false;
    };
  }, [ask, tournamentId]);
  return ask ? found : undefined;
}

function HallScreen(props: { api: Api; apiKey: string; tournamentId: string; onForgetKey: () => void }) {
  const hall = useLiveTournament(props.api, props.tournamentId, () =>
    loadHall(props.api, props.tournamentId),
  );
  const unknown = hall.error instanceof ApiError && hall.error.status === 404;
  const elsewhere = useKeyElsewhere(props.api, props.tournamentId, unknown && !hall.data);
  if (!hall.data) {
    const error = hall.error;
    return (
      <main class="narrow">
        <h1>Hall screen</h1>
        {error ? (
          <>
            {elsewhere ? (
              <div class="error" role="alert">
                <p>
                  This {elsewhere.words} is for another tournament
                  {elsewhere.name ? `, ${elsewhere.name},` : ''} not for <code>{props.tournamentId}</code>.
                </p>
                <p>
                  Enter the key for this tournament, or{' '}
                  <a href={`/hall/?tournament=${encodeURIComponent(elsewhere.tournamentId)}`}>
                    open the hall screen of {elsewhere.name ?? 'the key’s tournament'}
                  </a>
                  .
                </p>
              </div>
            ) : (
              <p class="error" role="alert">
                {error instanceof ApiError ? error.message : String(error)}
              </p>
            )}
            <button type="button" class={elsewhere ? 'primary' : undefined} onClick={props.onForgetKey}>
              {elsewhere ? 'Enter another key' : 'Use another key'}
            </button>
          </>
        ) : (
          <p role="status">Loading…</p>
        )}
      </main>
    );
  }
  const { name, rounds, standings } = hall.data;
  const round = currentRound(rounds);
  return (
    <main class="hall">
      <header class="page-header">
        <h1>{name}</h1>
        {round && <p class="hall-round">Round {round.round}</p>}
        {hall.mode === 'connecting' && (
          <p class="note" role="status">
            Reconnecting…
          </p>
        )}
      </header>
      <div class="hall-grid">
        <section aria-labelledby="hall-pairings">
          <h2 id="hall-pairings">Pairings</h2>
          {round ? (
            <ol class="hall-pairings" aria-live="polite">
              {round.pairings.map((p) => (
                <li key={p.table}>
                  <span class="table-no">Table {p.table}</span>
                  <span class="hall-names">
                    {p.A.name} <span class="note">v</span> {p.B.name}
                  </span>
                  <span class="note">{statusWords(p, round)}</span>
                  {p.matchId && round.status !== 'paired' && (
                    <WatchLink matchId={p.matchId} pairing={p} apiKey={props.apiKey} />
                  )}
                </li>
              ))}
              {round.byes.map((b) => (
                <li key={b.participantId}>
                  <span class="table-no">Bye</span>
                  <span class="hall-names">{b.name}</span>
                </li>
              ))}
            </ol>
          ) : (
            <p>No round has been paired yet.</p>
          )}
        </section>
        <section aria-labelledby="hall-clock">
          {/* "Time left" only over a time: over "The round is over" or "has not started" it would jar. */}
          <h2 id="hall-clock">{round?.status === 'started' && round.clock ? 'Time left' : 'Round clock'}</h2>
          {round && round.status !== 'paired' ? (
            <RoundClock
              key={round.clock?.asOf}
              clock={round.clock}
              closed={round.status === 'closed'}
              large
            />
          ) : (
            <p>The round has not started.</p>
          )}
          <HallStandings standings={standings} rounds={rounds} />
        </section>
      </div>
    </main>
  );
}

/**
 * A refereed table's link to the watch page, named for a screen reader by its table and players. The
 * watch page asks for a key it does not hold; the hall's key reads every match of its tournament, so
 * following the link in this tab hands it over (sessionStorage, never the URL), unless the watch
 * page holds one already.
 */
function WatchLink(props: { matchId: string; pairing: Pairing; apiKey: string }) {
  const { pairing } = props;
  return (
    <a
      class="hall-watch"
      href={`/watch/?match=${encodeURIComponent(props.matchId)}`}
      aria-label={`Watch table ${pairing.table}: ${pairing.A.name} against ${pairing.B.name}`}
      onClick={() => handKeyTo(WATCH_KEY_STORAGE, props.apiKey)}
    >
      Watch
    </a>
  );
}
