import { useState } from 'preact/hooks';
import type { Api } from '../shared/api';
import { refusalText } from '../shared/refusal';
import { newCommandId } from '../shared/tournament-views';

interface SeatInvitation {
  link: string;
  matchId: string;
  side: string;
  redeemed: boolean;
  /** When the seat was joined with another invitation (a slip, the desk's) since this one was made. */
  seatJoinedAt?: string;
}

type Asked =
  | { kind: 'idle' }
  | { kind: 'asking' }
  | { kind: 'joined' }
  | { kind: 'elsewhere'; at: string }
  | { kind: 'refused'; why: string };

/**
 * The participant's way to their own seat of a refereed table: the service answers the one
 * invitation of this participant's key to that seat, and the table page joins it. Once joined, the
 * seat's key lives on the device that joined it, whose table page opens it again; the invitation
 * itself joins once.
 */
export function SeatLink(props: { api: Api; at: string; side: 'A' | 'B' }) {
  const { api, at, side } = props;
  const [asked, setAsked] = useState<Asked>({ kind: 'idle' });
  const play = async () => {
    setAsked({ kind: 'asking' });
    try {
      const invitation = await api.post<SeatInvitation>(`${at}/seat-invitation`, {
        commandId: newCommandId(),
        side,
      });
      if (invitation.redeemed) setAsked({ kind: 'joined' });
      else if (invitation.seatJoinedAt) setAsked({ kind: 'elsewhere', at: invitation.seatJoinedAt });
      else window.location.assign(invitation.link);
    } catch (error) {
      setAsked({ kind: 'refused', why: refusalText(error) });
    }
  };
  return (
    <div class="seat-link">
      <button type="button" class="primary" disabled={asked.kind === 'asking'} onClick={() => void play()}>
        Play at your seat (side {side})
      </button>
      {asked.kind === 'joined' && (
        <p role="status">
          You joined this seat already. On the device you joined it from,{' '}
          <a href="/table/">open the table page</a>: it keeps your seat. On another device, ask the organiser
          for your seat slip.
        </p>
      )}
      {asked.kind === 'elsewhere' && (
        <p role="alert">
          Your seat was joined on another phone at{' '}
          {new Date(asked.at).toLocaleTimeString([], {
            hour: '2-digit',
            minute: '2-digit',
            hourCycle: 'h23',
          })}
          , with its slip or the desk’s invitation. If that was you, open the table page on that phone: it
          keeps your seat. If it was not, tell the organiser now: the desk shuts a phone out of a seat.
        </p>
      )}
      {asked.kind === 'refused' && (
        <p class="error" role="alert">
          {asked.why}
        </p>
      )}
    </div>
  );
}
