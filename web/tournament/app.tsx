import { useEffect, useState } from 'preact/hooks';
import { Api } from '../shared/api';
import { queryParam } from '../shared/key-gate';
import { keepSeat, type Seat as TableSeat } from '../shared/seat-store';
import { CodeForm } from '../shared/code-form';
import {
  joinRefusalWords,
  redeemInvitation,
  type Redeemed,
  takeInvitationFromUrl,
} from '../shared/invitation';
import { forgetKey, keepKey, keptKey, keptPlaces, placePage } from '../shared/place-store';
import { Player } from './player';

interface Seat {
  tournamentId: string;
  participantId: string;
  key?: string;
}

/** Where the table page opens the seat this browser kept last (web/table/app.tsx). */
const TABLE_PAGE = '/table/';

/**
 * The player's page. Opened from the participant invitation the organiser handed out
 * (`/tournament/#invite=…`), or given its code typed in, it trades the invitation once for the
 * participant's key and keeps the key in this browser; opened again (`?tournament=&participant=`, a
 * bookmark or a slip's QR code), it uses the key kept here. A browser that holds none was never
 * joined: players join by invitation, so the page says how to get one and takes its code (a key
 * typed in is there for the rare player given one instead). A seat's invitation opened here is spent
 * all the same: its key is kept where the table page keeps seats, and the table page opens it.
 */
export function App() {
  const [invitation] = useState(takeInvitationFromUrl);
  const [joining, setJoining] = useState(invitation !== undefined);
  const [refusal, setRefusal] = useState<string>();
  const [tableSeat, setTableSeat] = useState<TableSeat>();
  const [joinedByCode, setJoinedByCode] = useState(false);
  const [seat, setSeat] = useState<Seat | undefined>(() => {
    const tournamentId = queryParam('tournament');
    const participantId = queryParam('participant');
    return tournamentId && participantId
      ? { tournamentId, participantId, key: keptKey(tournamentId, participantId) }
      : undefined;
  });

  /** Keeps what an invitation was traded for, and opens it: the player's page, or the table's. */
  const take = (redeemed: Redeemed) => {
    if (redeemed.kind === 'seat') {
      keepSeat(redeemed.seat);
      setTableSeat(redeemed.seat);
      window.location.assign(TABLE_PAGE);
      return;
    }
    const { joined } = redeemed;
    keepKey(joined);
    // The page's address once joined names the place, none of it secret.
    history.replaceState(null, '', placePage(joined));
    setSeat({ tournamentId: joined.tournamentId, participantId: joined.participantId, key: joined.token });
  };

  /** A typed code: what went wrong is said on its field; nothing is said on success, the page changes. */
  const joinByCode = async (code: string): Promise<string | undefined> => {
    try {
      take(await redeemInvitation(code));
      setRefusal(undefined);
      setJoinedByCode(true);
      return undefined;
    } catch (error) {
      return joinRefusalWords(error, true, 'participant');
    }
  };

  useEffect(() => {
    if (!invitation) return;
    redeemInvitation(invitation).then(
      (redeemed) => {
        take(redeemed);
        setJoining(false);
      },
      (error: unknown) => {
        setRefusal(joinRefusalWords(error, false, 'participant'));
        setJoining(false);
      },
    );
  }, [invitation]);

  if (tableSeat) {
    return (
      <main class="narrow">
        <h1>My tournament</h1>
        <p role="status" data-testid="seat-kept">
          This invitation is for your seat at a table (match {tableSeat.matchId}, side {tableSeat.side}), not
          for a place in a tournament. Your seat is kept on this phone: the table page opens it.
        </p>
        <p>
          <a href={TABLE_PAGE}>Open your table</a>
        </p>
      </main>
    );
  }
  if (joining) {
    return (
      <main class="narrow">
        <h1>My tournament</h1>
        <p role="status">Joining…</p>
      </main>
    );
  }
  if (!seat) {
    const joined = keptPlaces().length > 0;
    return (
      <main class="narrow">
        <h1>My tournament</h1>
        {refusal ? (
          <p class="error" role="alert">
            {refusal}
          </p>
        ) : (
          <p>
            To join a tournament, open the invitation link your organiser gives you at the desk (or scan its
            QR code).
          </p>
        )}
        <KeptPlaces />
        {joined ? (
          <details class="code-entry" open={refusal !== undefined}>
            <summary>Join with another code</summary>
            <CodeForm join={joinByCode} label="The code of your invitation" buttonClass="primary" />
          </details>
        ) : (
          <CodeSection join={joinByCode} />
        )}
      </main>
    );
  }
  if (!seat.key) {
    return (
      <main class="narrow">
        <h1>My tournament</h1>
        <h2>This phone has not joined the tournament</h2>
        <p>
          Ask the organiser at the desk for your invitation: it opens your page on this phone, which keeps it
          from then on.
        </p>
        <p class="note">
          Joined on another phone? Use that one: your page opens there, and scanning your slip with it opens
          it too. An invitation opens once, so a phone that did not open it needs a new one.
        </p>
        <CodeSection join={joinByCode} />
        <KeptPlaces except={seat} />
        <details class="key-entry">
          <summary>I was given a key instead</summary>
          <KeyForm
            onKey={(key) => {
              keepKey({ token: key, tournamentId: seat.tournamentId, participantId: seat.participantId });
              setSeat({ ...seat, key });
            }}
          />
        </details>
      </main>
    );
  }
  return (
    <Player
      api={new Api(seat.key)}
      tournamentId={seat.tournamentId}
      participantId={seat.participantId}
      joinedByCode={joinedByCode}
      onForgetKey={() => {
        forgetKey(seat.tournamentId, seat.participantId);
        setSeat({ tournamentId: seat.tournamentId, participantId: seat.participantId });
      }}
    />
  );
}

/** The code field under its heading: for the player who was told the code, or holds it on a slip. */
function CodeSection(props: { join: (code: string) => Promise<string | undefined> }) {
  return (
    <section aria-labelledby="code-heading">
      <h2 id="code-heading">Join with the code</h2>
      <p>Given the code of your invitation instead, read out at the desk or on a slip? Type it here.</p>
      <CodeForm join={props.join} label="The code of your invitation" buttonClass="primary" />
    </section>
  );
}

/** The places this browser joined already, each a link to its page: a used invitation may be one of them. */
function KeptPlaces(props: { except?: { tournamentId: string; participantId: string } }) {
  const places = keptPlaces().filter(
    (p) => p.tournamentId !== props.except?.tournamentId || p.participantId !== props.except.participantId,
  );
  if (places.length === 0) return null;
  return (
    <section aria-labelledby="kept-places">
      <h2 id="kept-places">Joined on this phone</h2>
      <ul>
        {places.map((p) => (
          <li key={`${p.tournamentId}.${p.participantId}`}>
            <a href={placePage(p)}>Your page in tournament {p.tournamentId}</a>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A participant key typed in, kept like one an invitation gave. */
function KeyForm(props: { onKey: (key: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <form
      class="stack"
      onSubmit={(event) => {
        event.preventDefault();
        if (value.trim()) props.onKey(value.trim());
      }}
    >
      <label for="api-key">The key your organiser gave you</label>
      <input
        id="api-key"
        type="password"
        autocomplete="off"
        required
        spellcheck={false}
        value={value}
        onInput={(event) => setValue(event.currentTarget.value)}
        aria-describedby="key-note"
      />
      <p id="key-note" class="note">
        The key stays in this browser only and goes nowhere but this service.
      </p>
      <button type="submit">Open</button>
    </form>
  );
}
