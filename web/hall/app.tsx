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

function HallScreen(props: { api: Api; tournamentId: string; onForgetKey: () => void }) {
  const hall = useLiveTournament(props.api, props.tournamentId, () =>
    loadHall(props.api, props.tournamentId),
  );
  if (!hall.data) {
    const error = hall.error;
    return (
      <main class="narrow">
        <h1>Hall screen</h1>
        {error ? (
          <>
            <p class="error" role="alert">
              {error instanceof ApiError ? error.message : String(error)}
            </p>
            <button type="button" onClick={props.onForgetKey}>
              Use another key
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
