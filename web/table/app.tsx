import { useEffect, useState } from 'preact/hooks';
import { joinRefusalWords, redeemInvitation, takeInvitationFromUrl } from '../shared/invitation';
import { keepKey, placePage, type Joined } from '../shared/place-store';
import { forgetSeat, keepSeat, type Seat, seats } from '../shared/seat-store';
import type { LeftNotice } from './leave-dialog';
import { Table } from './table';
import { CodeForm } from '../shared/code-form';

type Joining =
  | { kind: 'idle' }
  | { kind: 'joining' }
  | { kind: 'refused'; message: string }
  /** A participant's invitation opened here: spent all the same, so its key is kept for the tournament page. */
  | { kind: 'place'; joined: Joined };

/**
 * Joining a seat: the invitation comes in the link's fragment, is wiped from the address bar at once,
 * and is traded for the seat's key, which stays in this browser. Without one, the seats this browser
 * joined before, or a field to type an invitation code in. A participant's invitation opened here is
 * spent all the same: its key is kept where the tournament page keeps places, and that page opens it.
 */
export function App() {
  const [invitation] = useState(() => takeInvitationFromUrl());
  const [joining, setJoining] = useState<Joining>(invitation ? { kind: 'joining' } : { kind: 'idle' });
  const [known, setKnown] = useState<Seat[]>(() => seats());
  const [seat, setSeat] = useState<Seat | undefined>(() => (invitation ? undefined : seats()[0]));
  const [left, setLeft] = useState<LeftNotice>();

  const join = async (code: string, typed: boolean) => {
    setJoining({ kind: 'joining' });
    try {
      const redeemed = await redeemInvitation(code);
      if (redeemed.kind === 'place') {
        keepKey(redeemed.joined);
        setJoining({ kind: 'place', joined: redeemed.joined });
        return;
      }
      keepSeat(redeemed.seat);
      setKnown(seats());
      setSeat(redeemed.seat);
      setJoining({ kind: 'idle' });
    } catch (error) {
      setJoining({ kind: 'refused', message: joinRefusalWords(error, typed, 'seat') });
    }
  };
  useEffect(() => {
    if (invitation) void join(invitation, false);
  }, [invitation]);

  if (joining.kind === 'place') {
    return (
      <main class="narrow table-page">
        <h1>Join your table</h1>
        <p role="status" data-testid="place-kept">
          This invitation is for your place in tournament {joining.joined.tournamentId}, not for a seat at a
          table. Your place is kept on this phone: your tournament page opens it, and takes you to your table
          once a round is paired.
        </p>
        <p>
          <a href={placePage(joining.joined)}>Open your tournament page</a>
        </p>
      </main>
    );
  }

  if (seat && joining.kind !== 'joining') {
    return (
      <Table
        key={`${seat.matchId}:${seat.side}`}
        seat={seat}
        onLeave={(notice) => {
          forgetSeat(seat);
          setKnown(seats());
          setSeat(undefined);
          setLeft(notice);
        }}
      />
    );
  }
  return (
    <main class="narrow table-page">
      <h1>Join your table</h1>
      {joining.kind === 'joining' && <p aria-live="polite">Joining your seat…</p>}
      {joining.kind === 'refused' && (
        <p class="error" role="alert" data-testid="join-refused">
          {joining.message}
        </p>
      )}
      {left && (
        <p
          class={left.alarm ? 'error' : 'left-notice'}
          role={left.alarm ? 'alert' : 'status'}
          data-testid="left-notice"
        >
          {left.words}
        </p>
      )}
      {known.length > 0 && (
        <section aria-labelledby="known-heading">
          <h2 id="known-heading">Seats on this device</h2>
          <ul class="action-list">
            {known.map((s) => (
              <li key={`${s.matchId}:${s.side}`}>
                <button type="button" class="action" onClick={() => setSeat(s)}>
                  Match {s.matchId}, side {s.side}
                  {s.label ? ` (${s.label})` : ''}
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
      <CodeForm
        // A refusal is said above, where a link's own is said too.
        join={async (code) => {
          await join(code, true);
          return undefined;
        }}
        label="Invitation code"
        intro={<p>Scan the QR code or open the link your organiser gave you. Or type the invitation code:</p>}
        notes={
          <p class="note">
            An invitation joins one seat, once. The seat’s key then stays in this browser only.
          </p>
        }
        buttonClass="big"
      />
    </main>
  );
}
