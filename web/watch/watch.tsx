import { useCallback, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { Api, ApiError } from '../shared/api';
import { AwaitingList } from './awaiting-list';
import { placeFrom, placeWords, type WatchableMatch } from './match-places';
import { type LiveMode, messageOf } from '../shared/live';
import { useFollowedMatch } from '../shared/use-followed-match';
import { type MatchAnswer, sidesOf, standingOf, type StateAtAnswer, unitRows } from '../shared/match-view';
import { StandingChips } from '../shared/standing-chips';
import { ReplayBar } from './replay-bar';
import { TurnLog } from '../shared/turn-log';
import { UnitCards } from '../shared/unit-cards';
import { pendingWords } from './pending-words';
import { unitNamesOf } from '../shared/unit-words';
import { VerifyPanel } from '../shared/verify-panel';
import { hideSealedCards, withoutSealedCards } from '../shared/sealed-lines';

const LIVE_LABEL: Record<LiveMode, string> = {
  connecting: 'connecting…',
  stream: 'live',
  polling: 'live (checks every 2 s)',
  ended: 'match over',
  stopped: 'not following',
};

export function Watch(props: { matchId: string; apiKey: string; onForgetKey: (why?: string) => void }) {
  const { matchId, onForgetKey } = props;
  const api = useMemo(() => new Api(props.apiKey), [props.apiKey]);
  const base = `/matches/${encodeURIComponent(matchId)}`;

  /** The revision shown; undefined follows the newest one. */
  const [at, setAt] = useState<number>();
  const [, setStatesLoaded] = useState(0);

  const failed = useCallback(
    (cause: unknown) => {
      // A key the service does not know is asked for again; any other refusal is said as it came.
      if (cause instanceof ApiError && cause.status === 401) {
        onForgetKey(cause.message);
        return undefined;
      }
      return messageOf(cause);
    },
    [onForgetKey],
  );
  const { current, error, setError, liveMode, announcement } = useFollowedMatch<MatchAnswer>(
    api,
    matchId,
    failed,
  );
  const latest = current?.match.revision ?? 0;
  /** Where a tournament plays this match, as the match answer says. */
  const place = placeFrom(current?.match.tournament);
  const fail = useCallback(
    (cause: unknown) => {
      const message = failed(cause);
      if (message !== undefined) setError(message);
    },
    [failed, setError],
  );

  // States of the past, one request at a time (a key may run one long read at once), newest wish first.
  const states = useRef(new Map<number, Pick<StateAtAnswer, 'state' | 'unitWords'>>());
  const wanted = useRef<number | undefined>(undefined);
  const loadingState = useRef(false);
  const loadState = useCallback(
    async (revision: number) => {
      wanted.current = revision;
      if (loadingState.current) return;
      loadingState.current = true;
      try {
        while (wanted.current !== undefined) {
          const target: number = wanted.current;
          wanted.current = undefined;
          if (states.current.has(target)) continue;
          try {
            const answer = await api.get<StateAtAnswer>(`${base}/state?at=${target}`);
            states.current.set(target, { state: answer.state, unitWords: answer.unitWords });
            setStatesLoaded((n) => n + 1);
          } catch (cause) {
            if (cause instanceof ApiError && cause.status === 429) {
              wanted.current ??= target;
              await new Promise((resolve) => setTimeout(resolve, 400));
            } else fail(cause);
          }
        }
      } finally {
        loadingState.current = false;
      }
    },
    [api, base, fail],
  );

  const shown = at === undefined || at >= latest ? latest : Math.max(1, at);
  const replaying = shown < latest;
  useEffect(() => {
    if (replaying && !states.current.has(shown)) void loadState(shown);
  }, [replaying, shown, loadState]);

  const step = useCallback(
    (by: number) =>
      setAt((was) => {
        const next = Math.min(latest, Math.max(1, (was ?? latest) + by));
        return next >= latest ? undefined : next;
      }),
    [latest],
  );
  const goTo = useCallback(
    (revision: number) => setAt(revision >= latest ? undefined : Math.max(1, revision)),
    [latest],
  );

  if (!current) {
    return (
      <main class="narrow">
        <MatchHeading matchId={matchId} place={place} />
        {error ? (
          <>
            <p class="error" role="alert">
              {error}
            </p>
            <button type="button" onClick={() => onForgetKey()}>
              Use another key
            </button>
          </>
        ) : (
          <p aria-live="polite">Loading the match…</p>
        )}
      </main>
    );
  }

  const { match, roster, log } = current;
  const past = replaying ? states.current.get(shown) : match;
  const waiting = past === undefined;
  const { state, unitWords } = waiting ? match : past;
  const standing = replaying ? standingOf(state) : standingOf(state, match);
  const sides = sidesOf(match.state, roster.units);
  const sideName = (id?: string) => sides.find((side) => side.id === id)?.name ?? id ?? '—';
  const rows = unitRows(state, roster.units);
  const unitNamed = unitNamesOf(rows);
  /** A unit by its name where one is shown alone (a chip, an awaited step): its id if it has none. */
  const unitName = (id?: string) => (id === undefined ? undefined : (unitNamed(id) ?? id));

  return (
    <main>
      <header class="match-header">
        <div>
          <MatchHeading matchId={matchId} place={place} names={sides.map((side) => side.name)} />
          <p class="note">
            {place?.players ? `${place.players.A} v ${place.players.B} · ` : ''}
            {match.ruleset ? `${match.ruleset.id} ${match.ruleset.version}` : ''} ·{' '}
            {sides.map((side) => side.name).join(' against ')} · match <span class="match-id">{matchId}</span>
          </p>
        </div>
        <div class="header-actions">
          <span class={`live-mode live-${liveMode}`}>{LIVE_LABEL[liveMode]}</span>
          <button type="button" class="quiet" onClick={() => onForgetKey()}>
            Forget key
          </button>
        </div>
      </header>

      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}

      <section aria-labelledby="standing-heading" class="standing" aria-busy={waiting}>
        <h2 id="standing-heading" class="sr-only">
          Where the match stands
        </h2>
        <dl class="chips">
          <div>
            <dt>Revision</dt>
            <dd data-testid="shown-revision">
              {shown}
              {replaying ? ` of ${latest}` : ''}
            </dd>
          </div>
          <StandingChips
            standing={standing}
            activeLabel="Active side"
            sideName={sideName}
            unitName={unitName}
          />
          {!replaying && match.pending && (
            <div>
              <dt>Pending</dt>
              <dd data-testid="pending">{pendingWords(match.pending)}</dd>
            </div>
          )}
        </dl>
        {waiting && <p class="note">Loading the state at revision {shown}…</p>}
      </section>

      <VerifyPanel api={api} matchId={matchId} />

      <ReplayBar shown={shown} latest={latest} onStep={step} onGoTo={goTo} />

      <div class="columns">
        <AwaitingList
          steps={standing.awaiting}
          ended={standing.ended}
          sideName={sideName}
          unitName={unitName}
        />
        <UnitCards
          sides={sides}
          rows={rows}
          words={unitWords}
          activeSide={standing.ended ? undefined : standing.activeSide}
          nameOf={unitNamed}
        />
        {/* AA-2: a screen anyone may read, even watched with a player's key: every line as the public reads it. */}
        <TurnLog entries={hideSealedCards(log.entries).entries} shown={shown} onGoTo={goTo} />
      </div>

      <div class="sr-only" role="status" aria-live="polite" aria-atomic="true">
        {withoutSealedCards(announcement, log.entries)}
      </div>
    </main>
  );
}

/**
 * A match by its tournament, round and table when it has them, else by its sides (as the desk heads
 * it), and by its id while neither is known yet.
 */
function MatchHeading(props: { matchId: string; place: WatchableMatch['place']; names?: readonly string[] }) {
  const { place, names } = props;
  if (place) return <h1>{placeWords(place)}</h1>;
  if (names && names.length === 2) return <h1>{names.join(' v ')}</h1>;
  return (
    <h1>
      Match <span class="match-id">{props.matchId}</span>
    </h1>
  );
}
