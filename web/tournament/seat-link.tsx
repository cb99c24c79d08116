import { useState } from 'preact/hooks';
import type { Api } from '../shared/api';
import { refusalText } from '../shared/refusal';
import { newCommandId } from '../shared/tournament-views';
import { keepSeat, seats } from '../table/seat-store';

interface SeatInvitation {
  link: string;
  matchId: string;
  side: string;
  redeemed: boolean;
}

/**
 * The participant's way to their own seat of a refereed table: the service answers the one
 * invitation of this participant's key to that seat, and the table page joins it. Once it was
 * joined, the seat's key lives on the device that joined it: on this one, the table page opens that
 * seat again; on another, nothing here can join it a second time.
 */
export function SeatLink(props: { api: Api; at: string; matchId: string; side: 'A' | 'B' }) {
  const { api, at, matchId, side } = props;
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const play = async () => {
    setBusy(true);
    setProblem(undefined);
    try {
      const invitation = await api.post<SeatInvitation>(`${at}/seat-invitation`, {
        commandId: newCommandId(),
        side,
      });
      const here = seats().find((s) => s.matchId === matchId && s.side === side);
      if (!invitation.redeemed) {
        window.location.assign(invitation.link);
      } else if (here) {
        // The table page opens the seat this browser joined last: this one, now.
        keepSeat(here);
        window.location.assign('/table/');
      } else {
        setProblem(
          'Your seat was joined on another device already: play there, or ask the organiser for a new seat slip.',
        );
        setBusy(false);
      }
    } catch (error) {
      setProblem(refusalText(error));
      setBusy(false);
    }
  };
  return (
    <div class="seat-link">
      <button type="button" class="primary" disabled={busy} onClick={() => void play()}>
        Play at your seat (side {side})
      </button>
      {problem && (
        <p class="error" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
