import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { Round, Standings, StandingRow } from './tournament-views';

/** Each tie-break's short column name, with its full name for the legend, the title and screen readers. */
const SHORT: Record<string, [string, string]> = {
  buchholz: ['Bh', 'Buchholz'],
  'median-buchholz': ['MBh', 'Median Buchholz'],
  'sonneborn-berger': ['SB', 'Sonneborn–Berger'],
  'head-to-head': ['H2H', 'Head-to-head'],
  wins: ['W', 'Wins'],
};

export const tieBreakNamed = (id: string): [string, string] => SHORT[id] ?? [id, id];

/**
 * When the standings stand, in words: "so far, with round 1 in play", "after 2 rounds (round 3 in
 * play)", counting the rounds whose every table has its result (closed), not the ones started; once
 * the tournament's last round closed, "final, after 3 rounds".
 */
export function roundsWords(rounds: Round[], numberOfRounds?: number | null): string {
  const closed = rounds.filter((r) => r.status === 'closed').length;
  const playing = rounds.find((r) => r.status === 'started');
  if (closed === 0) return playing ? `so far, with round ${playing.round} in play` : 'before the first round';
  const after = `after ${closed} round${closed === 1 ? '' : 's'}`;
  if (!playing && numberOfRounds && closed >= numberOfRounds) return `final, ${after}`;
  return playing ? `${after} (round ${playing.round} in play)` : after;
}

/** The standings' heading for where the tournament is: "Final standings after 3 rounds", "Standings after 1 round". */
export function standingsHeading(rounds: Round[], numberOfRounds?: number | null): string {
  const words = roundsWords(rounds, numberOfRounds);
  return words.startsWith('final, ') ? `Final standings ${words.slice(7)}` : `Standings ${words}`;
}

/** The column headings: rank, player, points, record, then each tie-break by its short name. */
export function StandingsHead(props: { tieBreaks: readonly string[] }) {
  return (
    <thead>
      <tr>
        <th scope="col">
          <span aria-hidden="true">#</span>
          <span class="sr-only">Rank</span>
        </th>
        <th scope="col">Player</th>
        <th scope="col">
          <abbr title="Points" aria-hidden="true">
            Pts
          </abbr>
          <span class="sr-only">Points</span>
        </th>
        <th scope="col">
          <abbr title="Won, drawn, lost (and byes)" aria-hidden="true">
            W-D-L
          </abbr>
          <span class="sr-only">Won, drawn, lost</span>
        </th>
        {props.tieBreaks.map((t) => {
          const [short, full] = tieBreakNamed(t);
          return (
            <th scope="col" key={t}>
              <abbr title={full} aria-hidden="true">
                {short}
              </abbr>
              <span class="sr-only">{full}</span>
            </th>
          );
        })}
      </tr>
    </thead>
  );
}

/** The tie-breaks' short names spelt out, under the table (screen readers have them in each heading). */
export function StandingsLegend(props: { tieBreaks: readonly string[] }) {
  if (props.tieBreaks.length === 0) return null;
  return (
    <p class="note standings-legend" aria-hidden="true">
      {props.tieBreaks.map((t) => tieBreakNamed(t).join(' ')).join(' · ')}
    </p>
  );
}

/**
 * The standings with every figure they are ranked by (points, then each published tie-break), under
 * a heading of where the tournament is. On a screen too narrow for every column the names stay in
 * place and the figures scroll in their box, and the page says so above it.
 */
export function StandingsTable(props: {
  standings: Standings;
  rounds: Round[];
  highlight?: string;
  headingId: string;
  /** The heading's level: the page's sections are h2. */
  level?: 2 | 3;
}) {
  const { standings } = props;
  // A tournament with no participants yet answers the older standings shape, without tie-breaks.
  const tieBreaks = standings.tieBreaks ?? [];
  const rows = standings.standings ?? [];
  const heading = standingsHeading(props.rounds, standings.numberOfRounds);
  const Heading = props.level === 3 ? 'h3' : 'h2';
  const box = useRef<HTMLDivElement>(null);
  const [cut, setCut] = useState(false);
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const measure = () => setCut(el.scrollWidth > el.clientWidth + 1);
    measure();
    const watcher = new ResizeObserver(measure);
    watcher.observe(el);
    return () => watcher.disconnect();
  }, [rows.length, tieBreaks.length]);
  return (
    <>
      <Heading id={props.headingId}>{heading}</Heading>
      {rows.length === 0 ? (
        <p class="note">No standings yet.</p>
      ) : (
        <>
          {cut && (
            <p class="note scroll-cue" data-testid="standings-scroll-cue">
              More columns to the right: swipe the table sideways <span aria-hidden="true">→</span>
            </p>
          )}
          <div
            class="table-scroll"
            ref={box}
            // Focusable when it scrolls, so a keyboard can scroll it too.
            tabIndex={cut ? 0 : undefined}
            role={cut ? 'region' : undefined}
            aria-label={cut ? `${heading}, scrolls sideways` : undefined}
          >
            <table class="standings" aria-labelledby={props.headingId}>
              <StandingsHead tieBreaks={tieBreaks} />
              <tbody>
                {rows.map((row) => (
                  <StandingsRow
                    key={row.participantId}
                    row={row}
                    tieBreaks={tieBreaks}
                    current={row.participantId === props.highlight}
                  />
                ))}
              </tbody>
            </table>
          </div>
          <StandingsLegend tieBreaks={tieBreaks} />
        </>
      )}
    </>
  );
}

/** "1-1-0", "1-1-0, 1 bye": the games won, drawn and lost, and the byes, which are none of those. */
export function recordWords(row: Pick<StandingRow, 'won' | 'drawn' | 'lost' | 'byes'>): string {
  const games = `${row.won}-${row.drawn}-${row.lost}`;
  const byes = row.byes ?? 0;
  return byes > 0 ? `${games}, ${byes} bye${byes === 1 ? '' : 's'}` : games;
}

/**
 * One participant's line of the standings: rank, name (marked when they dropped out or withdrew: they
 * keep their line and what they scored), points, record, then each tie-break.
 */
export function StandingsRow(props: { row: StandingRow; tieBreaks: readonly string[]; current?: boolean }) {
  const { row } = props;
  const gone = row.status === 'dropped' || row.status === 'withdrawn' ? row.status : undefined;
  return (
    <tr aria-current={props.current ? 'true' : undefined} class={gone ? 'standing-gone' : undefined}>
      <td>{row.rank}</td>
      <th scope="row">
        {row.name}
        {gone && <span class="standing-mark"> ({gone})</span>}
      </th>
      <td>{row.points}</td>
      <td class="standing-record">{recordWords(row)}</td>
      {props.tieBreaks.map((t) => (
        <td key={t}>{figure(row.tieBreaks?.[t])}</td>
      ))}
    </tr>
  );
}

/** A tie-break's figure; none where it means nothing (head-to-head for a row tied with nobody). */
function figure(value: number | null | undefined) {
  if (value !== null && value !== undefined) return value;
  return (
    <span role="img" aria-label="none">
      –
    </span>
  );
}
