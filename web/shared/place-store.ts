/**
 * The places in tournaments this browser has joined: each participant's key, kept in this origin's
 * localStorage only, per tournament and participant, never in a URL. The tournament page keeps and
 * reads them; the table page reads which participant joined here, to link back to their page.
 */

export interface Joined {
  token: string;
  tournamentId: string;
  participantId: string;
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

/** The participant of that tournament who joined on this device, if one did. */
export function participantHere(tournamentId: string): string | undefined {
  return keptPlaces().find(
    (place) => place.tournamentId === tournamentId && keptKey(tournamentId, place.participantId),
  )?.participantId;
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

/** A participant's page: which tournament and participant, none of it secret. */
export function placePage(place: { tournamentId: string; participantId: string }): string {
  return `/tournament/?tournament=${encodeURIComponent(place.tournamentId)}&participant=${encodeURIComponent(place.participantId)}`;
}
