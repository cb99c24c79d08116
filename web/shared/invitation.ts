import type { Joined } from './place-store';
import type { Seat } from './seat-store';

/**
 * Trading an invitation for its key, the same on every page: a seat's invitation (a seat at a table)
 * and a participant's (a place in a tournament) are redeemed by one route, whatever page opened them,
 * and either key is kept where its own page looks for it. A link's code is read from the fragment and
 * wiped from the address bar and the history before anything is sent.
 */

/** The invitation a link carries in its fragment (`#invite=…`), read once and wiped at once. */
export function takeInvitationFromUrl(): string | undefined {
  const fragment = new URLSearchParams(window.location.hash.replace(/^#/, ''));
  const code = fragment.get('invite')?.trim();
  if (window.location.hash) {
    history.replaceState(null, '', `${window.location.pathname}${window.location.search}`);
  }
  return code ? code : undefined;
}

/** What an invitation opens, as the service says it in a refusal (`invitation`) and in its answer. */
export type InvitationKind = 'seat' | 'participant';

/** Why an invitation did not join: the service's status, words and what it was for, or the page's own. */
export class JoinRefused extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly invitation?: InvitationKind,
  ) {
    super(message);
  }
}

/**
 * What an invitation was traded for: a place in a tournament (the participant's key), or a seat at a
 * table. Either way the code is spent, so the page that opened it must keep the key.
 */
export type Redeemed = { kind: 'place'; joined: Joined } | { kind: 'seat'; seat: Seat };

export async function redeemInvitation(code: string): Promise<Redeemed> {
  const response = await fetch(`/invitations/${encodeURIComponent(code)}/redeem`, {
    method: 'POST',
    headers: { accept: 'application/json, application/problem+json' },
  });
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok) {
    const kind =
      body.invitation === 'seat' || body.invitation === 'participant' ? body.invitation : undefined;
    throw new JoinRefused(
      response.status,
      typeof body.detail === 'string' ? body.detail : `the service answered ${response.status}`,
      kind,
    );
  }
  const token = String(body.token);
  if (typeof body.matchId === 'string' && typeof body.side === 'string') {
    return {
      kind: 'seat',
      seat: {
        token,
        keyId: String(body.keyId),
        matchId: body.matchId,
        side: body.side,
        ...(typeof body.label === 'string' ? { label: body.label } : {}),
      },
    };
  }
  if (typeof body.participantId !== 'string' || typeof body.tournamentId !== 'string') {
    throw new JoinRefused(0, 'The service answered this invitation with no tournament and no seat.');
  }
  return {
    kind: 'place',
    joined: { token, tournamentId: body.tournamentId, participantId: body.participantId },
  };
}

/** What a used invitation's player is told: where its key went, and what to do on another phone. */
const USED: Record<InvitationKind, string> = {
  seat: 'This invitation was already used: a seat’s invitation joins its seat once, on the phone that opened it first, and the table page there has the seat. On another phone, ask the organiser or the judge for a new invitation.',
  participant:
    'This invitation was already used: an invitation opens a place in the tournament once, on the phone that opened it first. On another phone, ask the organiser for a new invitation.',
};

/**
 * What a page says when an invitation did not join, in one message: a used one (for a seat or for a
 * place, as the service says which), an expired one and an unknown one say so in a player's words,
 * and what to do (a code typed in is checked against the slip; a link, for whether it was opened
 * whole); the service out of reach says so; any other refusal is the service's own words, as a
 * sentence. `page` is what the page that asks joins, for a used invitation the service did not name.
 */
export function joinRefusalWords(error: unknown, typed: boolean, page: InvitationKind): string {
  if (!(error instanceof JoinRefused)) {
    return 'The service could not be reached: check the connection and try again.';
  }
  const said = error.message;
  if (error.status === 410 && /already used/.test(said)) return USED[error.invitation ?? page];
  const expiredAt = error.status === 410 ? /expired at (\S+): /.exec(said)?.[1] : undefined;
  if (expiredAt !== undefined) {
    const at = new Date(expiredAt);
    const when = Number.isNaN(at.getTime())
      ? ''
      : ` at ${at.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}`;
    return `This invitation expired${when}: an invitation opens for a limited time. Ask the organiser for a new one.`;
  }
  if (error.status === 404) {
    return typed
      ? 'No invitation has this code: check it against your slip or the organiser’s screen, letter by letter, or ask the organiser for a new invitation.'
      : 'This invitation is not known: check that the whole link was opened, or ask the organiser for a new invitation.';
  }
  const sentence = said.charAt(0).toUpperCase() + said.slice(1);
  return /[.!?]$/.test(sentence) ? sentence : `${sentence}.`;
}
