import type { Api } from '../shared/api';
import type { Page, Pairing, Round } from '../shared/tournament-views';

/** A tournament this key may read, with its rounds as the round view answers them. */
export interface TournamentTables {
  tournamentId: string;
  name: string;
  rounds: Round[];
}

/** Where a match is played: its tournament, round and table, and who sits at each side. */
export interface Place {
  tournamentId: string;
  tournament: string;
  round: number;
  table: number;
  A: string;
  B: string;
}

/** A pairing waiting for a judge, with where it is. */
export interface DisputedTable {
  tournamentId: string;
  tournament: string;
  round: number;
  pairing: Pairing;
}

/** How many tournaments the console reads: a judge key is bound to one, an unbound one sees a page. */
const TOURNAMENTS = 20;

/** Whether each key is bound to one match, as GET /keys/current says: asked once per key. */
const boundToMatch = new WeakMap<Api, Promise<boolean>>();

/**
 * Whether this key is bound to one match: such a key may list no tournament (403), so it is not asked
 * to. A service that cannot say (no GET /keys/current) is asked for the tournaments as before.
 */
function isBoundToMatch(api: Api): Promise<boolean> {
  let bound = boundToMatch.get(api);
  if (!bound) {
    bound = api.get<{ matchId?: string | null }>('/keys/current').then(
      (key) => typeof key.matchId === 'string' && key.matchId !== '',
      () => false,
    );
    boundToMatch.set(api, bound);
  }
  return bound;
}

/**
 * The tournaments this key may list, each with its rounds. A key that may list none (a match's own
 * judge key) gets an empty list, not an error: its matches are still its to judge.
 */
export async function readTournaments(api: Api): Promise<TournamentTables[]> {
  if (await isBoundToMatch(api)) return [];
  let listed: { items: { tournamentId: string; name: string }[] };
  try {
    listed = await api.get(`/tournaments?limit=${TOURNAMENTS}`);
  } catch {
    return [];
  }
  const read: TournamentTables[] = [];
  // One at a time, as the match list reads: a key may run only so many reads at once.
  for (const t of listed.items) {
    try {
      const rounds = await api.get<Page<Round>>(
        `/tournaments/${encodeURIComponent(t.tournamentId)}/rounds?limit=100`,
      );
      read.push({ tournamentId: t.tournamentId, name: t.name, rounds: rounds.items });
    } catch {
      read.push({ tournamentId: t.tournamentId, name: t.name, rounds: [] });
    }
  }
  return read;
}

/** Every scheduled match of these tournaments by its id: where it is played and by whom. */
export function placesOf(tournaments: readonly TournamentTables[]): Map<string, Place> {
  const places = new Map<string, Place>();
  for (const t of tournaments) {
    for (const round of t.rounds) {
      for (const p of round.pairings) {
        if (!p.matchId) continue;
        places.set(p.matchId, {
          tournamentId: t.tournamentId,
          tournament: t.name,
          round: round.round,
          table: p.table,
          A: p.A.name,
          B: p.B.name,
        });
      }
    }
  }
  return places;
}

/** The pairings of these tournaments whose result is disputed, in round and table order. */
export function disputedTables(tournaments: readonly TournamentTables[]): DisputedTable[] {
  return tournaments.flatMap((t) =>
    t.rounds.flatMap((round) =>
      round.pairings
        .filter((p) => p.status === 'disputed')
        .map((pairing) => ({
          tournamentId: t.tournamentId,
          tournament: t.name,
          round: round.round,
          pairing,
        })),
    ),
  );
}

/** "Club day · round 2 · table 3", the words a judge finds a table by. */
export function placeWords(place: { tournament: string; round: number; table: number }): string {
  return `${place.tournament} · round ${place.round} · table ${place.table}`;
}
