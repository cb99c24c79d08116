import { useEffect, useState } from 'preact/hooks';
import type { Api } from '../shared/api';
import { everyPage } from '../shared/every-page';
import { refusalText } from '../shared/refusal';
import { StandingsTable } from '../shared/standings-table';
import {
  currentRound,
  newCommandId,
  type Participant,
  type Round,
  type Seat,
  type Standings,
} from '../shared/tournament-views';
import { useFocusAfterRead, useLiveTournament } from '../shared/use-live-tournament';
import { ExportVerify } from './export-verify';
import { Keys } from './keys';
import { useTournamentKeys } from './tournament-keys';
import { readTableWords } from '../judge/dispute-reasons';
import { withNames } from './named-refusal';
import { Participants } from './participants';
import { type Act, type DisputeWords, EarlierRounds, RoundDesk, roundHeadingId } from './rounds';
import { PrintSheets } from './slips';

const NEWS_ID = 'desk-news';
/** How long what the desk said stands before the next read of the tournament takes it away. */
const NEWS_LASTS_MS = 10_000;

/** What the standings say of the tournament's setup, as it was created. */
interface Setup {
  numberOfRounds?: number | null;
  tables?: 'refereed' | 'report-only';
  ruleset?: { id: string; version: string } | null;
}

interface Board {
  name: string;
  /** The version of the tournament rules it runs under (pairing, results, standings). */
  rulesVersion: string;
  participants: Participant[];
  rounds: Round[];
  standings: Standings & Setup;
}

/**
 * The setup in words, then the tournament rules it runs under: "3 rounds · refereed tables, ruleset
 * x 1.0.0 · tournament rules 1.0.0". Before it has participants the standings say no setup; the
 * tournament rules are said alone.
 */
export function setupWords(setup: Setup, rulesVersion: string): string {
  if (!setup.tables) return `Tournament rules ${rulesVersion}`;
  const rounds = setup.numberOfRounds
    ? `${setup.numberOfRounds} round${setup.numberOfRounds === 1 ? '' : 's'}`
    : 'rounds as paired';
  const tables = setup.tables === 'refereed' ? 'refereed tables' : 'report-only tables';
  const ruleset = setup.ruleset ? `, ruleset ${setup.ruleset.id} ${setup.ruleset.version}` : '';
  return `${rounds} · ${tables}${ruleset} · tournament rules ${rulesVersion}`;
}

async function loadBoard(api: Api, base: string): Promise<Board> {
  const [tournament, participants, rounds, standings] = await Promise.all([
    api.get<{ name: string; rulesVersion: string }>(base),
    everyPage<Participant>(api, `${base}/participants?limit=100`),
    everyPage<Round>(api, `${base}/rounds?limit=100`),
    api.get<Standings & Setup>(`${base}/standings`),
  ]);
  return { name: tournament.name, rulesVersion: tournament.rulesVersion, participants, rounds, standings };
}

/**
 * Whether the tournament has played all its rounds: it has a number of rounds, that many were paired,
 * and the last one closed. The service refuses any round after, so the desk offers none.
 */
export function isComplete(setup: Setup, rounds: Round[]): boolean {
  const last = rounds[rounds.length - 1];
  return !!setup.numberOfRounds && rounds.length >= setup.numberOfRounds && last?.status === 'closed';
}

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
  const [news, setNewsNow] = useState<{ text: string; at: number }>();
  const [refusal, setRefusalNow] = useState<string>();
  const focusAfter = useFocusAfterRead(board.data, NEWS_ID);
  const disputeWords = useDisputeWords(api, tournamentId, board.data?.rounds);
  const keys = useTournamentKeys(api, tournamentId);
  const people = board.data?.participants ?? [];
  const setNews = (text: string | undefined) => setNewsNow(text ? { text, at: Date.now() } : undefined);
  // The service names participants by id; the desk, by the names it shows.
  const setRefusal = (text: string | undefined) => setRefusalNow(text && withNames(text, people));

  // What the desk said last is about the last action: each new one clears it, success and refusal alike.
  const clearBanners = () => {
    setNews(undefined);
    setRefusal(undefined);
  };
  // News is of a moment: a read of the tournament that comes once it is old takes it away, so that what
  // the desk says is never about something long past ("Clock started." an hour into the round).
  useEffect(() => {
    if (news && Date.now() - news.at >= NEWS_LASTS_MS) setNewsNow(undefined);
  }, [board.data]);
  const act: Act = async (path, body, done, focus) => {
    clearBanners();
    try {
      await api.post(`${base}${path}`, { commandId: newCommandId(), ...body });
      setNews(done);
      focusAfter(focus);
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
  const { name, rulesVersion, participants, rounds, standings } = board.data;
  const words = disputeWords.words;
  const round = currentRound(rounds);
  const nextRound = rounds.length + 1;
  const complete = isComplete(standings, rounds);
  const canPair = !complete && (!round || round.status === 'closed');
  // A round pairs the active participants who have checked in (C-6 refuses fewer than two).
  const pairable = participants.filter((p) => p.status === 'active' && p.checkedIn).length;
  const earlier = rounds.filter((r) => r.round !== round?.round);

  return (
    <main class="desk">
      <p>
        <a href="/desk/">Tournaments and single matches</a>
      </p>
      <header class="page-header">
        <h1>{name}</h1>
        <p class="note" data-testid="tournament-setup">
          {setupWords(standings, rulesVersion)}
        </p>
        <p class="note">
          <a href={`/hall/?tournament=${encodeURIComponent(tournamentId)}`}>Hall screen</a> (it asks for a
          spectator key: <a href="#keys">issue one</a>)
        </p>
      </header>
      <p class="news" id={NEWS_ID} tabIndex={-1} role="status" aria-live="polite">
        {news?.text}
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
          rounds={rounds}
          act={act}
          started={rounds.length > 0}
          complete={complete}
          onAction={clearBanners}
          onImported={board.refresh}
          keys={keys}
          onNews={setNews}
          onRefusal={setRefusal}
        />
        <section aria-labelledby="rounds">
          <h2 id="rounds">Rounds</h2>
          {complete && (
            <p class="complete" data-testid="tournament-complete">
              The tournament is complete:{' '}
              {standings.numberOfRounds === 1
                ? 'its one round has been played'
                : `all ${standings.numberOfRounds} rounds have been played`}
              . The final standings are below.
            </p>
          )}
          {canPair && pairable < 2 && (
            <p class="note" id="pairing-waits" data-testid="pairing-waits">
              Round {nextRound} pairs the participants who have checked in:{' '}
              {pairable === 0 ? 'nobody has' : 'only one has'}. Check in two at least, under Participants, to
              pair it.
            </p>
          )}
          {canPair && (
            <div class="row">
              <button
                type="button"
                class="primary"
                disabled={pairable < 2}
                aria-describedby={pairable < 2 ? 'pairing-waits' : undefined}
                onClick={() =>
                  act(
                    '/rounds',
                    { round: nextRound, method: 'swiss' },
                    `Round ${nextRound} paired.`,
                    roundHeadingId(nextRound),
                  )
                }
              >
                Pair round {nextRound} (Swiss)
              </button>
              <button
                type="button"
                disabled={pairable < 2}
                aria-describedby={pairable < 2 ? 'pairing-waits' : undefined}
                onClick={() =>
                  act(
                    '/rounds',
                    { round: nextRound, method: 'round-robin' },
                    `Round ${nextRound} paired.`,
                    roundHeadingId(nextRound),
                  )
                }
              >
                Pair round {nextRound} (round robin)
              </button>
            </div>
          )}
          {round && (
            <RoundDesk
              key={round.round}
              round={round}
              act={act}
              lateArrivals={lateArrivals(participants, round)}
              words={words}
              keys={keys.data}
            />
          )}
          {round && (
            <Printing key={round.round} api={api} name={name} tournamentId={tournamentId} round={round} />
          )}
          {disputeWords.failed && (
            <p class="error" role="alert">
              What the players said of the disputed tables could not be read: {disputeWords.failed}
            </p>
          )}
          <EarlierRounds rounds={earlier} act={act} words={words} />
        </section>
        <section aria-labelledby="standings">
          <StandingsTable standings={standings} rounds={rounds} headingId="standings" />
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
        <Keys api={api} tournamentId={tournamentId} onAction={clearBanners} />
      </div>
    </main>
  );
}

/**
 * What the players said of each disputed table (GET …/rounds/disputed), read again whenever the set of
 * disputed tables changes, not at every read of the rounds.
 */
function useDisputeWords(api: Api, tournamentId: string, rounds: Round[] | undefined) {
  const [words, setWords] = useState<DisputeWords>(new Map());
  const [failed, setFailed] = useState<string>();
  const disputed = (rounds ?? [])
    .flatMap((r) => r.pairings.filter((p) => p.status === 'disputed').map((p) => `${r.round}:${p.table}`))
    .join(' ');
  useEffect(() => {
    if (disputed === '') return;
    let live = true;
    readTableWords(api, tournamentId).then(
      (read) => live && (setWords(read), setFailed(undefined)),
      (error: unknown) => live && setFailed(refusalText(error)),
    );
    return () => {
      live = false;
    };
  }, [disputed]);
  return { words, failed };
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
