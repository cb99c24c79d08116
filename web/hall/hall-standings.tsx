import { StandingsHead, StandingsLegend, StandingsRow, standingsHeading } from '../shared/standings-table';
import type { Round, Standings } from '../shared/tournament-views';

export { roundsWords } from '../shared/standings-table';

/**
 * The standings for a screen nobody scrolls: every column fits, the tie-breaks under short names (each
 * with its full name as its title and for screen readers, and spelt out in the legend below), names
 * wrapping rather than widening the table.
 */
export function HallStandings(props: { standings: Standings; rounds: Round[] }) {
  const tieBreaks = props.standings.tieBreaks ?? [];
  const rows = props.standings.standings ?? [];
  const heading = standingsHeading(props.rounds, props.standings.numberOfRounds);
  return (
    <section aria-labelledby="hall-standings">
      <h2 id="hall-standings">{heading}</h2>
      {rows.length === 0 ? (
        <p class="note">No standings yet.</p>
      ) : (
        <>
          <div class="hall-standings-box">
            <table class="hall-standings" aria-labelledby="hall-standings">
              <StandingsHead tieBreaks={tieBreaks} />
              <tbody>
                {rows.map((row) => (
                  <StandingsRow key={row.participantId} row={row} tieBreaks={tieBreaks} />
                ))}
              </tbody>
            </table>
          </div>
          <StandingsLegend tieBreaks={tieBreaks} />
        </>
      )}
    </section>
  );
}
