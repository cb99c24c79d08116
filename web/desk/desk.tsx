import { useState } from 'preact/hooks';
import type { Api } from '../shared/api';
import { refusalText } from '../shared/refusal';
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
  type Seat,
  type Standings,
  statusWords,
} from '../shared/tournament-views';
import { useLiveTournament } from '../shared/use-live-tournament';
import { parseParticipants } from './csv';
import { ExportVerify } from './export-verify';
import { PairingEdit } from './pairing-edit';
import { PrintSheets } from './slips';

/** What the standings say of the tournament's setup, as it was created. */
interface Setup {
  numberOfRounds?: number | null;
  tables?: 'refereed' | 'report-only';
  ruleset?: { id: string; version: string } | null;
}

interface Board {
  name: string;
  participants: Participant[];
  rounds: Round[];
  standings: Standings & Setup;
}

/** The setup in words: "3 rounds · refereed tables, ruleset x 1.0.0". */
export function setupWords(setup: Setup): string {
  const rounds = setup.numberOfRounds
    ? `${setup.numberOfRounds} round${setup.numberOfRounds === 1 ? '' : 's'}`
    : 'rounds as paired';
  const tables = setup.tables === 'refereed' ? 'refereed tables' : 'report-only tables';
  const ruleset = setup.ruleset ? `, ruleset ${setup.ruleset.id} ${setup.ruleset.version}` : '';
  return `${rounds} · ${tables}${ruleset}`;
}

async function loadBoard(api: Api, base: string): Promise<Board> {
  const [tournament, participants, rounds, standings] = await Promise.all([
    api.get<{ name: string }>(base),
    api.get<Page<Participant>>(`${base}/participants?limit=100`),
    api.get<Page<Round>>(`${base}/rounds?limit=100`),
    api.get<Standings & Setup>(`${base}/standings`),
  ]);
  return { name: tournament.name, participants: participants.items, rounds: rounds.items, standings };
}

type Act = (path: string, body: object, done: string) => Promise<boolean>;

/** Checked in and playing on, but in no place of the round: they arrived after it was paired. */
function lateArrivals(participants: Participant[], round: Round): Seat[] {
  const placed = new Set([
    ...round.pairings.flatMap((p) => [p.A.participantId, p.B.participantId]),
    ...round.byes.map((b) => b.participantId),
  ]);
  return participants
    .filter((p) => p.status === 'active' && p.checkedIn && !placed.has(p.participantId))
    .map((p) => ({ participantId: p.participantId, name: p.name }));
}

/** The organiser's desk for one tournament: participants, check-in, rounds, the clock, results, standings. */
export function Desk(props: { api: Api; tournamentId: string; onForgetKey: () => void }) {
  const { api, tournamentId } = props;
  const base = `/tournaments/${encodeURIComponent(tournamentId)}`;
  const board = useLiveTournament(api, tournamentId, () => loadBoard(api, base));
  const [news, setNews] = useState<string>();
  const [refusal, setRefusal] = useState<string>();

  const act: Act = async (path, body, done) => {
    setRefusal(undefined);
    try {
      await api.post(`${base}${path}`, { commandId: newCommandId(), ...body });
      setNews(done);
      board.refresh();
      return true;
    } catch (error) {
      setRefusal(refusalText(error));
      return false;
    }
  };

  if (!board.data) {
    return (
      <main class="narrow">
        <h1>Organiser's desk</h1>
        {board.error ? (
          <>
            <p class="error" role="alert">
              {refusalText(board.error)}
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
  const { name, participants, rounds, standings } = board.data;
  const round = currentRound(rounds);
  const nextRound = rounds.length + 1;
  const canPair = !round || round.status === 'closed';

  return (
    <main class="desk">
      <header class="page-header">
        <h1>{name}</h1>
        {standings.tables && (
          <p class="note" data-testid="tournament-setup">
            {setupWords(standings)}
          </p>
        )}
        <p class="note">
          <a href={`/hall/?tournament=${encodeURIComponent(tournamentId)}`}>Hall screen</a>
        </p>
      </header>
      <p class="news" role="status" aria-live="polite">
        {news}
      </p>
      {refusal && (
        <p class="error" role="alert">
          {refusal}
        </p>
      )}
      <div class="desk-grid">
        <Participants
          api={api}
          base={base}
          tournamentId={tournamentId}
          participants={participants}
          act={act}
          started={rounds.length > 0}
          onNews={setNews}
          onRefusal={setRefusal}
        />
        <section aria-labelledby="rounds">
          <h2 id="rounds">Rounds</h2>
          {canPair && (
            <div class="row">
              <button
                type="button"
                class="primary"
                onClick={() =>
                  act('/rounds', { round: nextRound, method: 'swiss' }, `Round ${nextRound} paired.`)
                }
              >
                Pair round {nextRound} (Swiss)
              </button>
              <button
                type="button"
                onClick={() =>
                  act('/rounds', { round: nextRound, method: 'round-robin' }, `Round ${nextRound} paired.`)
                }
              >
                Pair round {nextRound} (round robin)
              </button>
            </div>
          )}
          {round && <RoundDesk round={round} act={act} lateArrivals={lateArrivals(participants, round)} />}
          {round && <Printing api={api} name={name} tournamentId={tournamentId} round={round} />}
        </section>
        <section aria-labelledby="standings">
          <h2 id="standings">Standings</h2>
          <StandingsTable standings={standings} />
          <p class="row">
            <Download
              api={api}
              path={`${base}/standings.csv`}
              accept="text/csv"
              file={`${tournamentId}-standings.csv`}
            >
              Standings CSV
            </Download>
            <Download
              api={api}
              path={`${base}/export`}
              accept="application/x-ndjson"
              file={`${tournamentId}.ndjson`}
            >
              Verifiable export
            </Download>
          </p>
          <ExportVerify api={api} tournamentId={tournamentId} />
          <p class="note">
            Or offline: <code>umpire verify {tournamentId}.ndjson --public-key KEY</code>.
          </p>
        </section>
      </div>
    </main>
  );
}

function Printing(props: { api: Api; name: string; tournamentId: string; round: Round }) {
  const [shown, setShown] = useState(false);
  return (
    <>
      <div class="row">
        <button type="button" onClick={() => setShown((v) => !v)} aria-expanded={shown}>
          {shown ? 'Hide' : 'Show'} slips and pairings sheet
        </button>
        {shown && (
          <button type="button" onClick={() => window.print()}>
            Print
          </button>
        )}
      </div>
      {shown && <PrintSheets {...props} />}
    </>
  );
}

/** A file fetched with the desk's key (a link could not carry it) and handed to the browser to save. */
function Download(props: { api: Api; path: string; accept: string; file: string; children: string }) {
  const [failed, setFailed] = useState<string>();
  return (
    <>
      <button
        type="button"
        onClick={async () => {
          try {
            const text = await props.api.text(props.path, props.accept);
            const url = URL.createObjectURL(new Blob([text], { type: props.accept }));
            const a = document.createElement('a');
            a.href = url;
            a.download = props.file;
            a.click();
            setTimeout(() => URL.revokeObjectURL(url), 1000);
          } catch (error) {
            setFailed(refusalText(error));
          }
        }}
      >
        {props.children}
      </button>
      {failed && <span class="error">{failed}</span>}
    </>
  );
}

function Participants(props: {
  api: Api;
  base: string;
  tournamentId: string;
  participants: Participant[];
  act: Act;
  started: boolean;
  onNews: (text: string) => void;
  onRefusal: (text: string) => void;
}) {
  const { participants, act } = props;
  const [pasted, setPasted] = useState('');
  const [problems, setProblems] = useState<string[]>([]);
  const [links, setLinks] = useState<Record<string, string>>({});
  const checkedIn = participants.filter((p) => p.checkedIn && p.status === 'active').length;

  const importPasted = async () => {
    const { rows, problems: found } = parseParticipants(pasted);
    setProblems(found);
    if (found.length > 0) return;
    let added = 0;
    for (const row of rows) {
      if (!(await act('/participants', row, `${row.name} registered.`))) break;
      added += 1;
    }
    if (added === rows.length) {
      setPasted('');
      props.onNews(`${added} participants imported.`);
    }
  };
  // The desk hands out single-use invitations, never keys: the player's page trades one for the key.
  const invite = async (participant: Participant) => {
    try {
      const invited = await props.api.post<{ link: string }>(
        `${props.base}/participants/${encodeURIComponent(participant.participantId)}/invitations`,
        { commandId: newCommandId(), label: participant.name },
      );
      setLinks((l) => ({ ...l, [participant.participantId]: `${window.location.origin}${invited.link}` }));
    } catch (error) {
      props.onRefusal(refusalText(error));
    }
  };

  return (
    <section aria-labelledby="participants">
      <h2 id="participants">
        Participants ({checkedIn} of {participants.filter((p) => p.status === 'active').length} checked in)
      </h2>
      {!props.started && (
        <div class="stack">
          <label for="csv">Paste participants: one a line, name,club,seed</label>
          <textarea
            id="csv"
            value={pasted}
            onInput={(e) => setPasted(e.currentTarget.value)}
            aria-describedby="csv-problems"
          />
          <div id="csv-problems">
            {problems.map((p) => (
              <p class="error" key={p}>
                {p}
              </p>
            ))}
          </div>
          <button type="button" onClick={importPasted} disabled={pasted.trim() === ''}>
            Import
          </button>
        </div>
      )}
      <ul class="checkin-board" aria-live="polite">
        {participants.map((p) => {
          return (
            <li key={p.participantId} class={p.checkedIn ? 'in' : undefined}>
              <strong>{p.name}</strong>
              {p.club ? <span class="note"> · {p.club}</span> : null}
              <br />
              <span class="note">
                {p.participantId} ·{' '}
                {p.status !== 'active' ? p.status : p.checkedIn ? 'checked in' : 'not here yet'}
              </span>
              <br />
              {links[p.participantId] ? (
                <p class="link-out">
                  <label>
                    Invitation link for {p.name} (opens once)
                    <input readOnly value={links[p.participantId]} />
                  </label>
                </p>
              ) : (
                p.status !== 'withdrawn' && (
                  <button type="button" class="quiet" onClick={() => invite(p)}>
                    Invite {p.name}
                  </button>
                )
              )}
              {p.status === 'active' && !p.checkedIn && (
                <button
                  type="button"
                  class="quiet"
                  onClick={() =>
                    act(`/participants/${p.participantId}/check-in`, {}, `${p.name} checked in.`)
                  }
                >
                  Check in
                </button>
              )}
              {p.status === 'active' && props.started && (
                <button
                  type="button"
                  class="quiet"
                  onClick={() =>
                    act(
                      `/participants/${p.participantId}/drop`,
                      { reason: 'dropped at the desk' },
                      `${p.name} dropped.`,
                    )
                  }
                >
                  Drop
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function RoundDesk(props: { round: Round; act: Act; lateArrivals: Seat[] }) {
  const { round, act } = props;
  const [minutes, setMinutes] = useState('150');
  const [policy, setPolicy] = useState<'finish-turn' | 'stop-now'>('finish-turn');
  const r = `/rounds/${round.round}`;
  return (
    <div>
      <h3>
        Round {round.round}: {round.status}
      </h3>
      {round.status === 'paired' && (
        <>
          <button
            type="button"
            class="primary"
            onClick={() => act(`${r}/start`, {}, `Round ${round.round} started.`)}
          >
            Start round {round.round}
          </button>
          <PairingEdit round={round} act={act} lateArrivals={props.lateArrivals} />
        </>
      )}
      {round.status !== 'paired' && (
        <div class="clock-desk">
          <RoundClock key={round.clock?.asOf} clock={round.clock} />
          {!round.clock && round.status === 'started' && (
            <div class="row">
              <label>
                Minutes
                <input
                  type="number"
                  min="1"
                  value={minutes}
                  onInput={(e) => setMinutes(e.currentTarget.value)}
                />
              </label>
              <label>
                At time
                <select value={policy} onChange={(e) => setPolicy(e.currentTarget.value as typeof policy)}>
                  <option value="finish-turn">finish the current turn</option>
                  <option value="stop-now">stop now</option>
                </select>
              </label>
              <button
                type="button"
                onClick={() =>
                  act(
                    `${r}/clock/start`,
                    { seconds: Math.round(Number(minutes) * 60), policy },
                    'Clock started.',
                  )
                }
              >
                Start clock
              </button>
            </div>
          )}
          {round.clock && round.clock.state !== 'called' && (
            <div class="row">
              {round.clock.state === 'running' ? (
                <button type="button" onClick={() => act(`${r}/clock/pause`, {}, 'Clock paused.')}>
                  Pause
                </button>
              ) : (
                <button type="button" onClick={() => act(`${r}/clock/resume`, {}, 'Clock running again.')}>
                  Resume
                </button>
              )}
              <button
                type="button"
                onClick={() =>
                  act(
                    `${r}/clock/extend`,
                    { seconds: 300, reason: 'extended at the desk' },
                    '5 minutes added.',
                  )
                }
              >
                +5 min
              </button>
              <button
                type="button"
                class="primary"
                onClick={() => act(`${r}/clock/call`, {}, 'Time called.')}
              >
                Call time
              </button>
            </div>
          )}
        </div>
      )}
      <ul class="pairing-list">
        {round.pairings.map((p) => (
          <ResultRow key={p.table} pairing={p} round={round} act={act} />
        ))}
        {round.byes.map((b) => (
          <li key={b.participantId}>
            <span class="table-no">Bye</span> {b.name}
          </li>
        ))}
      </ul>
    </div>
  );
}

function ResultRow(props: { pairing: Pairing; round: Round; act: Act }) {
  const { pairing, round, act } = props;
  const [outcome, setOutcome] = useState<Outcome>('A');
  const [reason, setReason] = useState('');
  const at = `/rounds/${round.round}/tables/${pairing.table}`;
  const id = `r${round.round}t${pairing.table}`;
  return (
    <li>
      <span class="table-no">Table {pairing.table}</span> {pairing.A.name} (A) v {pairing.B.name} (B)
      <span class="note"> · {statusWords(pairing)}</span>
      {pairing.matchId && (
        <>
          {' '}
          <a href={`/watch/?match=${encodeURIComponent(pairing.matchId)}`}>live</a>
        </>
      )}
      {round.status !== 'paired' && pairing.status !== 'void' && (
        <details>
          <summary>Override, forfeit or void</summary>
          <div class="row">
            <label>
              Result
              <select value={outcome} onChange={(e) => setOutcome(e.currentTarget.value as Outcome)}>
                <option value="A">{pairing.A.name} won</option>
                <option value="B">{pairing.B.name} won</option>
                <option value="draw">draw</option>
              </select>
            </label>
            <label for={`${id}-reason`}>
              Reason
              <input id={`${id}-reason`} value={reason} onInput={(e) => setReason(e.currentTarget.value)} />
            </label>
            <button
              type="button"
              disabled={reason.trim() === ''}
              onClick={() =>
                act(`${at}/override`, { outcome, reason: reason.trim() }, `Table ${pairing.table} set.`)
              }
            >
              Override
            </button>
            {(['A', 'B'] as const).map((side) => (
              <button
                type="button"
                key={side}
                disabled={reason.trim() === '' || pairing.status === 'final'}
                onClick={() =>
                  act(
                    `${at}/forfeit`,
                    { participantId: pairing[side].participantId, reason: reason.trim() },
                    `Table ${pairing.table}: ${pairing[side].name} forfeits.`,
                  )
                }
              >
                {pairing[side].name} forfeits
              </button>
            ))}
            <button
              type="button"
              disabled={reason.trim() === ''}
              onClick={() => act(`${at}/void`, { reason: reason.trim() }, `Table ${pairing.table} voided.`)}
            >
              Void
            </button>
          </div>
        </details>
      )}
    </li>
  );
}
