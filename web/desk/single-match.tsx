import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { type Api, ApiError } from '../shared/api';
import { sidesOf } from '../shared/match-view';
import { handKeyTo, JUDGE_KEY_STORAGE, WATCH_KEY_STORAGE, watchLink } from '../shared/page-keys';
import { QrCode } from '../shared/qr-code';
import { refusalText } from '../shared/refusal';
import { newCommandId } from '../shared/tournament-views';
import { copyText } from './copy';
import { LocalAddressWarning } from './invitation-link';
import { RulesetChoice, type ServedRuleset } from './ruleset-choice';
import { SeatPhones, seatKeys } from './seat-phones';
import { Seat } from './seat-invitation';
import type { ListedKey } from './acting-keys';
import { usePoll } from '../shared/use-poll';
import { dayAndTime } from './desk-times';

/** The parts of GET /matches/:id this page reads. */
interface MatchHeader {
  matchId: string;
  ruleset: { id: string; version: string };
  state: unknown;
  tournament?: { tournamentId: string; name: string; round: number; table: number };
  ended: boolean;
  result?: { winner: Side | null; winnerName: string | null; note: string };
  /** C-5: what waits for an answer; an open dispute waits for a judge. */
  pending?: { disputes?: { disputeId: string; revision: number; side: string }[] };
}

const SIDES = ['A', 'B'] as const;
type Side = (typeof SIDES)[number];

/** A match id as the service takes it (the `pattern` attribute's `v` flag wants the `-` escaped). */
const MATCH_ID_PATTERN = '[A-Za-z0-9][A-Za-z0-9_\\-]{0,63}';

export const singleMatchLink = (matchId: string) => `/desk/?match=${encodeURIComponent(matchId)}`;

/**
 * A match played on its own, outside any tournament: its ruleset (and version), the names of its two
 * sides and how dice are rolled. The service checks each and names the field it refuses; the id is
 * the service's unless one is typed. Created, the page goes on to the match's seats.
 */
export function NewMatch(props: { api: Api }) {
  const [commandId] = useState(newCommandId);
  const [served, setServed] = useState<ServedRuleset[]>();
  const [ruleset, setRuleset] = useState('');
  const [version, setVersion] = useState('');
  const [diceMode, setDiceMode] = useState<'server' | 'table'>('server');
  const [refusal, setRefusal] = useState<string>();
  const [sending, setSending] = useState(false);
  useEffect(() => {
    props.api.get<ServedRuleset[]>('/rulesets').then(
      (rulesets) => {
        setServed(rulesets);
        setRuleset((chosen) => chosen || (rulesets[0]?.id ?? ''));
      },
      (error: unknown) => {
        setServed([]);
        setRefusal(refusalText(error));
      },
    );
  }, [props.api]);
  const chosen = served?.find((r) => r.id === ruleset);

  const submit = async (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    const text = (name: string) => String(form.get(name) ?? '').trim();
    setRefusal(undefined);
    setSending(true);
    try {
      const created = await props.api.post<{ matchId: string }>('/matches', {
        commandId,
        ...(text('matchId') ? { matchId: text('matchId') } : {}),
        ruleset,
        ...(version ? { rulesetVersion: version } : {}),
        sides: { A: text('sideA'), B: text('sideB') },
        diceMode,
      });
      window.location.search = `?match=${encodeURIComponent(created.matchId)}`;
    } catch (error) {
      setRefusal(refusalText(error));
      setSending(false);
    }
  };

  return (
    <main class="narrow desk">
      <p>
        <a href="/desk/">Tournaments</a>
      </p>
      <h1>A single match</h1>
      <p class="note">
        One game outside any tournament. Once it is made, each player joins a side by scanning its code from
        this screen, registers their units and plays from the phone.
      </p>
      {refusal && (
        <p class="error" role="alert">
          {refusal}
        </p>
      )}
      <form class="stack" onSubmit={(event) => void submit(event)}>
        <label for="m-side-a">Name of side A</label>
        <input id="m-side-a" name="sideA" required maxLength={80} autocomplete="off" />
        <label for="m-side-b">Name of side B</label>
        <input id="m-side-b" name="sideB" required maxLength={80} autocomplete="off" />
        <RulesetChoice
          idPrefix="m"
          label="Ruleset"
          served={served}
          ruleset={ruleset}
          version={version}
          onChange={(id, v) => {
            setRuleset(id);
            setVersion(v);
          }}
        />
        <fieldset>
          <legend>Dice</legend>
          <label class="choice">
            <input
              name="diceMode"
              type="radio"
              value="server"
              checked={diceMode === 'server'}
              onChange={() => setDiceMode('server')}
            />
            <span>Server dice: the service rolls, provably fair (C-2)</span>
          </label>
          <label class="choice">
            <input
              name="diceMode"
              type="radio"
              value="table"
              checked={diceMode === 'table'}
              onChange={() => setDiceMode('table')}
            />
            <span>Table dice: the players roll real dice and enter the faces</span>
          </label>
        </fieldset>
        <label for="m-id">Match id (optional: letters, digits, - or _)</label>
        <input
          id="m-id"
          name="matchId"
          pattern={MATCH_ID_PATTERN}
          maxLength={64}
          autocomplete="off"
          spellcheck={false}
        />
        <button type="submit" class="primary" disabled={!chosen || sending}>
          Create the match
        </button>
      </form>
    </main>
  );
}

/** How often the seats page reads the seats' keys again. */
const KEYS_EVERY_MS = 5000;

/** How often it reads the match again, to see it end. */
const MATCH_EVERY_MS = 10_000;

/** Where the seats' invitations were made again: a seat's n-th invitation is sent under its n-th commandId. */
const issuedKey = (matchId: string) => `umpire.desk.seat-invitations.${matchId}`;

function issuedCounts(matchId: string): Record<Side, number> {
  try {
    const kept = JSON.parse(localStorage.getItem(issuedKey(matchId)) ?? '{}') as Partial<
      Record<Side, unknown>
    >;
    const count = (side: Side) => (Number.isInteger(kept[side]) ? Number(kept[side]) : 1);
    return { A: count('A'), B: count('B') };
  } catch {
    return { A: 1, B: 1 };
  }
}

/**
 * A single match's seats: for each side, an invitation with its QR code to scan from this screen, its
 * link to send and its code to type; a new invitation for a seat on demand. A seat's invitation trades
 * once for that side's player key, on the phone that opens it first.
 */
export function MatchSeats(props: { api: Api; deskKey: string; matchId: string }) {
  const { api, matchId } = props;
  const [match, setMatch] = useState<MatchHeader>();
  const [refusal, setRefusal] = useState<string>();
  const [counts, setCounts] = useState(() => issuedCounts(matchId));
  // The seats' keys, read again every few seconds: the desk sees a seat joined as its phone joins.
  const keys = usePoll(
    () => api.get<ListedKey[]>(`/keys?match=${encodeURIComponent(matchId)}`),
    KEYS_EVERY_MS,
  );
  const [news, setNews] = useState<string>();
  // The match, read again while it is played: an ended match's seats are no longer invited.
  const followed = usePoll(
    () => api.get<MatchHeader>(`/matches/${encodeURIComponent(matchId)}`),
    match?.ended ? 24 * 60 * 60_000 : MATCH_EVERY_MS,
  );
  useEffect(() => {
    if (followed.data) {
      setMatch(followed.data);
      setRefusal(undefined);
    } else if (followed.error && !match) {
      const error = followed.error;
      setRefusal(
        error instanceof ApiError && error.status === 404
          ? `There is no match ${matchId} (or this key may not see it).`
          : refusalText(error),
      );
    }
  }, [followed.data, followed.error]);
  const another = (side: Side) => {
    const next = { ...counts, [side]: counts[side] + 1 };
    localStorage.setItem(issuedKey(matchId), JSON.stringify(next));
    setCounts(next);
  };
  const sides = match ? sidesOf(match.state, []) : [];
  const nameOf = (side: Side) => sides.find((s) => s.id === side)?.name ?? `Side ${side}`;

  return (
    <main class="desk single-match">
      <p>
        <a href="/desk/">Tournaments</a> · <a href="/desk/?new=match">Another single match</a>
      </p>
      <h1>{match ? `${nameOf('A')} v ${nameOf('B')}` : `Match ${matchId}`}</h1>
      {refusal && (
        <p class="error" role="alert">
          {refusal}
        </p>
      )}
      {match && (
        <>
          <p class="note">
            match <span class="match-id">{matchId}</span> · ruleset {match.ruleset.id} {match.ruleset.version}{' '}
            ·{' '}
            <a
              href={`/watch/?match=${encodeURIComponent(matchId)}`}
              onClick={() => handKeyTo(WATCH_KEY_STORAGE, props.deskKey)}
            >
              watch it live
            </a>{' '}
          </p>
          {match.ended && (
            <p class="ended-match" role="status">
              <strong>
                The match has ended
                {match.result
                  ? match.result.winner
                    ? `: ${match.result.winnerName ?? nameOf(match.result.winner)} won`
                    : ': a draw'
                  : ''}
                {match.result?.note ? ` (${match.result.note})` : ''}.
              </strong>{' '}
              Its seats are invited no more; it can still be watched, and judged.
            </p>
          )}
          <JudgeThisMatch
            api={api}
            matchId={matchId}
            disputes={(match.pending?.disputes ?? []).map(
              (d) => `${nameOf(d.side as Side)} disputes event ${d.revision}`,
            )}
          />
          {match.tournament && (
            <p class="note">
              It is round {match.tournament.round}, table {match.tournament.table} of {match.tournament.name}:
              its slips are printed from{' '}
              <a href={`/desk/?tournament=${encodeURIComponent(match.tournament.tournamentId)}`}>
                that tournament's desk
              </a>
              .
            </p>
          )}
          {!match.ended && <LocalAddressWarning />}
          <WatchThisMatch api={api} matchId={matchId} title={`${nameOf('A')} v ${nameOf('B')}`} />
          <p role="status" class="news">
            {news}
          </p>
          <ul class="seats">
            {SIDES.map((side) => (
              <li key={side}>
                <Seat
                  api={api}
                  matchId={matchId}
                  side={side}
                  name={nameOf(side)}
                  n={counts[side]}
                  joined={seatKeys(keys.data, side)?.length ?? 0}
                  ended={match.ended}
                  invitesOnAsk={Boolean(match.tournament)}
                  onAnother={() => another(side)}
                  phones={
                    <SeatPhones
                      api={api}
                      name={nameOf(side)}
                      keys={seatKeys(keys.data, side)}
                      onShutOut={(said) => {
                        setNews(said);
                        another(side);
                        keys.refresh();
                      }}
                    />
                  }
                />
              </li>
            ))}
          </ul>
        </>
      )}
    </main>
  );
}

/** A match as GET /matches lists it (the fields these lists show). */
interface ListedMatch {
  matchId: string;
  sides: { A: string; B: string };
  result?: { winner: Side | null; winnerName: string | null } | null;
  updatedAt?: string;
  /** C-5: disputes raised and not ruled on, which wait for a judge. */
  openDisputes?: number | null;
}

type MatchPage = { items: ListedMatch[]; nextCursor: string | null };

/** How far back the desk's first page looks for ended single matches. */
const ENDED_WITHIN_DAYS = 7;
/** How many of those it lists, the last ended first. */
const ENDED_LISTED = 10;

/** C-5: what a listed match's open disputes ask for, after its name; nothing when there are none. */
function DisputesWaiting(props: { match: ListedMatch }) {
  const count = props.match.openDisputes ?? 0;
  if (count === 0) return null;
  return (
    <strong class="disputes-waiting">
      {' '}
      · {count === 1 ? 'a dispute waits' : `${count} disputes wait`} for a judge
    </strong>
  );
}

/** An ended match's result, as the list says it: "Zulus won", "a draw". */
function resultWords(m: ListedMatch): string {
  if (!m.result) return 'ended';
  if (m.result.winner === null) return 'a draw';
  return `${m.result.winnerName ?? m.sides[m.result.winner]} won`;
}

/**
 * The single matches (no tournament schedules them), each a link to its seats: those still in play,
 * so that a closed tab does not lose a seat's invitation, and those ended in the last days, the last
 * ended first, so that a finished friendly is found again (its seats page says it ended, and it can
 * still be watched and judged). Nothing while there are none.
 */
export function SingleMatchList(props: { api: Api }) {
  const [open, setOpen] = useState<{ items: ListedMatch[]; more: boolean }>();
  const [ended, setEnded] = useState<ListedMatch[]>();
  useEffect(() => {
    let live = true;
    const since = new Date(Date.now() - ENDED_WITHIN_DAYS * 24 * 60 * 60_000).toISOString();
    props.api.get<MatchPage>('/matches?standalone=true&status=open&limit=100').then(
      (page) => live && setOpen({ items: page.items, more: page.nextCursor !== null }),
      // A key that may list no matches has none to show here: the tournaments are what it runs.
      () => live && setOpen({ items: [], more: false }),
    );
    props.api
      .get<MatchPage>(
        `/matches?standalone=true&status=ended&updatedSince=${encodeURIComponent(since)}&limit=100`,
      )
      .then(
        (page) =>
          live &&
          setEnded(
            [...page.items]
              .sort((a, b) => (b.updatedAt ?? '').localeCompare(a.updatedAt ?? ''))
              .slice(0, ENDED_LISTED),
          ),
        () => live && setEnded([]),
      );
    return () => {
      live = false;
    };
  }, [props.api]);
  return (
    <>
      {open && open.items.length > 0 && (
        <section aria-labelledby="single-matches">
          <h2 id="single-matches">Single matches in play</h2>
          <ul class="tournament-list">
            {open.items.map((m) => (
              <li key={m.matchId}>
                <a href={singleMatchLink(m.matchId)}>
                  {m.sides.A} v {m.sides.B}
                </a>{' '}
                <span class="note">({m.matchId})</span>
                <DisputesWaiting match={m} />
              </li>
            ))}
          </ul>
          {open.more && <p class="note">Only the first {open.items.length} are listed.</p>}
        </section>
      )}
      {ended && ended.length > 0 && (
        <section aria-labelledby="ended-single-matches">
          <h2 id="ended-single-matches">Single matches ended lately</h2>
          <ul class="tournament-list">
            {ended.map((m) => (
              <li key={m.matchId}>
                <a href={singleMatchLink(m.matchId)}>
                  {m.sides.A} v {m.sides.B}
                </a>{' '}
                <span class="note">
                  ({m.matchId}): {resultWords(m)}
                  {m.updatedAt ? `, ended ${dayAndTime(m.updatedAt)}` : ''}
                </span>
                <DisputesWaiting match={m} />
              </li>
            ))}
          </ul>
          <p class="note">
            Those that ended in the last {ENDED_WITHIN_DAYS} days, the last first (at most {ENDED_LISTED}).
          </p>
        </section>
      )}
    </>
  );
}

/**
 * The judge's console for a single match: a dispute is ruled on by a judge key alone (C-5), and a
 * single match has no tournament desk to issue one, so this desk issues it (POST /keys, role judge,
 * bound to this match: it judges this match and no other; the same one each time, by its commandId)
 * and opens the console with it in this tab. Without a key a dispute raised at the table could be seen
 * but never ruled on.
 */
/**
 * The way to judge this match, with its open disputes said above it (C-5): a single match has no
 * judge until the organiser opens the console, so a dispute raised at the table waits here.
 */
function JudgeThisMatch(props: { api: Api; matchId: string; disputes: readonly string[] }) {
  const { disputes } = props;
  const [refusal, setRefusal] = useState<string>();
  const [opening, setOpening] = useState(false);
  const open = async () => {
    setOpening(true);
    setRefusal(undefined);
    try {
      const judge = await props.api.post<{ token: string }>('/keys', {
        commandId: judgeCommandId(props.matchId),
        role: 'judge',
        matchId: props.matchId,
        label: `judge of the single match ${props.matchId}`,
      });
      // Asked for by name: this key replaces one the console held, where handKeyTo would keep it.
      sessionStorage.setItem(JUDGE_KEY_STORAGE, judge.token);
      window.location.assign(`/judge/?match=${encodeURIComponent(props.matchId)}`);
    } catch (error) {
      setRefusal(refusalText(error));
      setOpening(false);
    }
  };
  return (
    <div class="judge-this-match">
      {disputes.length > 0 && (
        <p class="warning" role="status" data-testid="open-disputes">
          {disputes.length === 1 ? 'A dispute is open' : `${disputes.length} disputes are open`} (C-5):{' '}
          {disputes.join('; ')}. It waits for a judge: judge this match to rule on{' '}
          {disputes.length === 1 ? 'it' : 'them'}.
        </p>
      )}
      <button
        type="button"
        class={disputes.length > 0 ? 'primary' : 'quiet'}
        disabled={opening}
        onClick={() => void open()}
      >
        Judge this match
      </button>{' '}
      <span class="note">
        opens the judge's console with a judge key for this match alone: rule on a dispute, back the match up,
        end it
      </span>
      {refusal && (
        <p class="error" role="alert">
          {refusal}
        </p>
      )}
    </div>
  );
}

/**
 * The commandId of a single match's judge key: one per match, so reopening the page gives the same key.
 * (`judge-<id>` issued keys that judged every match; those are not answered again.)
 */
export const judgeCommandId = (matchId: string) => `match-judge-${matchId}`;

/** The commandId of a single match's spectator key: one per match, the same link each time. */
export const watchCommandId = (matchId: string) => `watch-${matchId}`;

/**
 * A link to watch this match from another device (a phone, the hall's screen): a spectator key bound
 * to this match alone (POST /keys; the same one each time, by its commandId), carried in the link's
 * fragment, which no request sends. Whoever holds the link watches this match as a spectator sees
 * it, and reaches nothing else: it plays no side and rules on nothing.
 */
function WatchThisMatch(props: { api: Api; matchId: string; title: string }) {
  const [link, setLink] = useState<string>();
  const [refusal, setRefusal] = useState<string>();
  const [asking, setAsking] = useState(false);
  const [said, setSaid] = useState<string>();
  const field = useRef<HTMLInputElement>(null);
  // The button pressed is gone once the link is shown: the focus goes to the link.
  useLayoutEffect(() => {
    if (link) field.current?.focus();
  }, [link]);
  const issue = async () => {
    setAsking(true);
    setRefusal(undefined);
    try {
      const spectator = await props.api.post<{ token: string }>('/keys', {
        commandId: watchCommandId(props.matchId),
        role: 'spectator',
        matchId: props.matchId,
        label: `watching the single match ${props.matchId}`,
      });
      setLink(watchLink(window.location.origin, props.matchId, spectator.token));
    } catch (error) {
      setRefusal(refusalText(error));
    } finally {
      setAsking(false);
    }
  };
  return (
    <section class="watch-this-match" aria-labelledby="watch-this-match">
      {/* Before the link is asked for, the button says it all; the heading is for a screen reader's list. */}
      <h2 id="watch-this-match" class={link ? undefined : 'sr-only'}>
        Watch this match from another device
      </h2>
      {!link && (
        <p>
          <button type="button" class="quiet" disabled={asking} onClick={() => void issue()}>
            Watch this match
          </button>{' '}
          <span class="note">
            a link and QR code to watch it from another device, with a key that sees this match alone
          </span>
        </p>
      )}
      {refusal && (
        <p class="error" role="alert">
          {refusal}
        </p>
      )}
      {link && (
        <div class="link-out watch-link">
          <p class="qr-shown">
            <QrCode text={link} label={`The link to watch ${props.title}`} />
          </p>
          <div>
            <label>
              Link to watch {props.title} (holds its key: share it with watchers only)
              <input ref={field} readOnly value={link} onFocus={(e) => e.currentTarget.select()} />
            </label>
            <button
              type="button"
              class="quiet"
              aria-label={`Copy the link to watch ${props.title}`}
              onClick={() => void copyText(link, 'Link').then(setSaid)}
            >
              Copy
            </button>
            <span class="note" role="status">
              {said}
            </span>
            <p class="note">
              Scan the code or send the link: it watches this match alone, as a spectator sees it (no sealed
              order before it is revealed), plays and rules on nothing, and works until its key is revoked.
            </p>
          </div>
        </div>
      )}
    </section>
  );
}
