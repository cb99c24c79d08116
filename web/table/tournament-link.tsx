import type { MatchPlace } from '../shared/match-view';
import { participantHere, placePage } from '../shared/place-store';

/** "Spring Open · round 1 · table 2". */
function placeWords(place: MatchPlace): string {
  return `${place.name} · round ${place.round} · table ${place.table}`;
}

/**
 * Where the match is played and the way back to the player's tournament page, when a tournament
 * schedules the match: the match answer says where (`tournament`), for any key that may read the
 * match, a seat's key included. The link names the tournament and the participant (neither is
 * secret); the participant's key stays where the tournament page kept it. Without a participant
 * joined here, it says where that page comes from.
 */
export function TournamentLink(props: { place: MatchPlace | undefined }) {
  const { place } = props;
  if (!place) return null;
  const participant = participantHere(place.tournamentId);
  return (
    <p class="tournament-link" data-testid="tournament-link">
      <span data-testid="tournament-place">{placeWords(place)}</span>
      <br />
      {participant ? (
        <a href={placePage({ tournamentId: place.tournamentId, participantId: participant })}>
          Back to your tournament page ({place.name})
        </a>
      ) : (
        <span class="note">Your tournament page opens from the link your organiser gave you.</span>
      )}
    </p>
  );
}
