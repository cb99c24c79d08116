import { useEffect, useState } from 'preact/hooks';
import { Api, ApiError } from '../shared/api';
import { KeyGate, queryParam, useStoredKey } from '../shared/key-gate';
import { RoundClock } from '../shared/round-clock';
import { currentRound, type Page, type Round, type Standings, statusWords } from '../shared/tournament-views';
import { useLiveTournament } from '../shared/use-live-tournament';
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
  return <HallScreen api={new Api(key)} tournamentId={tournamentId} onForgetKey={forget} />;
}

/**
 * The tournament a key bound to one is for, when the hall asked it for another: the service answers a
 * tournament outside a key's scope exactly as one that does not exist (404), and lists for a bound key
 * only its own. Asked only once the tournament answered 404; one listed tournament that is not the one
 * asked for is the key's (an unbound key lists every tournament, so more than one means the tournament
 * asked for does not exist, and the service's words stand).
 */
function useKeyElsewhere(api: Api, tournamentId: string, ask: boolean) {
  const [found, setFound] = useState<{ tournamentId: string; name: string }>();
  useEffect(() => {
    if (!ask) return;
    let live = true;
    api.get<Page<{ tournamentId: string; name: string }>>('/tournaments?limit=2').then(
      (page) => {
        const only = page.items.length === 1 ? page.items[0] : undefined;
        if (live && only && only.tournamentId !== tournamentId) setFound(only);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [ask, tournamentId]);
  return ask ? found : undefined;
}

function HallScreen(props: { api: Api; tournamentId: string; onForgetKey: () => void }) {
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
                  This spectator key is for another tournament, {elsewhere.name}, not for{' '}
                  <code>{props.tournamentId}</code>.
                </p>
                <p>
                  Enter the key for this tournament, or{' '}
                  <a href={`/hall/?tournament=${encodeURIComponent(elsewhere.tournamentId)}`}>
                    open the hall screen of {elsewhere.name}
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
          <h2 id="hall-clock">Time left</h2>
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
