import { Api } from '../shared/api';
import { KeyGate, queryParam, useStoredKey } from '../shared/key-gate';
import { CreateTournament } from './create';
import { Desk } from './desk';

/** The organiser's desk: an organiser key (or one bound to the tournament), typed in once per tab. */
export function App() {
  const tournamentId = queryParam('tournament');
  const [key, setKey, forget] = useStoredKey('umpire.desk.key');
  if (!key) return <KeyGate title="Organiser's desk" label="Your organiser key" onKey={setKey} />;
  const api = new Api(key);
  if (!tournamentId) return <CreateTournament api={api} />;
  return <Desk api={api} tournamentId={tournamentId} onForgetKey={forget} />;
}
