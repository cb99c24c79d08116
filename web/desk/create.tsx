import { useEffect, useState } from 'preact/hooks';
import { type Api, ApiError } from '../shared/api';
import { newCommandId } from '../shared/tournament-views';
import { refusalText } from '../shared/refusal';
import { DEFAULT_TIE_BREAKS, TieBreakOrder, tieBreaksSent } from './tie-break-order';
import { RulesetChoice, type ServedRuleset } from './ruleset-choice';
import { SingleMatchList } from './single-match';
import { deskLink, TournamentList, useTournaments } from './tournament-list';

/**
 * A tournament id as the service takes it. Written for the `pattern` attribute, which browsers compile
 * with the `v` flag: a `-` inside a class must be escaped there, or the pattern is void and unchecked.
 */
export const TOURNAMENT_ID_PATTERN = '[A-Za-z0-9][A-Za-z0-9_\\-]{0,63}';

type Score = 'win' | 'draw' | 'loss' | 'bye';
const SCORES: [Score, string][] = [
  ['win', 'Win'],
  ['draw', 'Draw'],
  ['loss', 'Loss'],
  ['bye', 'Bye'],
];

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
  // Every choice is held here, never in a constant `checked`: a re-render would put that back.
  const [tieBreaks, setTieBreaks] = useState(DEFAULT_TIE_BREAKS);
  const [clubsApart, setClubsApart] = useState(true);
  const [scoring, setScoring] = useState<Record<Score, string>>({ win: '3', draw: '1', loss: '0', bye: '3' });
  const [tournamentId, setTournamentId] = useState('');
  const [existing, setExisting] = useState<string>();
  const tournaments = useTournaments(props.api);
  const known = tournaments.listed?.items.find((t) => t.tournamentId === tournamentId.trim());
  useEffect(() => {
    props.api.get<ServedRuleset[]>('/rulesets').then(setServed, (error: unknown) => {
      setServed([]);
      setRefusal(refusalText(error));
    });
  }, [props.api]);
  const submit = async (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    const id = tournamentId.trim();
    setRefusal(undefined);
    setExisting(undefined);
    try {
      await props.api.post('/tournaments', {
        commandId,
        tournamentId: id,
        name: String(form.get('name')).trim(),
        scoring: {
          win: Number(scoring.win),
          draw: Number(scoring.draw),
          loss: Number(scoring.loss),
          bye: Number(scoring.bye),
        },
        tieBreaks: tieBreaksSent(tieBreaks),
        clubsApartInRoundOne: clubsApart,
        ...(optional(form, 'numberOfRounds') ? { numberOfRounds: Number(form.get('numberOfRounds')) } : {}),
        tables,
        ...(optional(form, 'ruleset') ? { ruleset: optional(form, 'ruleset') } : {}),
        ...(optional(form, 'rulesetVersion') ? { rulesetVersion: optional(form, 'rulesetVersion') } : {}),
      });
      window.location.search = `?tournament=${encodeURIComponent(id)}`;
    } catch (error) {
      setRefusal(refusalText(error));
      if (error instanceof ApiError && error.status === 409 && /exists already/.test(error.message))
        setExisting(id);
    }
  };
  return (
    <main class="narrow desk">
      <h1>Organiser's desk</h1>
      <TournamentList {...tournaments} />
      <SingleMatchList api={props.api} />
      <h2>New tournament</h2>
      <p class="note">
        Or <a href="/desk/?new=match">set up a single match</a>: one game outside any tournament, its seats
        joined from this screen.
      </p>
      {refusal && (
        <p class="error" role="alert">
          {refusal}
          {existing && (
            <>
              {' '}
              <a href={deskLink(existing)}>Open {existing}</a>
            </>
          )}
        </p>
      )}
      <form class="stack" onSubmit={submit}>
        <label for="t-id">Tournament id (letters, digits, - or _)</label>
        <input
          id="t-id"
          name="tournamentId"
          required
          pattern={TOURNAMENT_ID_PATTERN}
          maxLength={64}
          autocomplete="off"
          spellcheck={false}
          value={tournamentId}
          onInput={(e) => setTournamentId(e.currentTarget.value)}
          aria-describedby="t-id-known"
        />
        <p id="t-id-known" class="note" aria-live="polite">
          {known && (
            <>
              You have a tournament with this id already:{' '}
              <a href={deskLink(known.tournamentId)}>open {known.name}</a>.
            </>
          )}
        </p>
        <label for="t-name">Tournament name</label>
        <input id="t-name" name="name" required maxLength={200} />
        <fieldset class="row">
          <legend>Scoring table</legend>
          {SCORES.map(([field, label]) => (
            <label key={field}>
              {label}
              <input
                name={field}
                type="number"
                min="0"
                required
                value={scoring[field]}
                onInput={(e) => setScoring((s) => ({ ...s, [field]: e.currentTarget.value }))}
              />
            </label>
          ))}
        </fieldset>
        <fieldset>
          <legend>Tie-breaks after points, applied in this order (then seed)</legend>
          <p class="note">Tick the ones to use; move them up or down to order them.</p>
          <TieBreakOrder choices={tieBreaks} onChange={setTieBreaks} />
        </fieldset>
        <p class="note">Each round is paired at the desk: Swiss or round robin.</p>
        <label class="choice">
          <input
            name="clubsApart"
            type="checkbox"
            checked={clubsApart}
            onChange={(e) => setClubsApart(e.currentTarget.checked)}
          />
          <span>Keep club mates apart in round 1</span>
        </label>
        <label for="t-rounds">Number of rounds (leave blank for no limit)</label>
        <input id="t-rounds" name="numberOfRounds" type="number" min="1" max="50" />
        <fieldset>
          <legend>Tables</legend>
          <label class="choice">
            <input
              name="tables"
              type="radio"
              value="report-only"
              checked={tables === 'report-only'}
              onChange={() => setTables('report-only')}
            />
            <span>Report-only: the players report their results</span>
          </label>
          <label class="choice">
            <input
              name="tables"
              type="radio"
              value="refereed"
              checked={tables === 'refereed'}
              onChange={() => setTables('refereed')}
            />
            <span>Refereed: each pairing is a match the service referees, and its end is the result</span>
          </label>
        </fieldset>
        <RulesetChoice
          idPrefix="t"
          label="Ruleset of the matches (needed for refereed tables)"
          none="None: chosen per match"
          served={served}
          ruleset={ruleset}
          version={version}
          onChange={(id, v) => {
            setRuleset(id);
            setVersion(v);
          }}
        />
        <button type="submit" class="primary">
          Create
        </button>
      </form>
    </main>
  );
}
