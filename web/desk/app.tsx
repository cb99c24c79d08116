import { useMemo } from 'preact/hooks';
import { Api } from '../shared/api';
import { KeyGate, queryParam, useStoredKey } from '../shared/key-gate';
import { CreateTournament } from './create';
import { Desk } from './desk';
import { MatchSeats, NewMatch } from './single-match';

/** The organiser's desk: an organiser key (or one bound to the tournament), typed in once per tab. */
export function App() {
  const tournamentId = queryParam('tournament');
  const [key, setKey, forget] = useStoredKey('umpire.desk.key');
  // One client per key, so that what a page loads with it is loaded once, not on every render.
  const api = useMemo(() => (key ? new Api(key) : undefined), [key]);
  if (!api) return <KeyGate title="Organiser's desk" label="Your organiser key" onKey={setKey} />;
  // A single match, outside any tournament: made here, then its seats' invitations.
  const matchId = queryParam('match');
  if (matchId) return <MatchSeats api={api} deskKey={key!} matchId={matchId} />;
  if (queryParam('new') === 'match') return <NewMatch api={api} />;
  if (!tournamentId) return <CreateTournament api={api} />;
  return <Desk api={api} tournamentId={tournamentId} onForgetKey={forget} />;
}
