import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { Api } from '../shared/api';
import { possessive } from '../shared/possessive';
import { refusalText } from '../shared/refusal';
import type { ListedKey } from './acting-keys';
import { clockTime } from './desk-times';

/** The keys that play a seat now: that match's and side's player keys not revoked, first joined first. */
export function seatKeys(keys: readonly ListedKey[] | undefined, side: 'A' | 'B'): ListedKey[] | undefined {
  return keys
    ?.filter((key) => key.role === 'player' && key.side === side && !key.revoked)
    .sort((a, b) => (a.issuedAt ?? '').localeCompare(b.issuedAt ?? ''));
}

/** A phone of a seat, as the organiser tells it from the others: by when it joined. */
function phoneWords(key: ListedKey): string {
  return key.issuedAt ? `the phone that joined at ${clockTime(key.issuedAt)}` : 'this phone';
}

/**
 * Whether a single match's seat has been joined (each invitation opened is one key playing the seat),
 * and a lost or stolen phone shut out, after one more yes (DELETE /keys/{keyId}): the one phone of a
 * seat; with several, the one lost (told apart by when it joined) or all of them. Nobody holding a
 * revoked key plays the side any longer; a new invitation then joins the player's other phone
 * (`onShutOut`).
 */
export function SeatPhones(props: {
  api: Api;
  name: string;
  keys?: ListedKey[];
  onShutOut: (news: string) => void;
}) {
  const { name, keys } = props;
  // What is asked about: one phone's key, or every key of the seat.
  const [asking, setAsking] = useState<{ keys: ListedKey[]; what: string; opener: string }>();
  const [sending, setSending] = useState(false);
  const [refusal, setRefusal] = useState<string>();
  const yes = useRef<HTMLButtonElement>(null);
  const openers = useRef(new Map<string, HTMLButtonElement>());
  // Kept back (Keep, or Escape), the focus goes back to the button that asked.
  const keptBack = useRef<string | undefined>(undefined);
  useLayoutEffect(() => {
    if (asking) yes.current?.focus();
    else if (keptBack.current) openers.current.get(keptBack.current)?.focus();
    keptBack.current = undefined;
  }, [asking]);
  if (!keys) return null;
  const count = keys.length;
  const whose = possessive(name);

  const keep = () => {
    keptBack.current = asking?.opener;
    setAsking(undefined);
  };

  const shutOut = async (chosen: ListedKey[], what: string) => {
    setSending(true);
    setRefusal(undefined);
    let revoked = 0;
    try {
      for (const key of chosen) {
        await props.api.delete(`/keys/${encodeURIComponent(key.keyId)}`);
        revoked++;
      }
      setAsking(undefined);
      const left = count - revoked;
      const rest =
        left === 0
          ? 'The new code below joins another phone.'
          : `${left === 1 ? "The seat's other phone plays on" : `The seat's ${left} other phones play on`}; the new code below joins another.`;
      props.onShutOut(
        `${what[0]!.toUpperCase()}${what.slice(1)} ${revoked === 1 ? 'is' : 'are'} shut out: ${revoked === 1 ? 'its key was' : `their ${revoked} keys were`} revoked. ${rest}`,
      );
    } catch (error) {
      const done = revoked > 0 ? ` (${revoked} of ${chosen.length} keys were revoked first)` : '';
      setRefusal(`Not shut out${done}: ${refusalText(error)}`);
    } finally {
      setSending(false);
    }
  };

  const opener = (id: string, label: string, chosen: ListedKey[], what: string) => (
    <button
      type="button"
      class="quiet"
      ref={(button) => {
        if (button) openers.current.set(id, button);
        else openers.current.delete(id);
      }}
      onClick={() => setAsking({ keys: chosen, what, opener: id })}
    >
      {label}
    </button>
  );

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
      {count === 1 && !asking && opener('one', `Lost phone: shut out ${whose} phone`, keys, `${whose} phone`)}
      {count > 1 && !asking && (
        <ul class="phones">
          {keys.map((key) => (
            <li key={key.keyId}>
              {opener(key.keyId, `Lost phone: shut out ${phoneWords(key)}`, [key], phoneWords(key))}
            </li>
          ))}
          <li>{opener('all', `Shut out all of ${whose} phones`, keys, `${whose} ${count} phones`)}</li>
        </ul>
      )}
      {asking && (
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
            <strong>Shut out {asking.what}?</strong>
          </p>
          <p>
            {asking.keys.length === 1 ? 'Its key stops' : `Their ${asking.keys.length} keys stop`} working at
            once, on every device that holds {asking.keys.length === 1 ? 'it' : 'them'}. A new invitation is
            made, to join another phone.
          </p>
          <div class="row">
            <button
              type="button"
              class="primary"
              ref={yes}
              disabled={sending}
              onClick={() => void shutOut(asking.keys, asking.what)}
            >
              Yes, shut out {asking.what}
            </button>
            <button type="button" class="quiet" onClick={keep}>
              Keep {asking.keys.length === 1 ? 'it' : 'them'}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
