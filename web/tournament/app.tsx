import { useEffect, useState } from 'preact/hooks';
import { Api } from '../shared/api';
import { KeyGate, queryParam } from '../shared/key-gate';
import { forgetKey, keepKey, keptKey, redeemParticipant, showJoined, takeInvitationFromUrl } from './join';
import { Player } from './player';

interface Seat {
  tournamentId: string;
  participantId: string;
  key?: string;
}

/**
 * The player's page. Opened from the participant invitation the organiser handed out
 * (`/tournament/#invite=…`), it trades the invitation once for the participant's key and keeps the key
 * in this browser; opened again (`?tournament=&participant=`), it uses the key kept here, or asks for
 * one typed in.
 */
export function App() {
  const [invitation] = useState(takeInvitationFromUrl);
  const [joining, setJoining] = useState(invitation !== undefined);
  const [refusal, setRefusal] = useState<string>();
  const [seat, setSeat] = useState<Seat | undefined>(() => {
    const tournamentId = queryParam('tournament');
    const participantId = queryParam('participant');
    return tournamentId && participantId
      ? { tournamentId, participantId, key: keptKey(tournamentId, participantId) }
      : undefined;
  });

  useEffect(() => {
    if (!invitation) return;
    redeemParticipant(invitation).then(
      (joined) => {
        keepKey(joined);
        showJoined(joined);
        setSeat({
          tournamentId: joined.tournamentId,
          participantId: joined.participantId,
          key: joined.token,
        });
        setJoining(false);
      },
      (error: unknown) => {
        setRefusal(error instanceof Error ? error.message : String(error));
        setJoining(false);
      },
    );
  }, [invitation]);

  if (joining) {
    return (
      <main class="narrow">
        <h1>My tournament</h1>
        <p role="status">Joining…</p>
      </main>
    );
  }
  if (!seat) {
    return (
      <main class="narrow">
        <h1>My tournament</h1>
        {refusal && (
          <p class="error" role="alert">
            {refusal}
          </p>
        )}
        <p>Open this page from the participant link your organiser gave you.</p>
      </main>
    );
  }
  if (!seat.key) {
    return (
      <KeyGate
        title="My tournament"
        label="The key your organiser gave you"
        note="Joined from a link? A link opens once: ask your organiser for a new one for this device, and you need no key."
        onKey={(key) => {
          keepKey({ token: key, tournamentId: seat.tournamentId, participantId: seat.participantId });
          setSeat({ ...seat, key });
        }}
      />
    );
  }
  return (
    <Player
      api={new Api(seat.key)}
      tournamentId={seat.tournamentId}
      participantId={seat.participantId}
      onForgetKey={() => {
        forgetKey(seat.tournamentId, seat.participantId);
        setSeat({ tournamentId: seat.tournamentId, participantId: seat.participantId });
      }}
    />
  );
}
