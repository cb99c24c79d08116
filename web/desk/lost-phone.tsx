import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { Api } from '../shared/api';
import { refusalText } from '../shared/refusal';
import type { Participant, Round } from '../shared/tournament-views';
import { type ActingKey, keysActingFor, type ListedKey } from './acting-keys';
import { possessive } from '../shared/possessive';

/**
 * A lost or stolen phone shut out at the desk: every key that acts for the participant is revoked at
 * once (DELETE /keys/{keyId}), so the phone, and anyone holding it, can no longer report, confirm,
 * dispute or play for them, and its live pages stop. The desk reads the keys when asked, says which
 * it will revoke, and asks once more; after, a new invitation puts the participant on another phone.
 */
export function LostPhone(props: {
  api: Api;
  tournamentId: string;
  participant: Participant;
  rounds: readonly Round[];
  onDone: (news: string) => void;
  onRefusal: (text: string) => void;
  onCancel: () => void;
}) {
  const { participant: p } = props;
  const [acting, setActing] = useState<ActingKey[]>();
  const [failed, setFailed] = useState<string>();
  const [sending, setSending] = useState(false);
  const first = useRef<HTMLButtonElement>(null);
  const id = `lost-phone-${p.participantId}`;
  useEffect(() => {
    let live = true;
    props.api.get<ListedKey[]>(`/keys?tournament=${encodeURIComponent(props.tournamentId)}`).then(
      (keys) => live && setActing(keysActingFor(p.participantId, props.tournamentId, keys, props.rounds)),
      (error: unknown) => live && setFailed(refusalText(error)),
    );
    return () => {
      live = false;
    };
  }, []);
  useLayoutEffect(() => first.current?.focus(), [acting === undefined]);

  const shutOut = async (keys: ActingKey[]) => {
    setSending(true);
    let revoked = 0;
    try {
      for (const key of keys) {
        await props.api.delete(`/keys/${encodeURIComponent(key.keyId)}`);
        revoked++;
      }
      props.onDone(
        `${possessive(p.name)} phone is shut out: ${revoked === 1 ? 'its key was' : `its ${revoked} keys were`} revoked. ` +
          `Invite ${p.name} again to go on playing on another phone.`,
      );
    } catch (error) {
      const done = revoked > 0 ? ` (${revoked} of ${keys.length} keys were revoked first)` : '';
      props.onRefusal(`${possessive(p.name)} phone is not shut out${done}: ${refusalText(error)}`);
      setSending(false);
    }
  };

  return (
    <div
      class="lost-phone"
      role="group"
      aria-labelledby={`${id}-title`}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.preventDefault();
          props.onCancel();
        }
      }}
    >
      <p id={`${id}-title`}>
        <strong>Shut out {possessive(p.name)} phone?</strong>
      </p>
      {failed ? (
        <p class="error" role="alert">
          The keys could not be read: {failed}
        </p>
      ) : !acting ? (
        <p role="status">Reading the keys that act for {p.name}…</p>
      ) : acting.length === 0 ? (
        <p id={`${id}-what`}>
          No key acts for {p.name} now: there is nothing to shut out. Invite them to join on a phone.
        </p>
      ) : (
        <>
          <p id={`${id}-what`}>
            {acting.length === 1 ? 'This key stops' : `These ${acting.length} keys stop`} working at once, on
            every phone that holds {acting.length === 1 ? 'it' : 'them'}:
          </p>
          <ul>
            {acting.map((key) => (
              <li key={key.keyId}>{key.words}</li>
            ))}
          </ul>
          <p class="note">Then invite {p.name} again, to join on another phone.</p>
        </>
      )}
      <div class="row">
        {acting && acting.length > 0 && (
          <button
            type="button"
            class="primary"
            ref={first}
            disabled={sending}
            aria-describedby={`${id}-what`}
            onClick={() => shutOut(acting)}
          >
            Yes, shut out {possessive(p.name)} phone
          </button>
        )}
        <button
          type="button"
          class="quiet"
          ref={acting && acting.length > 0 ? undefined : first}
          onClick={props.onCancel}
        >
          {acting && acting.length > 0 ? 'Keep it' : 'Close'}
          <span class="sr-only"> ({p.name})</span>
        </button>
      </div>
    </div>
  );
}
