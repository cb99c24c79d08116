import { useState } from 'preact/hooks';
import type { Api } from '../shared/api';
import { newCommandId } from '../shared/tournament-views';
import { refusalText } from '../shared/refusal';

/** The tie-breaks after points the service knows, in the order they are applied when ticked. */
const TIE_BREAK_CHOICES = [
  ['buchholz', 'Buchholz (opponents’ points)', true],
  ['median-buchholz', 'Median Buchholz', true],
  ['sonneborn-berger', 'Sonneborn–Berger', true],
  ['head-to-head', 'Head-to-head', true],
  ['wins', 'Wins', false],
] as const;

/** A new tournament: id, name, scoring table (bye too), tie-breaks, and whether round 1 keeps club mates apart. */
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
          bye: Number(form.get('bye')),
        },
        tieBreaks: TIE_BREAK_CHOICES.map(([id]) => id).filter((id) => form.get(`tb-${id}`) === 'on'),
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
          <label>
            Bye <input name="bye" type="number" value="3" min="0" required />
          </label>
        </fieldset>
        <fieldset>
          <legend>Tie-breaks after points, in this order (then seed)</legend>
          {TIE_BREAK_CHOICES.map(([id, label, on]) => (
            <label key={id}>
              <input name={`tb-${id}`} type="checkbox" checked={on} /> {label}
            </label>
          ))}
        </fieldset>
        <p class="note">Each round is paired at the desk: Swiss or round robin.</p>
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
