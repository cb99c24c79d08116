import { useEffect, useLayoutEffect, useMemo, useState } from 'preact/hooks';
import { Api, ApiError } from '../shared/api';
import { followTournament, messageOf } from '../shared/live';
import { DisputedResults } from './disputed-results';
import {
  disputedTables,
  type Place,
  placesOf,
  placeWords,
  readTournaments,
  type TournamentTables,
} from './tournament-tables';

interface Summary {
  matchId: string;
  ruleset: { id: string; version: string };
  tournamentId: string | null;
  sides: Record<string, string>;
  status: 'open' | 'ended';
}

interface Row extends Summary {
  disputes: number;
  undoRequests: number;
}

/** How many matches the console reads at once: one page of the list. */
const PAGE = 50;

/** How often the matches are read again, so a new match dispute or undo request shows without a tap. */
const MATCHES_EVERY_MS = 30_000;
/** A burst of tournament feed messages (a round's results coming in) is one read of the rounds. */
const FEED_SETTLES_MS = 250;

/** "Ann Moyo (Zulus) v Ben Carter (British)": the players by name, with the side each plays. */
function playersWords(row: Row, place: Place | undefined): string {
  if (!place) return Object.values(row.sides).join(' against ');
  // A side named after its player (as a tournament names them when no army is given) is said once.
  const side = (id: 'A' | 'B') => (row.sides[id] && row.sides[id] !== place[id] ? ` (${row.sides[id]})` : '');
  return `${place.A}${side('A')} v ${place.B}${side('B')}`;
}

/**
 * The matches this key may see (its tournament's, if it is bound to one), those with an open dispute
 * or undo request first, each named by its tournament, round and table when it has them; and above
 * them the tournament tables whose reported result is disputed.
 */
export function MatchList(props: {
  apiKey: string;
  onOpen: (matchId: string, place?: Place) => void;
  onForgetKey: (why?: string) => void;
}) {
  const api = useMemo(() => new Api(props.apiKey), [props.apiKey]);
  const [rows, setRows] = useState<Row[]>();
  const [tournaments, setTournaments] = useState<TournamentTables[]>();
  const [error, setError] = useState<string>();
  const [said, setSaid] = useState<string>();
  const [reads, setReads] = useState(0);
  const [matchReads, setMatchReads] = useState(0);
  useEffect(() => {
    void (async () => {
      try {
        const page = await api.get<{ items: Summary[] }>(`/matches?limit=${PAGE}`);
        const read: Row[] = [];
        // One at a time: a key may run only so many reads at once, and tables are still playing.
        for (const item of page.items) {
          const match = await api.get<{ pending?: { disputes?: unknown[]; undoRequests?: unknown[] } }>(
            `/matches/${encodeURIComponent(item.matchId)}`,
          );
          read.push({
            ...item,
            disputes: match.pending?.disputes?.length ?? 0,
            undoRequests: match.pending?.undoRequests?.length ?? 0,
          });
        }
        read.sort(
          (a, b) =>
            b.disputes + b.undoRequests - (a.disputes + a.undoRequests) || a.matchId.localeCompare(b.matchId),
        );
        setRows(read);
      } catch (cause) {
        if (cause instanceof ApiError && cause.status === 401) props.onForgetKey(cause.message);
        else setError(messageOf(cause));
      }
    })();
  }, [api, reads, matchReads]);
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') setMatchReads((n) => n + 1);
    }, MATCHES_EVERY_MS);
    return () => clearInterval(timer);
  }, []);
  // The rounds are read again whenever a tournament's feed says something happened (a dispute, a
  // result set at the desk), so a card never stays offered for a table decided elsewhere.
  const [feedReads, setFeedReads] = useState(0);
  useEffect(() => {
    let live = true;
    void readTournaments(api).then((found) => live && setTournaments(found));
    return () => {
      live = false;
    };
  }, [api, reads, feedReads]);
  const followed = (tournaments ?? []).map((t) => t.tournamentId).join('\n');
  useEffect(() => {
    if (followed === '') return;
    let settle: ReturnType<typeof setTimeout> | undefined;
    const changed = () => {
      clearTimeout(settle);
      settle = setTimeout(() => setFeedReads((n) => n + 1), FEED_SETTLES_MS);
    };
    const stops = followed
      .split('\n')
      .map((id) => followTournament(api, id, { onChange: changed, onMode: () => undefined }));
    return () => {
      clearTimeout(settle);
      for (const stop of stops) stop();
    };
  }, [api, followed]);
  // A decided table's card goes with the rounds read again, and its Decide button with it: focus
  // then goes to what was said of it rather than to the page.
  useLayoutEffect(() => {
    if (said && (!document.activeElement || document.activeElement === document.body)) {
      document.querySelector<HTMLElement>('[data-testid="judge-said"]')?.focus();
    }
  });
  const places = useMemo(() => placesOf(tournaments ?? []), [tournaments]);
  const disputed = useMemo(() => disputedTables(tournaments ?? []), [tournaments]);

  return (
    <main class="table-page judge-page">
      <h1>Judge’s console</h1>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      <p role="status" aria-live="polite" data-testid="judge-said" tabIndex={-1}>
        {said}
      </p>
      {!rows || !tournaments ? (
        <p aria-live="polite">Reading the matches…</p>
      ) : (
        <>
          {tournaments.length > 0 && (
            <DisputedResults
              api={api}
              tables={disputed}
              onDecided={(words) => {
                setSaid(words);
                setReads((n) => n + 1);
              }}
            />
          )}
          <h2>Matches</h2>
          {rows.length === 0 ? (
            <p>
              {tournaments.length > 0
                ? 'No refereed matches: this tournament’s results are reported by its players.'
                : 'This key sees no matches.'}
            </p>
          ) : (
            <ul class="action-list" aria-label="Matches">
              {rows.map((row) => {
                const place = places.get(row.matchId);
                return (
                  <li key={row.matchId}>
                    <button
                      type="button"
                      class="action match-entry"
                      onClick={() => props.onOpen(row.matchId, place)}
                      data-match={row.matchId}
                    >
                      <strong>{place ? placeWords(place) : row.matchId}</strong>
                      <span>
                        {playersWords(row, place)} · {row.status}
                      </span>
                      {place && <span class="note match-id">match {row.matchId}</span>}
                      {row.disputes > 0 && (
                        <span class="badge refused">
                          {row.disputes} open dispute{row.disputes > 1 ? 's' : ''}
                        </span>
                      )}
                      {row.undoRequests > 0 && (
                        <span class="badge">
                          {row.undoRequests} undo request{row.undoRequests > 1 ? 's' : ''}
                        </span>
                      )}
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
        </>
      )}
      <p>
        <button
          type="button"
          class="quiet"
          onClick={() => {
            // What was said of the last decision is old news once the console reads again.
            setSaid(undefined);
            setReads((n) => n + 1);
          }}
        >
          Read again
        </button>{' '}
        <button type="button" class="quiet" onClick={() => props.onForgetKey()}>
          Forget key
        </button>
      </p>
    </main>
  );
}
