import { useEffect, useState } from 'preact/hooks';
import type { Api } from '../shared/api';
import { refusalText } from '../shared/refusal';
import { newCommandId, type Participant } from '../shared/tournament-views';
import type { ListedKey } from './acting-keys';
import { InvitationLink } from './invitation-link';
import { dayAndTime, shortTime } from './desk-times';

/** A participant's invitation as POST …/participants/{id}/invitations answers it. */
export interface ParticipantInvitation {
  commandId: string;
  link: string;
  code: string;
  expiresAt: string;
  redeemed: boolean;
  redeemedAt?: string;
}

/** The participant keys of a participant not revoked, first issued first: each is a phone that joined. */
export function participantKeys(
  keys: readonly ListedKey[] | undefined,
  tournamentId: string,
  participantId: string,
): ListedKey[] | undefined {
  return keys
    ?.filter(
      (key) =>
        key.role === 'player' &&
        !key.revoked &&
        key.participantId === participantId &&
        key.tournamentId === tournamentId,
    )
    .sort((a, b) => (a.issuedAt ?? '').localeCompare(b.issuedAt ?? ''));
}

/** Whether a participant has joined on a phone, and when: "joined at 09:14", or nothing before. */
export function joinedWords(keys: readonly ListedKey[] | undefined): string | undefined {
  if (!keys || keys.length === 0) return undefined;
  const last = keys[keys.length - 1]!.issuedAt;
  if (keys.length === 1) return last ? `joined at ${shortTime(last)}` : 'joined';
  return `joined on ${keys.length} phones${last ? `, the last at ${shortTime(last)}` : ''}`;
}

/** Asks for a new invitation of a participant (a new commandId each time: a new code). */
export async function inviteParticipant(
  api: Api,
  base: string,
  participant: Participant,
  commandId = newCommandId(),
): Promise<ParticipantInvitation> {
  const made = await api.post<Omit<ParticipantInvitation, 'commandId'>>(
    `${base}/participants/${encodeURIComponent(participant.participantId)}/invitations`,
    { commandId, label: participant.name },
  );
  return { ...made, commandId, link: `${window.location.origin}${made.link}` };
}

/**
 * A participant's invitation shown on their card: its QR code to scan from this screen, its link to
 * send, the code to type on the tournament page, while it still opens. An invitation opens once: once the participant has
 * joined with it (asked again by its commandId whenever their phones change), or once it has expired,
 * it says so and is shown no more, and a new one is a button away.
 */
export function ParticipantInvitationCard(props: {
  api: Api;
  base: string;
  participant: Participant;
  invitation: ParticipantInvitation;
  /** The participant's phones (their keys' ids): when they change, the invitation is asked again. */
  phones: string;
  onChange: (invitation: ParticipantInvitation) => void;
  onAnother: () => void;
  onRefusal: (text: string) => void;
}) {
  const { participant: p, invitation } = props;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (invitation.redeemed) return;
    let live = true;
    inviteParticipant(props.api, props.base, p, invitation.commandId).then(
      (again) => live && again.redeemed && props.onChange(again),
      (error: unknown) => live && props.onRefusal(refusalText(error)),
    );
    return () => {
      live = false;
    };
  }, [props.phones]);
  // An invitation left open on the screen expires while it stands there: say so when it does.
  useEffect(() => {
    if (invitation.redeemed) return;
    const left = Date.parse(invitation.expiresAt) - Date.now();
    if (left <= 0) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.min(left + 50, 2 ** 31 - 1));
    return () => clearTimeout(timer);
  }, [invitation]);
  const expired = !invitation.redeemed && now >= Date.parse(invitation.expiresAt);
  const address = invitation.link;
  return (
    <div class="participant-invitation">
      {invitation.redeemed ? (
        <p class="note" data-testid="invitation-used">
          The invitation shown here was used
          {invitation.redeemedAt ? ` at ${shortTime(invitation.redeemedAt)}` : ''}: {p.name} joined with it,
          and it opens no more.
        </p>
      ) : expired ? (
        <p class="note" data-testid="invitation-used">
          The invitation shown here expired at {shortTime(invitation.expiresAt)} unused.
        </p>
      ) : (
        <>
          <InvitationLink name={p.name} link={address} qrShown />
          <p class="note">
            Or open <span class="match-id">{window.location.origin}/tournament/</span> and type the code{' '}
            <strong class="invite-code">{invitation.code}</strong>. Good until{' '}
            {dayAndTime(invitation.expiresAt)}; it opens once.
          </p>
        </>
      )}
      <button type="button" class="quiet" onClick={props.onAnother}>
        New invitation for {p.name}
      </button>
    </div>
  );
}
