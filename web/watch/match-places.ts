import type { Api } from '../shared/api';
import type { MatchPlace } from '../shared/match-view';

/** A match a key may watch, with where it is played when a tournament schedules it. */
export interface WatchableMatch {
  matchId: string;
  status: 'open' | 'ended';
  sides: Record<string, string>;
  place?: { tournament: string; round: number; table: number; players: { A: string; B: string } | null };
}

interface TournamentMatch {
  matchId: string;
  round: number;
  table: number;
  players: { A: string; B: string } | null;
}

interface MatchSummary {
  matchId: string;
  tournamentId: string | null;
  sides: Record<string, string>;
  status: 'open' | 'ended';
}

/** How many tournaments and matches the page lists: a spectator's key is mostly bound to one day. */
const TOURNAMENTS = 20;
const MATCHES = 100;

type Places = Map<string, NonNullable<WatchableMatch['place']>>;

/**
 * Where each match of the tournaments this key may list is played. A key that may list none (a
 * match's own key) gets no places, not an error: its matches are still its to watch.
 */
async function placesFor(api: Api): Promise<Places> {
  const places: Places = new Map();
  let listed: { items: { tournamentId: string; name: string }[] };
  try {
    listed = await api.get(`/tournaments?limit=${TOURNAMENTS}`);
  } catch {
    return places;
  }
  // One at a time: a key may run only so many reads at once.
  for (const t of listed.items) {
    try {
      const page = await api.get<{ items: TournamentMatch[] }>(
        `/tournaments/${encodeURIComponent(t.tournamentId)}/matches?limit=${MATCHES}`,
      );
      for (const m of page.items) {
        places.set(m.matchId, { tournament: t.name, round: m.round, table: m.table, players: m.players });
      }
    } catch {
      // A tournament whose matches this key may not list: its matches read by their sides.
    }
  }
  return places;
}

/** The matches this key may see, those still in play first, each with its place when it has one. */
export async function watchableMatches(api: Api): Promise<WatchableMatch[]> {
  const [page, places] = await Promise.all([
    api.get<{ items: MatchSummary[] }>(`/matches?limit=${MATCHES}`),
    placesFor(api),
  ]);
  const matches = page.items.map((m) => ({
    matchId: m.matchId,
    status: m.status,
    sides: m.sides,
    ...(places.has(m.matchId) ? { place: places.get(m.matchId)! } : {}),
  }));
  const order = (m: WatchableMatch) => [
    m.status === 'open' ? 0 : 1,
    m.place?.round ?? 0,
    m.place?.table ?? 0,
  ];
  return matches.sort((a, b) => {
    const [x, y] = [order(a), order(b)];
    return x[0]! - y[0]! || x[1]! - y[1]! || x[2]! - y[2]! || a.matchId.localeCompare(b.matchId);
  });
}

/** The place of a match answer's `tournament`, in the words the chooser uses. */
export function placeFrom(place: MatchPlace | undefined): WatchableMatch['place'] {
  return place && { tournament: place.name, round: place.round, table: place.table, players: place.players };
}

/** "Club day · round 2 · table 3". */
export function placeWords(place: NonNullable<WatchableMatch['place']>): string {
  return `${place.tournament} · round ${place.round} · table ${place.table}`;
}

/** "Hana Ito (Zulus) v Ivan Petrov (British)", or the sides alone outside a tournament. */
export function playersWords(match: WatchableMatch): string {
  const players = match.place?.players;
  if (!players) return Object.values(match.sides).join(' against ');
  const side = (id: 'A' | 'B') => (match.sides[id] ? ` (${match.sides[id]})` : '');
  return `${players.A}${side('A')} v ${players.B}${side('B')}`;
}
