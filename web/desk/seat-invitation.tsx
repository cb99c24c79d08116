import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { Api } from '../shared/api';
import { possessive } from '../shared/possessive';
import { refusalText } from '../shared/refusal';
import { InvitationLink } from './invitation-link';
import { dayAndTime, shortTime } from './desk-times';

type Side = 'A' | 'B';

/** A seat's invitation as POST /matches/{id}/invitations answers it. */
interface SeatInvitation {
  link: string;
  code: string;
  expiresAt: string;
  redeemed: boolean;
  redeemedAt?: string;
  /** When the seat was joined with another invitation since this one was made: it opens no more. */
  seatJoinedAt?: string;
}

/**
 * The commandId a seat's invitation is made under. Inviting is idempotent by the key and the commandId:
 * opening this page again shows the same invitation; a new one for that seat (a code expired, or the
 * player joins on another phone) takes the next number.
 */
export const seatCommandId = (matchId: string, side: Side, n: number) => `seat-${matchId}-${side}-${n}`;

/**
 * One seat of a single match: its phones, and its current invitation with the QR code to scan from
 * this screen, its link to send and its code to type, while the invitation still opens. An invitation
 * opens once: once a phone has joined with it (asked again whenever the seat's phones change), or
 * once it has expired, it is said so and shown no more, and a new one is a button away. An ended
 * match is joined by nobody: its seats show their phones only.
 */
export function Seat(props: {
  api: Api;
  matchId: string;
  side: Side;
  name: string;
  /** The number of the seat's invitation shown: each new one takes the next. */
  n: number;
  /** How many phones play the seat now: when it changes, the invitation is asked again whether it was used. */
  joined: number;
  ended: boolean;
  onAnother: () => void;
  /** Whether the seat was joined, and its lost phone shut out. */
  phones: ComponentChildren;
  /**
   * A tournament's match: its players join from their own pages and slips, so no invitation is made
   * here until the organiser asks for one (a phone that cannot), and none stands open on this screen.
   */
  invitesOnAsk?: boolean;
}) {
  const { api, matchId, side, name, n, joined, ended } = props;
  const [asked, setAsked] = useState(!props.invitesOnAsk);
  const [invited, setInvited] = useState<SeatInvitation>();
  const [refusal, setRefusal] = useState<string>();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    setInvited(undefined);
    setRefusal(undefined);
  }, [matchId, side, n]);
  useEffect(() => {
    if (ended || !asked) return;
    let live = true;
    api
      .post<SeatInvitation>(`/matches/${encodeURIComponent(matchId)}/invitations`, {
        commandId: seatCommandId(matchId, side, n),
        side,
        label: `${possessive(name)} seat`,
      })
      .then(
        (made) => {
          if (!live) return;
          setInvited({ ...made, link: `${window.location.origin}${made.link}` });
          setNow(Date.now());
        },
        (error: unknown) => live && setRefusal(refusalText(error)),
      );
    return () => {
      live = false;
    };
  }, [api, matchId, side, n, name, joined, ended, asked]);
  // An invitation left open on this screen expires while it stands there: say so when it does.
  useEffect(() => {
    if (!invited || invited.redeemed) return;
    const left = Date.parse(invited.expiresAt) - Date.now();
    if (left <= 0) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.min(left + 50, 2 ** 31 - 1));
    return () => clearTimeout(timer);
  }, [invited]);
  const expired = invited !== undefined && !invited.redeemed && now >= Date.parse(invited.expiresAt);
  const overtaken = invited !== undefined && !invited.redeemed && invited.seatJoinedAt !== undefined;
  const opens = invited !== undefined && !invited.redeemed && !expired && !overtaken;
  return (
    <section class="seat" aria-labelledby={`seat-${side}`}>
      <h2 id={`seat-${side}`}>
        Side {side}: {name}
      </h2>
      {props.phones}
      {refusal && (
        <p class="error" role="alert">
          {refusal}
        </p>
      )}
      {!ended && invited?.redeemed && (
        <p class="note" data-testid="invitation-used">
          The invitation shown here was used
          {invited.redeemedAt ? ` at ${shortTime(invited.redeemedAt)}` : ''}: a phone joined the seat with it,
          and it opens no more.
        </p>
      )}
      {!ended && overtaken && !expired && (
        <p class="note" data-testid="invitation-used">
          The invitation shown here opens no more: the seat was joined with another at{' '}
          {shortTime(invited.seatJoinedAt!)}, after it was made.
        </p>
      )}
      {!ended && expired && (
        <p class="note" data-testid="invitation-used">
          The invitation shown here expired at {shortTime(invited.expiresAt)} unused.
        </p>
      )}
      {opens && (
        <>
          <InvitationLink name={name} link={invited.link} qrShown />
          <p class="note">
            Or open <span class="match-id">{window.location.origin}/table/</span> and type the code{' '}
            <strong class="invite-code">{invited.code}</strong>. Good until {dayAndTime(invited.expiresAt)};
            it opens once.
          </p>
        </>
      )}
      {!ended && !asked && (
        <>
          <button type="button" class="quiet" onClick={() => setAsked(true)}>
            Invite a phone to {possessive(name)} seat
          </button>
          <p class="note">
            Its player joins from their tournament page or slip; invite a phone here only for a player who
            cannot.
          </p>
        </>
      )}
      {!ended && asked && (
        <>
          <button type="button" class={opens ? 'quiet' : 'primary'} onClick={props.onAnother}>
            New invitation for {name}
          </button>
          <p class="note">
            {opens
              ? 'A new one is for a player on another phone, or once this one has expired.'
              : 'For a player joining on another phone (or the same one again, after leaving the seat).'}
          </p>
        </>
      )}
    </section>
  );
}
