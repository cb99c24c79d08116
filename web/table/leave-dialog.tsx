import { useEffect, useRef, useState } from 'preact/hooks';
import type { GiveUp } from './give-up';

/** What the join page says once a seat is gone from this phone. */
export interface LeftNotice {
  words: string;
  /** A seat forgotten while its key may still work, or taken away: said as an alert. */
  alarm: boolean;
}

export const LEFT: LeftNotice = {
  words:
    'You left the seat: its key no longer works. To play it again, ask the organiser for a new invitation.',
  alarm: false,
};
export const FORGOTTEN_ONLY: LeftNotice = {
  words:
    'The seat is forgotten on this phone only: its key still works until the organiser shuts this phone out at the desk (Lost phone).',
  alarm: true,
};

type Trouble = { kind: 'unreachable' } | { kind: 'refused'; message: string };

/**
 * Leaving a seat, asked first: the seat is given up at the service (its key stops working) and only
 * then forgotten here. When the service cannot be told (offline, no answer, a refusal) nothing is
 * forgotten unless the player chooses to forget the seat on this phone only, told that its key then
 * still works. Its buttons keep their places whatever it says, so that a tap never lands on another
 * one; the safe answer has the focus, and Escape is the safe answer too, except while the service is
 * being told.
 */
export function LeaveDialog(props: {
  online: boolean;
  /** Steps kept on this phone, not yet sent. */
  pending: number;
  giveUp: () => Promise<GiveUp>;
  onLeft: (notice: LeftNotice) => void;
  onCancel: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [sending, setSending] = useState(false);
  const [trouble, setTrouble] = useState<Trouble>();
  const busy = useRef(false);
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);
  const leave = async () => {
    if (busy.current) return;
    busy.current = true;
    setSending(true);
    const answer = await props.giveUp();
    busy.current = false;
    setSending(false);
    if (answer.kind === 'given-up' || answer.kind === 'already-gone') props.onLeft(LEFT);
    else setTrouble(answer.kind === 'refused' ? answer : { kind: 'unreachable' });
  };
  const offline = !props.online || trouble?.kind === 'unreachable';
  const { pending } = props;
  return (
    <dialog
      ref={dialog}
      class="confirm-dialog leave-dialog"
      aria-labelledby="leave-title"
      aria-describedby="leave-body"
      data-testid="confirm-leave"
      onCancel={(event) => {
        if (busy.current) event.preventDefault();
      }}
      onClose={() => props.onCancel()}
    >
      <h2 id="leave-title">{trouble ? 'The seat was not given up' : 'Leave this seat?'}</h2>
      <div id="leave-body">
        <p>
          Leaving gives the seat up: its key on this phone stops working at once, and the organiser’s desk no
          longer counts this phone at the table. Your invitation joined once and cannot join again: to come
          back to this table you will need a new invitation from the organiser.
        </p>
        {pending > 0 && (
          <p>
            {pending} {pending === 1 ? 'step' : 'steps'} not yet sent will stay on this phone, unsent.
          </p>
        )}
        {(offline || trouble) && (
          <p class="error" role="alert" data-testid="leave-trouble">
            {trouble?.kind === 'refused'
              ? `The service did not give the seat up: ${trouble.message}. Its key still works.`
              : trouble
                ? 'The service could not be reached: the seat is not given up, and its key may still work. Try again once the connection is back.'
                : 'This phone is offline: the seat can be given up only once the connection is back, since the service has to stop its key.'}
          </p>
        )}
        {(offline || trouble) && (
          <p class="note" data-testid="forget-only-warning">
            “Forget on this phone only” removes the seat from this phone but leaves its key working: the desk
            still counts this phone at the table, and the key plays your side until the organiser shuts this
            phone out at the desk (Lost phone). Tell the organiser if you choose it.
          </p>
        )}
        {sending && <p aria-live="polite">Giving the seat up…</p>}
      </div>
      <div class="form-actions">
        <button
          type="button"
          class="primary"
          autoFocus
          onClick={() => {
            if (!busy.current) dialog.current?.close();
          }}
        >
          Stay at the table
        </button>
        <button type="button" class="quiet" aria-disabled={sending} onClick={() => void leave()}>
          {trouble ? 'Try again' : 'Leave the seat'}
        </button>
        {(offline || trouble) && (
          <button
            type="button"
            class="quiet"
            aria-disabled={sending}
            onClick={() => {
              if (!busy.current) props.onLeft(FORGOTTEN_ONLY);
            }}
          >
            Forget on this phone only
          </button>
        )}
      </div>
    </dialog>
  );
}
