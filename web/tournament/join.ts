import type { Seat } from '../shared/seat-store';

/**
 * Joining the tournament page by a participant invitation, from its link (`/tournament/#invite=…`) or
 * its code typed in: a link's code is read from the fragment and wiped from the address bar and the
 * history before anything is sent; the code is traded once for the participant's key, and the key is
 * kept in this browser's own storage, per tournament and participant, never in a URL.
 */

export interface Joined {
  token: string;
  tournamentId: string;
  participantId: string;
}

export function takeInvitationFromUrl(): string | undefined {
  const fragment = new URLSearchParams(window.location.hash.replace(/^#/, ''));
  const code = fragment.get('invite')?.trim();
  if (window.location.hash) {
    history.replaceState(null, '', `${window.location.pathname}${window.location.search}`);
  }
  return code ? code : undefined;
}

/** Why an invitation did not join: the service's status and words, or the page's own. */
export class JoinRefused extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * What an invitation was traded for: a place in a tournament (the participant's key), or a seat at a
 * table, when a seat's code was opened here. Either way the code is spent, so the key must be kept.
 */
export type Redeemed = { kind: 'place'; joined: Joined } | { kind: 'seat'; seat: Seat };

export async function redeemInvitation(code: string): Promise<Redeemed> {
  const response = await fetch(`/invitations/${encodeURIComponent(code)}/redeem`, {
    method: 'POST',
    headers: { accept: 'application/json, application/problem+json' },
  });
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok) {
    throw new JoinRefused(
      response.status,
      typeof body.detail === 'string' ? body.detail : `the service answered ${response.status}`,
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

/**
 * What the page says when an invitation did not join, in one message: a used one (it opens a place
 * once), an expired one and an unknown one say so in a player's words, and what to do (a code typed
 * in is checked against the slip; a link, for whether it was opened whole); the service out of reach
 * says so; any other refusal is the service's own words, as a sentence.
 */
export function joinRefusalWords(error: unknown, typed = false): string {
  if (!(error instanceof JoinRefused)) {
    return 'The service could not be reached: check the connection and try again.';
  }
  const said = error.message;
  if (error.status === 410 && /already used/.test(said)) {
    return 'This invitation was already used: an invitation opens a place in the tournament once, on the phone that opened it first. On another phone, ask the organiser for a new invitation.';
  }
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

const PREFIX = 'umpire.tournament.participant.';
const storageKey = (tournamentId: string, participantId: string) =>
  `${PREFIX}${tournamentId}.${participantId}`;

/** The places this browser holds a key for (it joined them), as their page's address. */
export function keptPlaces(): { tournamentId: string; participantId: string }[] {
  const places: { tournamentId: string; participantId: string }[] = [];
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (!key?.startsWith(PREFIX)) continue;
    const rest = key.slice(PREFIX.length);
    const dot = rest.lastIndexOf('.');
    if (dot > 0) places.push({ tournamentId: rest.slice(0, dot), participantId: rest.slice(dot + 1) });
  }
  return places;
}

export function keptKey(tournamentId: string, participantId: string): string | undefined {
  return localStorage.getItem(storageKey(tournamentId, participantId)) ?? undefined;
}

export function keepKey(joined: Joined): void {
  localStorage.setItem(storageKey(joined.tournamentId, joined.participantId), joined.token);
}

export function forgetKey(tournamentId: string, participantId: string): void {
  localStorage.removeItem(storageKey(tournamentId, participantId));
}

/** The page's address once joined: which tournament and participant, none of it secret. */
export function showJoined(joined: Joined): void {
  const query = `?tournament=${encodeURIComponent(joined.tournamentId)}&participant=${encodeURIComponent(joined.participantId)}`;
  history.replaceState(null, '', `${window.location.pathname}${query}`);
}
