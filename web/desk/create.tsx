import { useState } from 'preact/hooks';
import type { Api } from '../shared/api';
import { newCommandId } from '../shared/tournament-views';
import { refusalText } from '../shared/refusal';

/** A new tournament: id, name, scoring table and whether round 1 keeps club mates apart. */
export function CreateTournament(props: { api: Api }) {
  const [refusal, setRefusal] = useState<string>();
  const [commandId] = useState(newCommandId);
  const submit = async (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    const tournamentId = String(form.get('tournamentId')).trim();
    try {
      await props.api.post('/tournaments', {
        commandId,
        tournamentId,
        name: String(form.get('name')).trim(),
        scoring: {
          win: Number(form.get('win')),
          draw: Number(form.get('draw')),
          loss: Number(form.get('loss')),
        },
        clubsApartInRoundOne: form.get('clubsApart') === 'on',
      });
      window.location.search = `?tournament=${encodeURIComponent(tournamentId)}`;
    } catch (error) {
      setRefusal(refusalText(error));
    }
  };
  return (
    <main class="narrow desk">
      <h1>New tournament</h1>
      {refusal && (
        <p class="error" role="alert">
          {refusal}
        </p>
      )}
      <form class="stack" onSubmit={submit}>
        <label for="t-id">Tournament id (letters, digits, - or _)</label>
        <input id="t-id" name="tournamentId" required pattern="[A-Za-z0-9][A-Za-z0-9_-]{0,63}" />
        <label for="t-name">Tournament name</label>
        <input id="t-name" name="name" required maxLength={200} />
        <fieldset class="row">
          <legend>Scoring table</legend>
          <label>
            Win <input name="win" type="number" value="3" min="0" required />
          </label>
          <label>
            Draw <input name="draw" type="number" value="1" min="0" required />
          </label>
          <label>
            Loss <input name="loss" type="number" value="0" min="0" required />
          </label>
        </fieldset>
        <p class="note">
          Pairing: Swiss. Tie-breaks after points: Buchholz, median Buchholz, Sonneborn–Berger, head-to-head,
          then seed.
        </p>
        <label>
          <input name="clubsApart" type="checkbox" checked /> Keep club mates apart in round 1
        </label>
        <button type="submit" class="primary">
          Create
        </button>
      </form>
    </main>
  );
}
