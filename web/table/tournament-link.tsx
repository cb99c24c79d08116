import { useEffect, useState } from 'preact/hooks';
import type { Api } from '../shared/api';

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

/** The participant of that tournament who joined its page on this device, if one did. */
function participantHere(tournamentId: string): string | undefined {
  const prefix = `${PARTICIPANT_KEYS}${tournamentId}.`;
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (key?.startsWith(prefix)) return key.slice(prefix.length);
  }
  return undefined;
}

/**
 * The way back to the player's tournament page, when the match is one of a tournament's. The link names
 * the tournament and the participant (neither is secret); the participant's key stays where the
 * tournament page kept it. Without a participant joined here, it says where that page comes from.
 */
export function TournamentLink(props: { api: Api; matchId: string }) {
  const tournamentId = useTournamentOf(props.api, props.matchId);
  if (!tournamentId) return null;
  const participant = participantHere(tournamentId);
  return (
    <p class="tournament-link" data-testid="tournament-link">
      {participant ? (
        <a
          href={`/tournament/?tournament=${encodeURIComponent(tournamentId)}&participant=${encodeURIComponent(participant)}`}
        >
          Back to your tournament page ({tournamentId})
        </a>
      ) : (
        <span class="note">
          This match is part of the tournament {tournamentId}: open your tournament page from the participant
          link your organiser gave you.
        </span>
      )}
    </p>
  );
}
