import type { Api } from '../shared/api';
import type { Pairing } from '../shared/tournament-views';
import { usePoll } from '../shared/use-poll';
import type { ListedKey } from './acting-keys';
import { seatKeys } from './seat-phones';

/** How often the desk reads the tournament's keys again, to see a participant or a seat join on a phone. */
const KEYS_EVERY_MS = 5000;

/** The tournament's keys without secrets (GET /keys?tournament=), as last read. */
export type TournamentKeys = ReturnType<typeof useTournamentKeys>;

/**
 * Every key of the tournament, read again every few seconds: its participants' (a card says its
 * participant joined) and its refereed tables' seat keys (a table says whose seat is joined).
 */
export function useTournamentKeys(api: Api, tournamentId: string) {
  return usePoll(
    () => api.get<ListedKey[]>(`/keys?tournament=${encodeURIComponent(tournamentId)}`),
    KEYS_EVERY_MS,
  );
}

/**
 * Whose seat of a refereed table is joined, in the organiser's words: each invitation or player's
 * page that opened the seat is one phone playing it ("Ann joined, Ben not yet"; "Ann joined on 2
 * phones"). Undefined when the keys have not been read, or the table is not refereed.
 */
export function seatsJoinedWords(
  pairing: Pairing,
  keys: readonly ListedKey[] | undefined,
): string | undefined {
  if (!pairing.matchId || !keys) return undefined;
  const ofMatch = keys.filter((key) => key.matchId === pairing.matchId);
  const phones = { A: seatKeys(ofMatch, 'A')!.length, B: seatKeys(ofMatch, 'B')!.length };
  if (phones.A === 0 && phones.B === 0) return 'nobody has joined a seat yet';
  const seat = (side: 'A' | 'B') => {
    const name = pairing[side].name;
    if (phones[side] === 0) return `${name} not yet`;
    return phones[side] === 1 ? `${name} joined` : `${name} joined on ${phones[side]} phones`;
  };
  return `${seat('A')}, ${seat('B')}`;
}
