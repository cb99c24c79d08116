import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { JoinRefused, redeem, takeInvitationFromUrl } from './join';
import { forgetSeat, keepSeat, type Seat, seats } from './seat-store';
import type { LeftNotice } from './leave-dialog';
import { Table } from './table';
import { readTypedCode } from './typed-code';

type Joining = { kind: 'idle' } | { kind: 'joining' } | { kind: 'refused'; message: string };

/**
 * Joining a seat: the invitation comes in the link's fragment, is wiped from the address bar at once,
 * and is traded for the seat's key, which stays in this browser. Without one, the seats this browser
 * joined before, or a field to type an invitation code in.
 */
export function App() {
  const [invitation] = useState(() => takeInvitationFromUrl());
  const [joining, setJoining] = useState<Joining>(invitation ? { kind: 'joining' } : { kind: 'idle' });
  const [known, setKnown] = useState<Seat[]>(() => seats());
  const [seat, setSeat] = useState<Seat | undefined>(() => (invitation ? undefined : seats()[0]));
  const [left, setLeft] = useState<LeftNotice>();

  const join = async (code: string) => {
    setJoining({ kind: 'joining' });
    try {
      const joined = await redeem(code);
      keepSeat(joined);
      setKnown(seats());
      setSeat(joined);
      setJoining({ kind: 'idle' });
    } catch (error) {
      setJoining({
        kind: 'refused',
        message:
          error instanceof JoinRefused
            ? error.message
            : 'The service could not be reached: check the connection and open the link again.',
      });
    }
  };
  useEffect(() => {
    if (invitation) void join(invitation);
  }, [invitation]);

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
          This invitation cannot be used: {joining.message}
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
      <CodeForm onCode={(code) => void join(code)} />
    </main>
  );
}

function CodeForm(props: { onCode: (code: string) => void }) {
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<string>();
  // Preact sets `autocorrect` as the element's property, which Chromium holds as a boolean: the string
  // "off" is truthy and the attribute came out "on". The attribute itself is what keyboards read.
  const field = useRef<HTMLInputElement>(null);
  useLayoutEffect(() => field.current?.setAttribute('autocorrect', 'off'), []);
  return (
    <form
      class="stack"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const read = readTypedCode(value);
        if ('problem' in read) {
          setProblem(read.problem);
          field.current?.focus();
        } else {
          setProblem(undefined);
          props.onCode(read.code);
        }
      }}
    >
      <p>Scan the QR code or open the link your organiser gave you. Or type the invitation code:</p>
      <label for="invitation-code">Invitation code</label>
      <input
        id="invitation-code"
        ref={field}
        aria-describedby={problem ? 'invitation-code-problem invitation-code-form' : 'invitation-code-form'}
        aria-invalid={problem ? 'true' : undefined}
        autocomplete="off"
        // Codes are shown in capitals; they are read in any case, with or without dashes.
        autocapitalize="characters"
        spellcheck={false}
        placeholder="K3X9-A0B2-C4D6"
        required
        value={value}
        onInput={(event) => {
          setValue(event.currentTarget.value);
          // A problem said of what was typed before is not said of what is typed now.
          if (problem) setProblem(undefined);
        }}
      />
      {problem && (
        <p class="error" id="invitation-code-problem" data-testid="code-problem">
          {problem}
        </p>
      )}
      <p class="note" id="invitation-code-form">
        Twelve letters and digits, as on the slip or the organiser’s screen; capitals or not, dashes or not.
      </p>
      <p class="note">An invitation joins one seat, once. The seat’s key then stays in this browser only.</p>
      <button type="submit" class="big">
        Join
      </button>
    </form>
  );
}
