import { useState } from 'preact/hooks';
import type { Api } from '../shared/api';
import { RoundClock } from '../shared/round-clock';
import { StandingsTable } from '../shared/standings-table';
import {
  currentRound,
  newCommandId,
  type Outcome,
  type Page,
  type Pairing,
  type Participant,
  type Round,
  type Standings,
  statusWords,
} from '../shared/tournament-views';
import { useLiveTournament } from '../shared/use-live-tournament';
import { refusalText } from '../shared/refusal';
import { SeatLink } from './seat-link';

interface Day {
  name: string;
  me: Participant;
  rounds: Round[];
  standings: Standings;
}

async function loadDay(api: Api, tournamentId: string, participantId: string): Promise<Day> {
  const base = `/tournaments/${encodeURIComponent(tournamentId)}`;
  const [tournament, me, rounds, standings] = await Promise.all([
    api.get<{ name: string }>(base),
    api.get<Participant>(`${base}/participants/${encodeURIComponent(participantId)}`),
    api.get<Page<Round>>(`${base}/rounds?limit=100`),
    api.get<Standings>(`${base}/standings`),
  ]);
  return { name: tournament.name, me, rounds: rounds.items, standings };
}

export function Player(props: {
  api: Api;
  tournamentId: string;
  participantId: string;
  onForgetKey: () => void;
}) {
  const { api, tournamentId, participantId } = props;
  // Read again whenever the tournament's feed brings something: an opponent's report shows at once.
  const day = useLiveTournament(api, tournamentId, () => loadDay(api, tournamentId, participantId));
  const [news, setNews] = useState<string>();
  const [refusal, setRefusal] = useState<string>();
  const base = `/tournaments/${encodeURIComponent(tournamentId)}`;

  const act = async (path: string, body: object, done: string) => {
    setRefusal(undefined);
    try {
      await api.post(`${base}${path}`, { commandId: newCommandId(), ...body });
      setNews(done);
      day.refresh();
    } catch (error) {
      setRefusal(refusalText(error));
    }
  };

  if (!day.data) {
    return (
      <main class="narrow">
        <h1>My tournament</h1>
        {day.error ? (
          <>
            <p class="error" role="alert">
              {refusalText(day.error)}
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
  const { name, me, rounds, standings } = day.data;
  const round = currentRound(rounds);
  const mine = round?.pairings.find(
    (p) => p.A.participantId === me.participantId || p.B.participantId === me.participantId,
  );
  const bye = round?.byes.some((s) => s.participantId === me.participantId);

  return (
    <main class="player">
      <header class="page-header">
        <h1>{name}</h1>
        <p class="note">
          {me.name}
          {me.club ? ` · ${me.club}` : ''}
        </p>
        {day.mode === 'connecting' && (
          <p class="note" role="status">
            Reconnecting…
          </p>
        )}
      </header>
      <p class="news" role="status" aria-live="polite">
        {news}
      </p>
      {refusal && (
        <p class="error" role="alert">
          {refusal}
        </p>
      )}
      {!me.checkedIn && me.status === 'active' && (
        <section aria-labelledby="check-in">
          <h2 id="check-in">Check in</h2>
          <p>Tell the organiser you are here: only checked-in players are paired.</p>
          <button
            type="button"
            class="primary"
            onClick={() =>
              act(`/participants/${encodeURIComponent(me.participantId)}/check-in`, {}, 'You are checked in.')
            }
          >
            I am here: check in
          </button>
        </section>
      )}
      {me.checkedIn && !round && (
        <p class="note">You are checked in. Pairings appear here when they are published.</p>
      )}
      {round && (
        <section aria-labelledby="this-round">
          <h2 id="this-round">
            Round {round.round}
            {round.status === 'paired' ? ' (not started yet)' : round.status === 'closed' ? ' (closed)' : ''}
          </h2>
          {round.status !== 'paired' && <RoundClock key={round.clock?.asOf} clock={round.clock} />}
          {mine ? (
            <MyTable api={api} base={base} pairing={mine} me={me.participantId} round={round} act={act} />
          ) : bye ? (
            <p>You have a bye this round.</p>
          ) : (
            <p>You are not paired this round.</p>
          )}
        </section>
      )}
      <section aria-labelledby="standings">
        <h2 id="standings">Standings</h2>
        <StandingsTable standings={standings} highlight={me.participantId} />
      </section>
      {round && (
        <section aria-labelledby="pairings">
          <h2 id="pairings">Round {round.round} pairings</h2>
          <ul class="pairing-list">
            {round.pairings.map((p) => (
              <li key={p.table}>
                <span class="table-no">Table {p.table}</span> {p.A.name} v {p.B.name}
                <span class="note"> · {statusWords(p)}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </main>
  );
}

function MyTable(props: {
  api: Api;
  base: string;
  pairing: Pairing;
  me: string;
  round: Round;
  act: (path: string, body: object, done: string) => Promise<void>;
}) {
  const { pairing, me, round, act } = props;
  const side: 'A' | 'B' = pairing.A.participantId === me ? 'A' : 'B';
  const opponent = pairing[side === 'A' ? 'B' : 'A'];
  const other: Outcome = side === 'A' ? 'B' : 'A';
  const at = `/rounds/${round.round}/tables/${pairing.table}`;
  const [reason, setReason] = useState('');
  const started = round.status === 'started';
  return (
    <div class="my-table">
      <p class="table-big">
        Table <strong>{pairing.table}</strong>
      </p>
      <p>
        You play side <strong>{side}</strong> against <strong>{opponent.name}</strong>.
      </p>
      {pairing.matchId && (
        <>
          <p>This table is refereed: its result reports itself when the match ends.</p>
          {started && (pairing.status === 'pending' || pairing.status === 'reported') && (
            <SeatLink api={props.api} at={`${props.base}${at}`} side={side} />
          )}
          <p>
            <a href={`/watch/?match=${encodeURIComponent(pairing.matchId)}`}>Follow the match</a> as a
            spectator sees it (match {pairing.matchId}).
          </p>
        </>
      )}
      <p>Result: {statusWords(pairing)}</p>
      {started && !pairing.matchId && pairing.status === 'pending' && (
        <fieldset class="actions">
          <legend>Report the result</legend>
          <button
            type="button"
            onClick={() =>
              act(`${at}/report`, { outcome: side }, 'Reported: you won. Your opponent confirms it.')
            }
          >
            I won
          </button>
          <button
            type="button"
            onClick={() =>
              act(`${at}/report`, { outcome: 'draw' }, 'Reported: a draw. Your opponent confirms it.')
            }
          >
            Draw
          </button>
          <button
            type="button"
            onClick={() =>
              act(
                `${at}/report`,
                { outcome: other },
                `Reported: ${opponent.name} won. Your opponent confirms it.`,
              )
            }
          >
            {opponent.name} won
          </button>
        </fieldset>
      )}
      {started && pairing.status === 'reported' && pairing.reported?.by !== me && (
        <fieldset class="actions">
          <legend>{opponent.name} reported this result. Is it right?</legend>
          <button
            type="button"
            class="primary"
            onClick={() => act(`${at}/confirm`, {}, 'Confirmed: the result stands.')}
          >
            Confirm
          </button>
          <label for="dispute-reason">If not, why</label>
          <input id="dispute-reason" value={reason} onInput={(e) => setReason(e.currentTarget.value)} />
          <button
            type="button"
            disabled={reason.trim() === ''}
            onClick={() => act(`${at}/dispute`, { reason: reason.trim() }, 'Disputed: a judge decides it.')}
          >
            Dispute
          </button>
        </fieldset>
      )}
    </div>
  );
}
