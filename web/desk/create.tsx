import { useEffect, useState } from 'preact/hooks';
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

/** A ruleset the service serves, as GET /rulesets lists it: every version a tournament may name. */
interface ServedRuleset {
  id: string;
  versions: string[];
  current: string;
}

/** The optional text of a field, left out of the request when blank. */
function optional(form: FormData, name: string): string | undefined {
  const value = String(form.get(name) ?? '').trim();
  return value === '' ? undefined : value;
}

/**
 * A new tournament: id, name, scoring table (bye too), tie-breaks, whether round 1 keeps club mates
 * apart, and optionally its number of rounds, refereed or report-only tables, and the ruleset (and
 * version) its matches are played under. The service checks each and names the field it refuses.
 */
export function CreateTournament(props: { api: Api }) {
  const [refusal, setRefusal] = useState<string>();
  const [commandId] = useState(newCommandId);
  // Held here, so that a refusal's re-render keeps the choice.
  const [tables, setTables] = useState<'report-only' | 'refereed'>('report-only');
  const [served, setServed] = useState<ServedRuleset[]>();
  const [ruleset, setRuleset] = useState('');
  const [version, setVersion] = useState('');
  useEffect(() => {
    props.api.get<ServedRuleset[]>('/rulesets').then(setServed, (error: unknown) => {
      setServed([]);
      setRefusal(refusalText(error));
    });
  }, [props.api]);
  const chosen = served?.find((r) => r.id === ruleset);
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
        ...(optional(form, 'numberOfRounds') ? { numberOfRounds: Number(form.get('numberOfRounds')) } : {}),
        tables,
        ...(optional(form, 'ruleset') ? { ruleset: optional(form, 'ruleset') } : {}),
        ...(optional(form, 'rulesetVersion') ? { rulesetVersion: optional(form, 'rulesetVersion') } : {}),
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
        <label for="t-rounds">Number of rounds (leave blank for no limit)</label>
        <input id="t-rounds" name="numberOfRounds" type="number" min="1" max="50" />
        <fieldset>
          <legend>Tables</legend>
          <label>
            <input
              name="tables"
              type="radio"
              value="report-only"
              checked={tables === 'report-only'}
              onChange={() => setTables('report-only')}
            />{' '}
            Report-only: the players report their results
          </label>
          <label>
            <input
              name="tables"
              type="radio"
              value="refereed"
              checked={tables === 'refereed'}
              onChange={() => setTables('refereed')}
            />{' '}
            Refereed: each pairing is a match the service referees, and its end is the result
          </label>
        </fieldset>
        <label for="t-ruleset">Ruleset of the matches (needed for refereed tables)</label>
        <select
          id="t-ruleset"
          name="ruleset"
          value={ruleset}
          onChange={(e) => {
            setRuleset(e.currentTarget.value);
            setVersion('');
          }}
        >
          <option value="">{served ? 'None: chosen per match' : 'Loading the rulesets…'}</option>
          {served?.map((r) => (
            <option key={r.id} value={r.id}>
              {r.id}
            </option>
          ))}
        </select>
        <label for="t-ruleset-version">Ruleset version</label>
        <select
          id="t-ruleset-version"
          name="rulesetVersion"
          value={version}
          disabled={!chosen}
          onChange={(e) => setVersion(e.currentTarget.value)}
        >
          <option value="">{chosen ? `${chosen.current} (current)` : 'Choose a ruleset first'}</option>
          {chosen?.versions
            .filter((v) => v !== chosen.current)
            .reverse()
            .map((v) => (
              <option key={v} value={v}>
                {v} (older: its rules as they were)
              </option>
            ))}
        </select>
        <button type="submit" class="primary">
          Create
        </button>
      </form>
    </main>
  );
}
