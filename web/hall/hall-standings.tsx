import { StandingsRow } from '../shared/standings-table';
import type { Round, Standings } from '../shared/tournament-views';

/** Each tie-break's short column name on the hall screen, with its full name for the legend and readers. */
const SHORT: Record<string, [string, string]> = {
  buchholz: ['Bh', 'Buchholz'],
  'median-buchholz': ['MBh', 'Median Buchholz'],
  'sonneborn-berger': ['SB', 'Sonneborn–Berger'],
  'head-to-head': ['H2H', 'Head-to-head'],
  wins: ['W', 'Wins'],
};

const named = (id: string): [string, string] => SHORT[id] ?? [id, id];

/** "after 2 rounds": the rounds whose every table has its result (closed), not the ones started. */
export function roundsWords(rounds: Round[]): string {
  const closed = rounds.filter((r) => r.status === 'closed').length;
  const playing = rounds.find((r) => r.status === 'started');
  const after =
    closed === 0 ? 'before any round is complete' : `after ${closed} round${closed === 1 ? '' : 's'}`;
  return playing ? `${after} (round ${playing.round} in play)` : after;
}

/**
 * The standings for a screen nobody scrolls: every column fits, the tie-breaks under short names (each
 * with its full name as its title and for screen readers, and spelt out in the legend below), names
 * wrapping rather than widening the table.
 */
export function HallStandings(props: { standings: Standings; rounds: Round[] }) {
  const tieBreaks = props.standings.tieBreaks ?? [];
  const rows = props.standings.standings ?? [];
  const heading = `Standings ${roundsWords(props.rounds)}`;
  return (
    <section aria-labelledby="hall-standings">
      <h2 id="hall-standings">{heading}</h2>
      {rows.length === 0 ? (
        <p class="note">No standings yet.</p>
      ) : (
        <>
          <div class="hall-standings-box">
            <table class="hall-standings" aria-labelledby="hall-standings">
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
                    <abbr title="Won, drawn, lost" aria-hidden="true">
                      W-D-L
                    </abbr>
                    <span class="sr-only">Won, drawn, lost</span>
                  </th>
                  {tieBreaks.map((t) => {
                    const [short, full] = named(t);
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
              <tbody>
                {rows.map((row) => (
                  <StandingsRow key={row.participantId} row={row} tieBreaks={tieBreaks} />
                ))}
              </tbody>
            </table>
          </div>
          {tieBreaks.length > 0 && (
            <p class="note hall-legend" aria-hidden="true">
              {tieBreaks.map((t) => named(t).join(' ')).join(' · ')}
            </p>
          )}
        </>
      )}
    </section>
  );
}
