import { Api } from '../shared/api';
import { KeyGate, queryParam, useStoredKey } from '../shared/key-gate';
import { Player } from './player';

/** The player's page: `?tournament=&participant=` in the link, the participant's key typed in once. */
export function App() {
  const tournamentId = queryParam('tournament');
  const participantId = queryParam('participant');
  const [key, setKey, forget] = useStoredKey('umpire.tournament.key');
  if (!tournamentId || !participantId) {
    return (
      <main class="narrow">
        <h1>My tournament</h1>
        <p>Open this page from the participant link your organiser gave you.</p>
      </main>
    );
  }
  if (!key) return <KeyGate title="My tournament" label="Your participant key" onKey={setKey} />;
  return (
    <Player
      api={new Api(key)}
      tournamentId={tournamentId}
      participantId={participantId}
      onForgetKey={forget}
    />
  );
}
