/**
 * Joining the tournament page by a participant invitation (`/tournament/#invite=…`): the code is read
 * from the fragment and wiped from the address bar and the history before anything is sent, traded
 * once for the participant's key, and the key is kept in this browser's own storage, per tournament
 * and participant, never in a URL.
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

export async function redeemParticipant(code: string): Promise<Joined> {
  const response = await fetch(`/invitations/${encodeURIComponent(code)}/redeem`, {
    method: 'POST',
    headers: { accept: 'application/json, application/problem+json' },
  });
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok) {
    throw new Error(
      typeof body.detail === 'string' ? body.detail : `the service answered ${response.status}`,
    );
  }
  if (typeof body.participantId !== 'string' || typeof body.tournamentId !== 'string') {
    throw new Error(
      'this invitation is for a seat at a table, not for a tournament: open it on the table page',
    );
  }
  return { token: String(body.token), tournamentId: body.tournamentId, participantId: body.participantId };
}

const storageKey = (tournamentId: string, participantId: string) =>
  `umpire.tournament.participant.${tournamentId}.${participantId}`;

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
