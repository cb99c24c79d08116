import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { Api } from '../shared/api';
import { refusalText } from '../shared/refusal';
import type { Participant, Round } from '../shared/tournament-views';
import { keysActingFor } from './acting-keys';
import type { TournamentKeys } from './tournament-keys';
import { type ImportedLine, importParticipants, lineWords } from './import-participants';
import { LocalAddressWarning } from './invitation-link';
import { LostPhone } from './lost-phone';
import {
  inviteParticipant,
  joinedWords,
  type ParticipantInvitation,
  ParticipantInvitationCard,
  participantKeys,
} from './participant-invitation';
import type { Act } from './rounds';
import { possessive } from '../shared/possessive';

/**
 * The participants: the pasted import (before round 1), the check-in board with each one's invitation,
 * check-in and drop. Each button names the participant it acts on, so a list of buttons read out of
 * context still says whose it is.
 */
export function Participants(props: {
  api: Api;
  base: string;
  tournamentId: string;
  participants: Participant[];
  rounds: Round[];
  act: Act;
  started: boolean;
  /** Every round played: nobody is left to drop out. */
  complete: boolean;
  /** Before anything the section sends: the desk's last news and refusal are about something else. */
  onAction: () => void;
  onImported: () => void;
  /** The tournament's keys, as the desk reads them every few seconds (useTournamentKeys). */
  keys: TournamentKeys;
  onNews: (text: string) => void;
  onRefusal: (text: string) => void;
}) {
  const { participants, act } = props;
  const [pasted, setPasted] = useState('');
  const [report, setReport] = useState<ImportedLine[]>([]);
  const [importing, setImporting] = useState(false);
  const [invitations, setInvitations] = useState<Record<string, ParticipantInvitation>>({});
  // A card says its participant joined as their phone joins, and a lost phone is offered to be shut out
  // only where a key acts for them.
  const { keys } = props;
  /** The participant whose drop the desk is asking to confirm: one at a time. */
  const [dropping, setDropping] = useState<string>();
  /** The participant whose lost phone the desk is shutting out: one at a time. */
  const [shuttingOut, setShuttingOut] = useState<string>();
  const checkedIn = participants.filter((p) => p.checkedIn && p.status === 'active').length;

  const importPasted = async () => {
    props.onAction();
    setImporting(true);
    const registered = participants.filter((p) => p.status !== 'withdrawn').map((p) => p.name);
    try {
      const lines = await importParticipants(props.api, props.base, pasted, registered);
      setReport(lines);
      const count = (outcome: ImportedLine['outcome']) => lines.filter((l) => l.outcome === outcome).length;
      const refused = lines.filter((l) => l.outcome === 'refused');
      // What is left in the box is what still needs the organiser: the refused lines, to fix and import again.
      setPasted(refused.map((l) => l.text).join('\n'));
      const said = [`${count('registered')} participants imported.`];
      if (count('already registered') > 0)
        said.push(`${count('already registered')} already registered, skipped.`);
      if (refused.length > 0)
        said.push(`${refused.length} not registered: see below; they are left in the box.`);
      props.onNews(said.join(' '));
    } finally {
      setImporting(false);
      props.onImported();
    }
  };
  // The desk hands out single-use invitations, never keys: the player's page trades one for the key.
  const invite = async (participant: Participant) => {
    props.onAction();
    try {
      const invited = await inviteParticipant(props.api, props.base, participant);
      setInvitations((i) => ({ ...i, [participant.participantId]: invited }));
      // The button pressed is gone: the focus goes to the link it showed.
      setTimeout(() =>
        document
          .querySelector<HTMLInputElement>(`#${participantCardId(participant.participantId)} .link-out input`)
          ?.focus(),
      );
    } catch (error) {
      props.onRefusal(refusalText(error));
    }
  };
  const forget = (participantId: string) => setInvitations(({ [participantId]: _, ...rest }) => rest);

  return (
    <section aria-labelledby="participants">
      <h2 id="participants">
        Participants ({checkedIn} of {participants.filter((p) => p.status === 'active').length} checked in)
      </h2>
      {!props.started && (
        <div class="stack">
          <label for="csv">Paste participants: one a line, name,club,seed</label>
          <textarea
            id="csv"
            value={pasted}
            onInput={(e) => setPasted(e.currentTarget.value)}
            aria-describedby="csv-report"
          />
          <p class="note">
            Names already registered are skipped, so the same list can be pasted again; a refused line does
            not stop the rest.
          </p>
          <button type="button" onClick={importPasted} disabled={pasted.trim() === '' || importing}>
            {importing ? 'Importing…' : 'Import'}
          </button>
          <ul id="csv-report" class="import-report" aria-label="What became of each line">
            {report.map((l) => (
              <li key={l.line} class={l.outcome === 'refused' ? 'error' : undefined} data-outcome={l.outcome}>
                {lineWords(l)}
              </li>
            ))}
          </ul>
        </div>
      )}
      {Object.keys(invitations).length > 0 && <LocalAddressWarning />}
      <ul class="checkin-board" aria-live="polite">
        {participants.map((p) => {
          const phones = participantKeys(keys.data, props.tournamentId, p.participantId);
          const joined = joinedWords(phones);
          const invitation = invitations[p.participantId];
          // Without the keys read, the desk cannot tell: the lost-phone panel reads them itself.
          const mayShutOut =
            !keys.data ||
            keysActingFor(p.participantId, props.tournamentId, keys.data, props.rounds).length > 0;
          return (
            <li
              key={p.participantId}
              id={participantCardId(p.participantId)}
              tabIndex={-1}
              class={[p.checkedIn ? 'in' : '', invitation ? 'inviting' : ''].join(' ').trim() || undefined}
            >
              <strong>{p.name}</strong>
              {p.club ? <span class="note"> · {p.club}</span> : null}
              <br />
              <span class={`note card-state${p.status === 'active' ? '' : ' card-gone'}`}>
                {standingWords(p)}
                {joined ? <span data-testid="participant-joined"> · {joined}</span> : null}
              </span>
              <br />
              {invitation && p.status !== 'withdrawn' ? (
                <ParticipantInvitationCard
                  api={props.api}
                  base={props.base}
                  participant={p}
                  invitation={invitation}
                  phones={(phones ?? []).map((k) => k.keyId).join(' ')}
                  onChange={(again) => setInvitations((i) => ({ ...i, [p.participantId]: again }))}
                  onAnother={() => void invite(p)}
                  onRefusal={props.onRefusal}
                />
              ) : (
                p.status !== 'withdrawn' &&
                dropping !== p.participantId && (
                  <button type="button" class="quiet" onClick={() => invite(p)}>
                    Invite {p.name}
                    {joined ? ' on another phone' : ''}
                  </button>
                )
              )}
              {p.status === 'active' && !p.checkedIn && (
                <button
                  type="button"
                  class="quiet"
                  onClick={() =>
                    act(
                      `/participants/${p.participantId}/check-in`,
                      {},
                      `${p.name} checked in.`,
                      participantCardId(p.participantId),
                    )
                  }
                >
                  Check in<span class="sr-only"> {p.name}</span>
                </button>
              )}
              {p.status === 'active' &&
                props.started &&
                !props.complete &&
                (dropping === p.participantId ? (
                  <DropConfirm participant={p} act={act} onCancel={() => setDropping(undefined)} />
                ) : (
                  <button
                    type="button"
                    class="quiet"
                    id={dropButtonId(p.participantId)}
                    onClick={() => {
                      props.onAction();
                      setDropping(p.participantId);
                    }}
                  >
                    Drop<span class="sr-only"> {p.name}</span>
                  </button>
                ))}
              {p.status !== 'withdrawn' &&
                dropping !== p.participantId &&
                (mayShutOut || shuttingOut === p.participantId) &&
                (shuttingOut === p.participantId ? (
                  <LostPhone
                    api={props.api}
                    tournamentId={props.tournamentId}
                    participant={p}
                    rounds={props.rounds}
                    onCancel={() => {
                      setShuttingOut(undefined);
                      setTimeout(() => document.getElementById(lostPhoneButtonId(p.participantId))?.focus());
                    }}
                    onDone={(news) => {
                      setShuttingOut(undefined);
                      // The old invitation link would only say it was used: the next one is asked for anew.
                      forget(p.participantId);
                      keys.refresh();
                      props.onNews(news);
                      setTimeout(() => document.getElementById(participantCardId(p.participantId))?.focus());
                    }}
                    onRefusal={props.onRefusal}
                  />
                ) : (
                  <button
                    type="button"
                    class="quiet"
                    id={lostPhoneButtonId(p.participantId)}
                    aria-label={`Lost phone: shut out ${possessive(p.name)} phone`}
                    onClick={() => {
                      props.onAction();
                      setShuttingOut(p.participantId);
                    }}
                  >
                    Lost phone
                  </button>
                ))}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** The id of a participant's card, which takes the focus once an action on it removed its button. */
export const participantCardId = (participantId: string) => `participant-${participantId}`;
const dropButtonId = (participantId: string) => `drop-${participantId}`;
const lostPhoneButtonId = (participantId: string) => `lost-phone-button-${participantId}`;

/** Where a participant stands, as their card says it. */
function standingWords(p: Participant): string {
  if (p.status !== 'active') return p.status;
  return p.checkedIn ? 'checked in' : 'not here yet';
}

/** What a drop is recorded with when the organiser gives no reason of their own. */
export const DEFAULT_DROP_REASON = 'dropped at the desk';

/**
 * A drop asked once more before it is sent, since it cannot be taken back: the participant is paired
 * in no later round. The organiser may give the reason (kept in the tournament's stream; the desk's
 * own words when none). The reason box takes the focus; Enter drops, Escape or Keep goes back to the
 * Drop button.
 */
function DropConfirm(props: { participant: Participant; act: Act; onCancel: () => void }) {
  const { participant: p, act } = props;
  const [reason, setReason] = useState('');
  const [sending, setSending] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const id = `drop-confirm-${p.participantId}`;
  useLayoutEffect(() => input.current?.focus(), []);
  const cancel = () => {
    props.onCancel();
    setTimeout(() => document.getElementById(dropButtonId(p.participantId))?.focus());
  };
  return (
    <form
      class="drop-confirm"
      aria-labelledby={`${id}-title`}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.preventDefault();
          cancel();
        }
      }}
      onSubmit={async (e) => {
        e.preventDefault();
        setSending(true);
        const said = reason.trim();
        const dropped = await act(
          `/participants/${p.participantId}/drop`,
          { reason: said === '' ? DEFAULT_DROP_REASON : said },
          `${p.name} dropped.`,
          participantCardId(p.participantId),
        );
        if (!dropped) setSending(false);
      }}
    >
      <p id={`${id}-title`} class="drop-question">
        <strong>Drop {p.name} from the tournament?</strong>
      </p>
      <p id={`${id}-what`} class="note">
        They keep what they scored and are paired in no later round. A drop cannot be taken back.
      </p>
      <label for={`${id}-reason`}>
        Reason <span class="note">(optional)</span>
      </label>
      <input
        id={`${id}-reason`}
        ref={input}
        maxLength={500}
        autocomplete="off"
        aria-describedby={`${id}-title ${id}-what`}
        value={reason}
        onInput={(e) => setReason(e.currentTarget.value)}
      />
      <div class="row">
        <button type="submit" class="primary" disabled={sending}>
          Yes, drop {p.name}
        </button>
        <button type="button" class="quiet" onClick={cancel}>
          Keep {p.name}
        </button>
      </div>
    </form>
  );
}
