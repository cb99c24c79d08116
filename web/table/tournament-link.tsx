import { useEffect, useState } from 'preact/hooks';
import { Api } from '../shared/api';

/** Where the tournament page keeps a participant's key on this device (web/tournament/join.ts). */
const PARTICIPANT_KEYS = 'umpire.tournament.participant.';

/**
 * The tournament a seat's match belongs to. The play contract does not carry it; the match list
 * does, and a player's key lists its own match only.
 */
function useTournamentOf(api: Api, matchId: string): string | undefined {
  const [tournamentId, setTournamentId] = useState<string>();
  useEffect(() => {
    let stale = false;
    api.get<{ items: { matchId: string; tournamentId: string | null }[] }>('/matches?limit=1').then(
      (page) => {
        const own = page.items.find((item) => item.matchId === matchId);
        if (!stale && own?.tournamentId) setTournamentId(own.tournamentId);
      },
      () => undefined,
    );
    return () => {
      stale = true;
    };
  }, [api, matchId]);
  return tournamentId;
}

/** The participant of that tournament who joined its page on this device, if one did, with their key. */
function participantHere(tournamentId: string): { participantId: string; key: string } | undefined {
  const prefix = `${PARTICIPANT_KEYS}${tournamentId}.`;
  for (let i = 0; i < localStorage.length; i++) {
    const stored = localStorage.key(i);
    const key = stored === null ? null : localStorage.getItem(stored);
    if (stored?.startsWith(prefix) && key) return { participantId: stored.slice(prefix.length), key };
  }
  return undefined;
}

/** Where the tournament plays this match: its name, round and table, as far as a key here may read. */
interface Place {
  name: string;
  round?: number;
  table?: number;
}

interface RoundsPage {
  items: { round: number; pairings: { table: number; matchId: string | null }[] }[];
}

/**
 * The tournament's name and the match's round and table, read with the participant's own key when one
 * joined here (a seat's key may not read the tournament); the id alone when neither may.
 */
function usePlace(api: Api, tournamentId: string | undefined, matchId: string): Place | undefined {
  const [place, setPlace] = useState<Place>();
  useEffect(() => {
    if (!tournamentId) return;
    let stale = false;
    const participant = participantHere(tournamentId);
    const reader = participant ? new Api(participant.key) : api;
    const base = `/tournaments/${encodeURIComponent(tournamentId)}`;
    void (async () => {
      try {
        const { name } = await reader.get<{ name: string }>(base);
        const rounds = await reader.get<RoundsPage>(`${base}/rounds?limit=100`).catch(() => undefined);
        let found: Place = { name };
        for (const round of rounds?.items ?? []) {
          const pairing = round.pairings.find((p) => p.matchId === matchId);
          if (pairing) found = { name, round: round.round, table: pairing.table };
        }
        if (!stale) setPlace(found);
      } catch {
        // Named by its id, as the match list gave it.
      }
    })();
    return () => {
      stale = true;
    };
  }, [api, tournamentId, matchId]);
  return place;
}

/** "Spring Open · round 1 · table 2", or as much of it as is known. */
function placeWords(tournamentId: string, place: Place | undefined): string {
  if (!place) return `the tournament ${tournamentId}`;
  return place.round === undefined
    ? place.name
    : `${place.name} · round ${place.round} · table ${place.table}`;
}

/**
 * Where the match is played and the way back to the player's tournament page, when the match is one of
 * a tournament's. The link names the tournament and the participant (neither is secret); the
 * participant's key stays where the tournament page kept it. Without a participant joined here, it
 * says where that page comes from.
 */
export function TournamentLink(props: { api: Api; matchId: string }) {
  const tournamentId = useTournamentOf(props.api, props.matchId);
  const place = usePlace(props.api, tournamentId, props.matchId);
  if (!tournamentId) return null;
  const participant = participantHere(tournamentId);
  return (
    <p class="tournament-link" data-testid="tournament-link">
      {place?.round !== undefined && (
        <>
          <span data-testid="tournament-place">{placeWords(tournamentId, place)}</span>
          <br />
        </>
      )}
      {participant ? (
        <a
          href={`/tournament/?tournament=${encodeURIComponent(tournamentId)}&participant=${encodeURIComponent(participant.participantId)}`}
        >
          Back to your tournament page ({place?.name ?? tournamentId})
        </a>
      ) : (
        <span class="note">
          This match is part of {placeWords(tournamentId, place)}: open your tournament page from the link
          your organiser gave you.
        </span>
      )}
    </p>
  );
}
