import { useEffect, useState } from 'preact/hooks';
import type { Api } from '../shared/api';
import { QrCode } from '../shared/qr-code';
import { refusalText } from '../shared/refusal';
import type { Pairing, Round } from '../shared/tournament-views';
import { possessive } from '../shared/possessive';

/**
 * The link a report-only table's QR code carries: that participant's page (no key, no code in it). It
 * opens the page on the phone the player joined on; a phone that never joined is told to ask the desk
 * for the player's invitation. A slip carries no invitation of its own: it lies on the table for anyone
 * to scan, and the player joined at check-in already.
 */
export function participantLink(origin: string, tournamentId: string, participantId: string): string {
  return `${origin}/tournament/?tournament=${encodeURIComponent(tournamentId)}&participant=${encodeURIComponent(participantId)}`;
}

/**
 * The commandId a slip invites a seat under. Inviting is idempotent by the key and the commandId, so
 * printing the slips again prints the same invitation for each seat: a seat never holds two valid
 * slip invitations, and once its player has joined, a re-printed slip's code answers 410 (used).
 */
export function slipCommandId(matchId: string, side: 'A' | 'B'): string {
  return `slip-${matchId}-${side}`;
}

/** A seat's invitation as a slip prints it: the link its QR code carries, and the code to type instead. */
interface SeatInvitation {
  link: string;
  code: string;
}

type SeatLinks = Record<string, { A: SeatInvitation; B: SeatInvitation }>;

/** Each refereed table's seat invitations, made (or made again, the same) when the slips are shown. */
function useSeatLinks(api: Api, pairings: Pairing[], label: (p: Pairing, side: 'A' | 'B') => string) {
  const [links, setLinks] = useState<SeatLinks>({});
  const [failed, setFailed] = useState<string>();
  const refereed = pairings.filter((p) => p.matchId);
  const ids = refereed.map((p) => p.matchId).join(' ');
  useEffect(() => {
    let live = true;
    const invite = async (p: Pairing, side: 'A' | 'B') => {
      const matchId = p.matchId!;
      const invited = await api.post<{ link: string; code: string }>(
        `/matches/${encodeURIComponent(matchId)}/invitations`,
        {
          commandId: slipCommandId(matchId, side),
          side,
          label: label(p, side),
        },
      );
      return { link: `${window.location.origin}${invited.link}`, code: invited.code };
    };
    Promise.all(
      refereed.map(async (p) => [p.matchId!, { A: await invite(p, 'A'), B: await invite(p, 'B') }] as const),
    ).then(
      (made) => live && setLinks(Object.fromEntries(made)),
      (error: unknown) => live && setFailed(refusalText(error)),
    );
    return () => {
      live = false;
    };
  }, [ids]);
  return { links, failed, ready: refereed.every((p) => links[p.matchId!]) };
}

/**
 * What the desk prints for a round (the browser's print, print CSS in tournament.css): the pairings
 * sheet, then one match slip a table with both players, a QR code for each side and a result box. A
 * refereed table's codes are seat invitations to its match (the table page joins that side with it),
 * each with its code in text under it for a phone that cannot scan, and its result box says the
 * referee records the result; a report-only table's are the players' own tournament pages, with a
 * result to circle and sign. Shown on screen only once asked for,
 * and always on its own pages when printed.
 */
export function PrintSheets(props: { api: Api; name: string; tournamentId: string; round: Round }) {
  const { round, tournamentId } = props;
  const origin = window.location.origin;
  const seats = useSeatLinks(
    props.api,
    round.pairings,
    (p, side) => `round ${round.round}, table ${p.table}, ${p[side].name}`,
  );
  return (
    <div
      class="print-sheets"
      aria-label={`Printable sheets for round ${round.round}`}
      aria-busy={!seats.ready}
      role="region"
    >
      {seats.failed && (
        <p class="error" role="alert">
          Seat invitations: {seats.failed}
        </p>
      )}
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
          <p class="note">
            {p.matchId
              ? 'Refereed: scan your code to join your side of the match (it opens once).'
              : 'Report the result from your tournament page: scan your code with the phone you joined on. Not joined yet? Ask the desk for your invitation.'}
          </p>
          <div class="slip-sides">
            {(['A', 'B'] as const).map((side) => {
              const seat = p.matchId ? seats.links[p.matchId]?.[side] : undefined;
              const text = p.matchId
                ? seat?.link
                : participantLink(origin, tournamentId, p[side].participantId);
              return (
                <div class="slip-side" key={side}>
                  <p>
                    Side {side}: <strong>{p[side].name}</strong>
                  </p>
                  {text ? (
                    <>
                      <QrCode
                        text={text}
                        label={
                          p.matchId ? `${possessive(p[side].name)} seat` : `${possessive(p[side].name)} page`
                        }
                        size={176}
                      />
                      {seat && (
                        <p class="slip-code">
                          Or open <span class="slip-url">{origin}/table/</span> and type the invitation code:{' '}
                          <code data-testid={`slip-code-${p.table}-${side}`}>{seat.code}</code>
                        </p>
                      )}
                    </>
                  ) : (
                    <p role="status">Making the seat invitation…</p>
                  )}
                </div>
              );
            })}
          </div>
          {p.matchId ? (
            <div class="result-box">
              <p>Result: the referee records it when the match ends. Nothing to fill in here.</p>
            </div>
          ) : (
            <div class="result-box">
              <p>
                Result (circle one): {p.A.name} won · draw · {p.B.name} won
              </p>
              <p>Signed A: ____________________ Signed B: ____________________</p>
            </div>
          )}
        </section>
      ))}
    </div>
  );
}
