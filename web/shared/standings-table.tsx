import { type Standings, TIE_BREAK_NAMES } from './tournament-views';

/** The standings with every figure they are ranked by (points, then each published tie-break). */
export function StandingsTable(props: { standings: Standings; highlight?: string }) {
  const { standings } = props;
  // A tournament with no participants yet answers the older standings shape, without tie-breaks.
  const tieBreaks = standings.tieBreaks ?? [];
  const rows = standings.standings ?? [];
  if (rows.length === 0) return <p class="note">No standings yet.</p>;
  return (
    <div class="table-scroll">
      <table class="standings">
        <caption class="sr-only">
          {standings.rounds === 0
            ? 'Standings before the first round'
            : `Standings through round ${standings.rounds}, its results so far`}
        </caption>
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">Player</th>
            <th scope="col">Pts</th>
            <th scope="col">W-D-L</th>
            {tieBreaks.map((t) => (
              <th scope="col" key={t}>
                {TIE_BREAK_NAMES[t] ?? t}
              </th>
            ))}
          </tr>
        </thead>
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
  );
}

type StandingsLine = NonNullable<Standings['standings']>[number];

/** One participant's line of the standings: rank, name, points, record, then each tie-break. */
export function StandingsRow(props: { row: StandingsLine; tieBreaks: readonly string[]; current?: boolean }) {
  const { row } = props;
  return (
    <tr aria-current={props.current ? 'true' : undefined}>
      <td>{row.rank}</td>
      <th scope="row">{row.name}</th>
      <td>{row.points}</td>
      <td>
        {row.won}-{row.drawn}-{row.lost}
      </td>
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
