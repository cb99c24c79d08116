import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
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
import { useFocusAfterRead, useLiveTournament } from '../shared/use-live-tournament';
import { refusalText } from '../shared/refusal';
import { SeatLink } from './seat-link';
import { possessive } from '../shared/possessive';

const NEWS_ID = 'player-news';
const HEADING_ID = 'player-heading';
const MY_RESULT_ID = 'my-result';
/** How long what the page said stands before the next read of the tournament takes it away. */
const NEWS_LASTS_MS = 10_000;

type PlayerAct = (path: string, body: object, done?: string) => Promise<void>;

interface Day {
  name: string;
  /** The version of the tournament rules the tournament runs under (pairing, results, standings). */
  rulesVersion: string;
  me: Participant;
  rounds: Round[];
  standings: Standings;
}

async function loadDay(api: Api, tournamentId: string, participantId: string): Promise<Day> {
  const base = `/tournaments/${encodeURIComponent(tournamentId)}`;
  const [tournament, me, rounds, standings] = await Promise.all([
    api.get<{ name: string; rulesVersion: string }>(base),
    api.get<Participant>(`${base}/participants/${encodeURIComponent(participantId)}`),
    api.get<Page<Round>>(`${base}/rounds?limit=100`),
    api.get<Standings>(`${base}/standings`),
  ]);
  return {
    name: tournament.name,
    rulesVersion: tournament.rulesVersion,
    me,
    rounds: rounds.items,
    standings,
  };
}

export function Player(props: {
  api: Api;
  tournamentId: string;
  participantId: string;
  onForgetKey: () => void;
  /** Joined just now by a code typed on this page: the focus goes to the page's heading once it reads. */
  joinedByCode?: boolean;
}) {
  const { api, tournamentId, participantId } = props;
  // Read again whenever the tournament's feed brings something: an opponent's report shows at once.
  const day = useLiveTournament(api, tournamentId, () => loadDay(api, tournamentId, participantId));
  const [news, setNewsNow] = useState<{ text: string; at: number }>();
  const setNews = (text: string | undefined) => setNewsNow(text ? { text, at: Date.now() } : undefined);
  // News is of a moment: a read of the tournament that comes once it is old takes it away.
  useEffect(() => {
    if (news && Date.now() - news.at >= NEWS_LASTS_MS) setNewsNow(undefined);
  }, [day.data]);
  const [refusal, setRefusal] = useState<string>();
  const base = `/tournaments/${encodeURIComponent(tournamentId)}`;
  const focusAfter = useFocusAfterRead(day.data, NEWS_ID);
  // The code field the player typed in is gone: a keyboard or screen reader starts again at the heading.
  useEffect(() => {
    if (props.joinedByCode) focusAfter(HEADING_ID);
  }, []);

  /**
   * Sends one step; `done` is said once it is accepted (none for a table's result: its line says it,
   * live, and takes the focus from the buttons it replaces).
   */
  const act: PlayerAct = async (path, body, done) => {
    setRefusal(undefined);
    try {
      await api.post(`${base}${path}`, { commandId: newCommandId(), ...body });
      setNews(done);
      focusAfter(done ? NEWS_ID : MY_RESULT_ID);
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
  const { name, rulesVersion, me, rounds, standings } = day.data;
  const round = currentRound(rounds);
  const mine = round?.pairings.find(
    (p) => p.A.participantId === me.participantId || p.B.participantId === me.participantId,
  );
  const bye = round?.byes.some((s) => s.participantId === me.participantId);
  // Until a new round starts, the round that closed last is the one whose result the player was told.
  const previous = round ? rounds.find((r) => r.round === round.round - 1) : undefined;

  return (
    <main class="player">
      <header class="page-header">
        <h1 id={HEADING_ID} tabIndex={-1}>
          {name}
        </h1>
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
      <p class="news" id={NEWS_ID} tabIndex={-1} role="status" aria-live="polite">
        {news?.text}
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
              act(
                `/participants/${encodeURIComponent(me.participantId)}/check-in`,
                {},
                'Checked in: the organiser sees you are here.',
              )
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
          {round.status !== 'paired' && (
            <RoundClock key={round.clock?.asOf} clock={round.clock} closed={round.status === 'closed'} />
          )}
          {round.status === 'closed' ? (
            <>
              {/* The result line of the table that was: an action that closed the round leaves the focus here. */}
              <p
                class="table-result"
                role="status"
                aria-live="polite"
                data-testid="my-result"
                id={MY_RESULT_ID}
                tabIndex={-1}
              >
                Result: {roundResultWords(round, me.participantId)}.
              </p>
              <p data-testid="next-round">{nextRoundWords(round, me, standings.numberOfRounds)}</p>
            </>
          ) : (
            <>
              {round.status === 'paired' && previous && (
                <p class="note" data-testid="last-round-result">
                  Round {previous.round}: {roundResultWords(previous, me.participantId)}.
                </p>
              )}
              {mine ? (
                <MyTable api={api} base={base} pairing={mine} me={me.participantId} round={round} act={act} />
              ) : bye ? (
                <p>You have a bye this round.</p>
              ) : (
                <p>You are not paired this round.</p>
              )}
            </>
          )}
        </section>
      )}
      <section aria-labelledby="standings">
        <StandingsTable
          standings={standings}
          rounds={rounds}
          highlight={me.participantId}
          headingId="standings"
        />
      </section>
      {round && (
        <section aria-labelledby="pairings">
          <h2 id="pairings">Round {round.round} pairings</h2>
          <ul class="pairing-list">
            {round.pairings.map((p) => (
              <li key={p.table}>
                <span class="table-no">Table {p.table}</span> {p.A.name} v {p.B.name}
                <span class="note"> · {statusWords(p, round)}</span>
              </li>
            ))}
            {/* A bye is a place in the round too: without it, an odd field's list leaves one player out. */}
            {round.byes.map((b) => (
              <li key={`bye-${b.participantId}`} data-testid="bye">
                {b.name} has the bye
              </li>
            ))}
          </ul>
        </section>
      )}
      <footer>
        <p class="note" data-testid="rules-version">
          This tournament runs under tournament rules {rulesVersion}.
        </p>
        {/* A player may play several tournaments: each joins by its own invitation, on this same page. */}
        <p class="note">
          <a href="/tournament/">Another tournament? Join with another code</a>
        </p>
      </footer>
    </main>
  );
}

/** The words of a result as this player reads it: "you won", "Ben won", "a draw". */
function resultFor(outcome: Outcome, side: 'A' | 'B', opponent: string): string {
  if (outcome === 'draw') return 'a draw';
  return outcome === side ? 'you won' : `${opponent} won`;
}

const SOURCE_WORDS: Record<string, string> = {
  confirmed: 'confirmed by both players',
  overridden: 'decided by a judge',
  referee: 'from the refereed match',
  forfeit: 'by forfeit',
};

/** The judge's or organiser's own words for a decision, which the player reads beside it. */
function because(pairing: Pairing): string {
  return pairing.reason ? `: “${pairing.reason}”` : '';
}

/**
 * Where this table's result stands, said from this player's side and read live from the round: it
 * changes as the opponent confirms or disputes, so no earlier message is left to say otherwise.
 */
function resultLine(pairing: Pairing, round: Round, side: 'A' | 'B', me: string, opponent: string): string {
  if (round.status === 'paired') return 'The round has not started yet.';
  switch (pairing.status) {
    case 'pending':
      return pairing.matchId
        ? 'Playing: the refereed match reports the result.'
        : 'Playing: not reported yet.';
    case 'reported': {
      const words = resultFor(pairing.reported!.outcome, side, opponent);
      return pairing.reported!.by === me
        ? `You reported: ${words}. Waiting for ${opponent} to confirm it.`
        : `${opponent} reported: ${words}.`;
    }
    case 'disputed': {
      const first = pairing.reported;
      const second = pairing.secondReport;
      // Both reported, differently: neither disputed anything in words.
      if (first && second) {
        const mine = first.by === me ? first : second;
        const theirs = first.by === me ? second : first;
        return `You reported ${resultFor(mine.outcome, side, opponent)}; ${opponent} reported ${resultFor(theirs.outcome, side, opponent)}: a judge decides it.`;
      }
      return first?.by === me
        ? `${opponent} disputed your report (${resultFor(first.outcome, side, opponent)}): a judge decides it.`
        : `You disputed ${possessive(opponent)} report: a judge decides it.`;
    }
    case 'final': {
      const result = pairing.result!;
      return `Result: ${resultFor(result.outcome, side, opponent)}, ${SOURCE_WORDS[result.source] ?? result.source}${because(pairing)}.`;
    }
    case 'void':
      return `This pairing was voided${because(pairing)}: it counts for nobody.`;
  }
}

/**
 * This player's result in a round that closed, from their side: "you won against Ben Levy, confirmed
 * by both players", their bye, or a round they sat out. A closed round has every result standing.
 */
function roundResultWords(round: Round, me: string): string {
  if (round.byes.some((s) => s.participantId === me)) return 'you had a bye';
  const pairing = round.pairings.find((p) => p.A.participantId === me || p.B.participantId === me);
  if (!pairing) return 'you were not paired';
  const side: 'A' | 'B' = pairing.A.participantId === me ? 'A' : 'B';
  const opponent = pairing[side === 'A' ? 'B' : 'A'].name;
  if (pairing.status === 'void')
    return `your game against ${opponent} was voided${because(pairing)}: it counts for nobody`;
  const result = pairing.result;
  if (!result) return `your game against ${opponent} has no result`;
  const what =
    result.outcome === 'draw'
      ? `you drew with ${opponent}`
      : result.outcome === side
        ? `you won against ${opponent}`
        : `you lost to ${opponent}`;
  if (result.source === 'forfeit') {
    const who = result.forfeitedBy === me ? 'you' : opponent;
    return `${what}: ${who} forfeited${pairing.reason ? ` (“${pairing.reason}”)` : ''}`;
  }
  return `${what}, ${SOURCE_WORDS[result.source] ?? result.source}${because(pairing)}`;
}

/** What comes after a closed round, for this player: the next round's pairing, or nothing more. */
function nextRoundWords(round: Round, me: Participant, numberOfRounds?: number | null): string {
  if (numberOfRounds && round.round >= numberOfRounds)
    return 'That was the last round: the standings below are final.';
  if (me.status !== 'active') return 'You are no longer paired: the standings below keep what you scored.';
  return `Round ${round.round + 1} has not been paired yet: your table shows here once it is.`;
}

function MyTable(props: {
  api: Api;
  base: string;
  pairing: Pairing;
  me: string;
  round: Round;
  act: PlayerAct;
}) {
  const { pairing, me, round, act } = props;
  const side: 'A' | 'B' = pairing.A.participantId === me ? 'A' : 'B';
  const opponent = pairing[side === 'A' ? 'B' : 'A'];
  const other: Outcome = side === 'A' ? 'B' : 'A';
  const at = `/rounds/${round.round}/tables/${pairing.table}`;
  const [reason, setReason] = useState('');
  const [note, setNote] = useState('');
  /** The result this player chose to report, awaiting their yes: a report cannot be taken back. */
  const [reporting, setReporting] = useState<Outcome>();
  const confirmTitle = useRef<HTMLHeadingElement>(null);
  const reportButtons = useRef<HTMLFieldSetElement>(null);
  const started = round.status === 'started';
  const mayReport = started && !pairing.matchId && pairing.status === 'pending';
  useLayoutEffect(() => {
    if (reporting !== undefined) confirmTitle.current?.focus();
  }, [reporting]);
  const back = () => {
    setReporting(undefined);
    // Back to the buttons the player chose from, as a keyboard or screen reader left them.
    setTimeout(() => reportButtons.current?.querySelector('button')?.focus());
  };
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
          {/* A participant key reads no match, so the watch page would ask this player for a key they
              do not hold: their own seat on the table page is how they follow their match. */}
          {started && (pairing.status === 'pending' || pairing.status === 'reported') && (
            <SeatLink api={props.api} at={`${props.base}${at}`} side={side} />
          )}
        </>
      )}
      <p role="status" aria-live="polite" data-testid="my-result" id={MY_RESULT_ID} tabIndex={-1}>
        {resultLine(pairing, round, side, me, opponent.name)}
      </p>
      {mayReport && reporting === undefined && (
        <fieldset class="actions" ref={reportButtons}>
          <legend>Report the result</legend>
          <button type="button" onClick={() => setReporting(side)}>
            I won
          </button>
          <button type="button" onClick={() => setReporting('draw')}>
            Draw
          </button>
          <button type="button" onClick={() => setReporting(other)}>
            {opponent.name} won
          </button>
        </fieldset>
      )}
      {mayReport && reporting !== undefined && (
        <div class="confirm-report" role="group" aria-labelledby="confirm-report-title">
          <h3 id="confirm-report-title" ref={confirmTitle} tabIndex={-1}>
            Report: {resultFor(reporting, side, opponent.name)}?
          </h3>
          <p id="confirm-report-what">
            Once sent, you cannot change it: {opponent.name} confirms it, or disputes it and a judge decides.
          </p>
          <div class="field">
            <label for="report-note">
              A note for the judge <span class="note">(optional)</span>
            </label>
            <input
              id="report-note"
              maxLength={500}
              autocomplete="off"
              value={note}
              onInput={(e) => setNote(e.currentTarget.value)}
            />
          </div>
          <div class="form-actions">
            <button
              type="button"
              class="primary"
              aria-describedby="confirm-report-what"
              onClick={() => {
                const outcome = reporting;
                const said = note.trim();
                setReporting(undefined);
                setNote('');
                // The line that says where the result stands takes the focus from the buttons going away.
                document.getElementById(MY_RESULT_ID)?.focus();
                void act(`${at}/report`, { outcome, ...(said ? { note: said } : {}) });
              }}
            >
              Send the report
            </button>
            <button type="button" class="quiet" onClick={back}>
              Go back
            </button>
          </div>
        </div>
      )}
      {started && pairing.status === 'reported' && pairing.reported?.by !== me && (
        <fieldset class="actions">
          <legend>{opponent.name} reported this result. Is it right?</legend>
          <button type="button" class="primary" onClick={() => act(`${at}/confirm`, {})}>
            Confirm
          </button>
          <label for="dispute-reason">If not, why</label>
          <input id="dispute-reason" value={reason} onInput={(e) => setReason(e.currentTarget.value)} />
          <button
            type="button"
            disabled={reason.trim() === ''}
            onClick={() => act(`${at}/dispute`, { reason: reason.trim() })}
          >
            Dispute
          </button>
        </fieldset>
      )}
    </div>
  );
}
