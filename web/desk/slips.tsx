import { QrCode } from '../shared/qr-code';
import type { Round } from '../shared/tournament-views';

/** The link a side's QR code carries: that participant's page for the tournament (no key in it). */
export function participantLink(origin: string, tournamentId: string, participantId: string): string {
  return `${origin}/tournament/?tournament=${encodeURIComponent(tournamentId)}&participant=${encodeURIComponent(participantId)}`;
}

/**
 * What the desk prints for a round (the browser's print, print CSS in tournament.css): the pairings
 * sheet, then one match slip a table with both players, a QR code for each side and a result box.
 * Shown on screen only once asked for, and always on its own pages when printed.
 */
export function PrintSheets(props: { name: string; tournamentId: string; round: Round }) {
  const { round, tournamentId } = props;
  const origin = window.location.origin;
  return (
    <div class="print-sheets" aria-label={`Printable sheets for round ${round.round}`} role="region">
      <section class="print-page pairings-sheet">
        <h2>
          {props.name}: round {round.round} pairings
        </h2>
        <table>
          <thead>
            <tr>
              <th scope="col">Table</th>
              <th scope="col">Side A</th>
              <th scope="col">Side B</th>
            </tr>
          </thead>
          <tbody>
            {round.pairings.map((p) => (
              <tr key={p.table}>
                <td>{p.table}</td>
                <td>{p.A.name}</td>
                <td>{p.B.name}</td>
              </tr>
            ))}
            {round.byes.map((b) => (
              <tr key={b.participantId}>
                <td>bye</td>
                <td colSpan={2}>{b.name}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      {round.pairings.map((p) => (
        <section class="print-page match-slip" key={p.table} data-table={p.table}>
          <h2>
            {props.name} · round {round.round} · table {p.table}
          </h2>
          <div class="slip-sides">
            {(['A', 'B'] as const).map((side) => (
              <div class="slip-side" key={side}>
                <p>
                  Side {side}: <strong>{p[side].name}</strong>
                </p>
                <QrCode
                  text={participantLink(origin, tournamentId, p[side].participantId)}
                  label={`${p[side].name}'s page`}
                  size={176}
                />
              </div>
            ))}
          </div>
          <div class="result-box">
            <p>
              Result (circle one): {p.A.name} won · draw · {p.B.name} won
            </p>
            <p>Signed A: ____________________ Signed B: ____________________</p>
          </div>
        </section>
      ))}
    </div>
  );
}
