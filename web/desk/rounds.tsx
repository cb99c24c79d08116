import { useRef, useState } from 'preact/hooks';
import { RoundClock } from '../shared/round-clock';
import { type Outcome, type Pairing, type Round, type Seat, statusWords } from '../shared/tournament-views';
import type { TableWords } from '../judge/second-report';
import { secondReport } from '../judge/second-report';
import { PairingEdit } from './pairing-edit';
import { singleMatchLink } from './single-match';
import type { ListedKey } from './acting-keys';
import { seatsJoinedWords } from './tournament-keys';

/** What the players said of each disputed table, by `round:table` (GET …/rounds/disputed). */
export type DisputeWords = ReadonlyMap<string, TableWords>;

/**
 * A command sent from the desk; true once the service recorded it (the desk shows what it said). `focus`:
 * the id of what takes the focus when the control pressed is gone once the desk reads the tournament
 * again (the desk's news when none is given or it is not there).
 */
export type Act = (path: string, body: object, done: string, focus?: string) => Promise<boolean>;

/** The id of a round's heading on the desk, which takes the focus once the round's controls change. */
export const roundHeadingId = (round: number) => `round-${round}-heading`;

/** The round being played (or the last one): starting it, its pairings' edits, its clock, its results. */
export function RoundDesk(props: {
  round: Round;
  act: Act;
  lateArrivals: Seat[];
  words?: DisputeWords;
  /** The tournament's keys as last read: a refereed table not played to its end says whose seat is joined. */
  keys?: readonly ListedKey[];
}) {
  const { round, act } = props;
  const [minutes, setMinutes] = useState('150');
  const [policy, setPolicy] = useState<'finish-turn' | 'stop-now'>('finish-turn');
  const r = `/rounds/${round.round}`;
  const heading = roundHeadingId(round.round);
  return (
    <section class="round-desk" aria-labelledby={`round-${round.round}-heading`}>
      <h3 id={roundHeadingId(round.round)} tabIndex={-1}>
        Round {round.round}: {round.status}
      </h3>
      {round.status === 'paired' && (
        <>
          <button
            type="button"
            class="primary"
            onClick={() => act(`${r}/start`, {}, `Round ${round.round} started.`, heading)}
          >
            Start round {round.round}
          </button>
          <PairingEdit round={round} act={act} lateArrivals={props.lateArrivals} />
        </>
      )}
      {round.status !== 'paired' && (
        <div class="clock-desk">
          <RoundClock key={round.clock?.asOf} clock={round.clock} closed={round.status === 'closed'} />
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
                    heading,
                  )
                }
              >
                Start clock
              </button>
            </div>
          )}
          {round.status === 'started' && round.clock && round.clock.state !== 'called' && (
            <div class="row">
              {round.clock.state === 'running' ? (
                <button type="button" onClick={() => act(`${r}/clock/pause`, {}, 'Clock paused.', heading)}>
                  Pause
                </button>
              ) : (
                <button
                  type="button"
                  onClick={() => act(`${r}/clock/resume`, {}, 'Clock running again.', heading)}
                >
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
                onClick={() => act(`${r}/clock/call`, {}, 'Time called.', heading)}
              >
                Call time
              </button>
            </div>
          )}
        </div>
      )}
      <ul class="pairing-list">
        {round.pairings.map((p) => (
          <ResultRow
            key={`r${round.round}t${p.table}`}
            pairing={p}
            round={round}
            act={act}
            words={props.words?.get(`${round.round}:${p.table}`)}
            seats={p.status === 'pending' ? seatsJoinedWords(p, props.keys) : undefined}
          />
        ))}
        {round.byes.map((b) => (
          <li key={b.participantId}>
            <span class="table-no">Bye</span> {b.name}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * One table of a round, with the desk's override, forfeit and void. Its form belongs to this round and
 * table alone (keyed by both where it is listed), and is emptied and closed once what it sent is recorded,
 * so that no outcome or reason is ever carried to another table or round.
 */
export function ResultRow(props: {
  pairing: Pairing;
  round: Round;
  act: Act;
  words?: TableWords;
  /** A refereed table's seats: whose is joined (seatsJoinedWords). */
  seats?: string;
}) {
  const { pairing, round } = props;
  const [outcome, setOutcome] = useState<Outcome>('A');
  const [reason, setReason] = useState('');
  const details = useRef<HTMLDetailsElement>(null);
  const at = `/rounds/${round.round}/tables/${pairing.table}`;
  const id = `r${round.round}t${pairing.table}`;
  // C-6: the table's status as the organiser saw it when they opened the form, so that a result a
  // judge set meanwhile is refused rather than written over unseen (the row below follows the feed,
  // and would otherwise say the new status just before the send). Once the service refused it, the
  // desk has said where the result stands, and the next send is made knowing it.
  const [opened, setOpened] = useState<Pairing['status']>();
  const seen = { expectedStatus: opened ?? pairing.status };
  const changed = opened !== undefined && opened !== pairing.status;
  const act: Act = async (path, body, done) => {
    const recorded = await props.act(path, body, done);
    if (recorded) {
      setOutcome('A');
      setReason('');
      setOpened(undefined);
      if (details.current) details.current.open = false;
    } else {
      setOpened(pairing.status);
    }
    return recorded;
  };
  return (
    <li>
      <span class="table-no">Table {pairing.table}</span> {pairing.A.name} (A) v {pairing.B.name} (B)
      <span class="note"> · {statusWords(pairing, round)}</span>
      {/* A refereed table: watched live, and its seats page (who joined, on which phones, a lost one replaced). */}
      {pairing.matchId && (
        <>
          {' '}
          <a href={`/watch/?match=${encodeURIComponent(pairing.matchId)}`}>
            live<span class="sr-only"> at table {pairing.table}</span>
          </a>{' '}
          ·{' '}
          <a href={singleMatchLink(pairing.matchId)}>
            seats<span class="sr-only"> of table {pairing.table}</span>
          </a>
          {props.seats && (
            <span class="note" data-testid="table-seats">
              {' '}
              · {props.seats}
            </span>
          )}
        </>
      )}
      {pairing.status === 'disputed' && <DisputeSaid pairing={pairing} words={props.words} />}
      {round.status !== 'paired' && pairing.status !== 'void' && (
        <details ref={details} onToggle={(e) => setOpened(e.currentTarget.open ? pairing.status : undefined)}>
          <summary>
            Override, forfeit or void
            <span class="sr-only">
              : round {round.round}, table {pairing.table}
            </span>
          </summary>
          {changed && (
            <p class="note changed-meanwhile" role="status">
              Table {pairing.table} changed since you opened this: it is now {statusWords(pairing, round)}.
            </p>
          )}
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
                act(
                  `${at}/override`,
                  { outcome, reason: reason.trim(), ...seen },
                  `Table ${pairing.table} set.`,
                )
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
                    { participantId: pairing[side].participantId, reason: reason.trim(), ...seen },
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
              onClick={() =>
                act(`${at}/void`, { reason: reason.trim(), ...seen }, `Table ${pairing.table} voided.`)
              }
            >
              Void
            </button>
          </div>
        </details>
      )}
    </li>
  );
}

/**
 * The rounds before the one being played, newest first, each collapsed to one line until opened: its
 * tables and byes, and each table's result still open to an override (the service takes one on a
 * closed round too).
 */
export function EarlierRounds(props: { rounds: Round[]; act: Act; words?: DisputeWords }) {
  if (props.rounds.length === 0) return null;
  return (
    <section aria-labelledby="earlier-rounds" class="earlier-rounds">
      <h3 id="earlier-rounds">Earlier rounds</h3>
      {[...props.rounds].reverse().map((round) => (
        <details key={round.round} class="earlier-round">
          <summary>
            Round {round.round}: {round.status} · {resultCount(round)}
          </summary>
          <ul class="pairing-list">
            {round.pairings.map((p) => (
              <ResultRow
                key={`r${round.round}t${p.table}`}
                pairing={p}
                round={round}
                act={props.act}
                words={props.words?.get(`${round.round}:${p.table}`)}
              />
            ))}
            {round.byes.map((b) => (
              <li key={b.participantId}>
                <span class="table-no">Bye</span> {b.name}
              </li>
            ))}
          </ul>
        </details>
      ))}
    </section>
  );
}

/** "4 of 4 results": the tables whose result stands or that were voided, of all of them. */
function resultCount(round: Round): string {
  const done = round.pairings.filter((p) => p.status === 'final' || p.status === 'void').length;
  return `${done} of ${round.pairings.length} result${round.pairings.length === 1 ? '' : 's'}`;
}

const nameIn = (pairing: Pairing, participantId: string) =>
  pairing.A.participantId === participantId
    ? pairing.A.name
    : pairing.B.participantId === participantId
      ? pairing.B.name
      : participantId;

function resultIn(pairing: Pairing, outcome: string): string {
  if (outcome === 'draw') return 'a draw';
  return outcome === 'A' || outcome === 'B' ? `${pairing[outcome].name} won` : outcome;
}

/**
 * What a dispute is about, beside its table, for the organiser deciding it: the report disputed (and
 * its note), then the dispute's reason, or the opponent's own, different report (and its note). Until
 * the players' words are read, what the round itself says.
 */
function DisputeSaid(props: { pairing: Pairing; words: TableWords | undefined }) {
  const { pairing, words } = props;
  const reported = words?.reported ?? pairing.reported ?? undefined;
  const second = words?.disputed ? secondReport(words.disputed) : (pairing.secondReport ?? undefined);
  const note = (said: string | undefined) => (said ? <> Their note: “{said}”</> : null);
  return (
    <dl class="dispute-said" data-testid={`dispute-said-${pairing.table}`}>
      <div>
        <dt>Reported</dt>
        <dd>
          {reported
            ? `${nameIn(pairing, reported.by)} reported: ${resultIn(pairing, reported.outcome)}.`
            : 'No report is known.'}
          {note(words?.reported?.note)}
        </dd>
      </div>
      <div>
        <dt>Disputed</dt>
        <dd>
          {second ? (
            <>
              {nameIn(pairing, second.by)} reported another result: {resultIn(pairing, second.outcome)}.
              {note('note' in second ? second.note : undefined)}
            </>
          ) : words?.disputed ? (
            <>
              {nameIn(pairing, words.disputed.by)} disputed it: “{words.disputed.reason}”
            </>
          ) : reported ? (
            `${pairing.A.participantId === reported.by ? pairing.B.name : pairing.A.name} disputed it.`
          ) : (
            'Disputed.'
          )}
        </dd>
      </div>
    </dl>
  );
}
