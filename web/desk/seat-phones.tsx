import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { Api } from '../shared/api';
import { refusalText } from '../shared/refusal';
import type { ListedKey } from './acting-keys';

/** The keys that play a seat now: that match's and side's player keys not revoked. */
export function seatKeys(keys: readonly ListedKey[] | undefined, side: 'A' | 'B'): ListedKey[] | undefined {
  return keys?.filter((key) => key.role === 'player' && key.side === side && !key.revoked);
}

/**
 * Whether a single match's seat has been joined (each invitation opened is one key playing the seat),
 * and a lost or stolen phone shut out: every key of the seat revoked at once (DELETE /keys/{keyId}),
 * after one more yes, so that nobody holding one plays the side any longer; then a new invitation
 * joins the player's other phone (`onShutOut`).
 */
export function SeatPhones(props: {
  api: Api;
  name: string;
  keys?: ListedKey[];
  onShutOut: (news: string) => void;
}) {
  const { name, keys } = props;
  const [asking, setAsking] = useState(false);
  const [sending, setSending] = useState(false);
  const [refusal, setRefusal] = useState<string>();
  const yes = useRef<HTMLButtonElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  // Kept back (Keep, or Escape), the focus goes back to the button that asked.
  const keptBack = useRef(false);
  useLayoutEffect(() => {
    if (asking) yes.current?.focus();
    else if (keptBack.current) opener.current?.focus();
    keptBack.current = false;
  }, [asking]);
  const keep = () => {
    keptBack.current = true;
    setAsking(false);
  };
  if (!keys) return null;
  const count = keys.length;

  const shutOut = async () => {
    setSending(true);
    setRefusal(undefined);
    let revoked = 0;
    try {
      for (const key of keys) {
        await props.api.delete(`/keys/${encodeURIComponent(key.keyId)}`);
        revoked++;
      }
      setAsking(false);
      props.onShutOut(
        `${name}'s ${revoked === 1 ? 'phone is' : 'phones are'} shut out: ${revoked === 1 ? 'its key was' : `their ${revoked} keys were`} revoked. The new code below joins another phone.`,
      );
    } catch (error) {
      const done = revoked > 0 ? ` (${revoked} of ${count} keys were revoked first)` : '';
      setRefusal(`Not shut out${done}: ${refusalText(error)}`);
    } finally {
      setSending(false);
    }
  };

  return (
    <div class="seat-phones">
      <p data-testid="seat-joined">
        {count === 0
          ? 'Not joined yet.'
          : count === 1
            ? 'Joined: one phone plays this seat.'
            : `Joined: ${count} phones play this seat.`}
      </p>
      {refusal && (
        <p class="error" role="alert">
          {refusal}
        </p>
      )}
      {count > 0 && !asking && (
        <button type="button" class="quiet" ref={opener} onClick={() => setAsking(true)}>
          Lost phone: shut out {name}'s {count === 1 ? 'phone' : 'phones'}
        </button>
      )}
      {count > 0 && asking && (
        <div
          class="lost-phone"
          role="group"
          aria-labelledby={`shut-out-${name}`}
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              e.preventDefault();
              keep();
            }
          }}
        >
          <p id={`shut-out-${name}`}>
            <strong>
              Shut out {name}'s {count === 1 ? 'phone' : 'phones'}?
            </strong>
          </p>
          <p>
            {count === 1 ? "The seat's key stops" : `The seat's ${count} keys stop`} working at once, on every
            phone that holds {count === 1 ? 'it' : 'them'}. A new invitation is made, to join another phone.
          </p>
          <div class="row">
            <button type="button" class="primary" ref={yes} disabled={sending} onClick={() => void shutOut()}>
              Yes, shut out {name}'s {count === 1 ? 'phone' : 'phones'}
            </button>
            <button type="button" class="quiet" onClick={keep}>
              Keep {count === 1 ? 'it' : 'them'}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
