import { useEffect, useState } from 'preact/hooks';
import { type Api, ApiError } from '../shared/api';
import { refusalText } from '../shared/refusal';
import { newCommandId, type Outcome, type Pairing } from '../shared/tournament-views';
import { readTableWords } from './dispute-reasons';
import { secondReport, type TableWords } from './second-report';
import { type DisputedTable, placeWords } from './tournament-tables';

const nameOf = (pairing: Pairing, participantId: string) =>
  pairing.A.participantId === participantId
    ? pairing.A.name
    : pairing.B.participantId === participantId
      ? pairing.B.name
      : participantId;

function outcomeWords(pairing: Pairing, outcome: string): string {
  if (outcome === 'draw') return 'a draw';
  const seat = outcome === 'A' ? pairing.A : outcome === 'B' ? pairing.B : undefined;
  return seat ? `${seat.name} won` : outcome;
}

/**
 * The tournament tables whose reported result the opponent disputed, each with what both players
 * said, and the judge's decision: the result and why (ResultOverridden), which both players read.
 */
export function DisputedResults(props: {
  api: Api;
  tables: DisputedTable[];
  onDecided: (said: string) => void;
}) {
  const { tables } = props;
  const [words, setWords] = useState<Map<string, Map<string, TableWords>>>(new Map());
  const [unread, setUnread] = useState<string>();
  const wanted = [...new Set(tables.map((t) => t.tournamentId))].join('\n');
  // Read again only when the disputed tables change, not on every read of the rounds.
  const disputedNow = tables.map((t) => `${t.tournamentId}:${t.round}:${t.pairing.table}`).join('\n');
  useEffect(() => {
    if (wanted === '') return;
    void (async () => {
      const read = new Map<string, Map<string, TableWords>>();
      for (const tournamentId of wanted.split('\n')) {
        try {
          read.set(tournamentId, await readTableWords(props.api, tournamentId));
        } catch (cause) {
          setUnread(refusalText(cause));
        }
      }
      setWords(read);
    })();
  }, [disputedNow]);

  return (
    <section class="must-do" aria-labelledby="disputed-heading">
      <h2 id="disputed-heading">Disputed results</h2>
      {tables.length === 0 ? (
        <p>None: no reported result is disputed.</p>
      ) : (
        <>
          {unread && (
            <p class="error" role="alert">
              What the players said could not be read: {unread}
            </p>
          )}
          <ul class="disputed-list">
            {tables.map((t) => (
              <li key={`${t.tournamentId}:${t.round}:${t.pairing.table}`}>
                <DisputedTableCard
                  {...props}
                  table={t}
                  words={words.get(t.tournamentId)?.get(`${t.round}:${t.pairing.table}`)}
                />
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function DisputedTableCard(props: {
  api: Api;
  table: DisputedTable;
  words: TableWords | undefined;
  onDecided: (said: string) => void;
}) {
  const { table, words } = props;
  const { pairing, round } = table;
  const id = `d-${table.tournamentId}-${round}-${pairing.table}`.replace(/[^A-Za-z0-9_-]/g, '_');
  const [outcome, setOutcome] = useState<Outcome>();
  const [reason, setReason] = useState('');
  const [sending, setSending] = useState(false);
  const [refused, setRefused] = useState<string>();
  const reported = words?.reported ?? pairing.reported ?? undefined;
  const second = words?.disputed ? secondReport(words.disputed) : undefined;
  const title = `${placeWords({ tournament: table.tournament, round, table: pairing.table })}: ${pairing.A.name} v ${pairing.B.name}`;

  const decide = async () => {
    if (!outcome || reason.trim() === '') return;
    setSending(true);
    setRefused(undefined);
    try {
      await props.api.post(
        `/tournaments/${encodeURIComponent(table.tournamentId)}/rounds/${round}/tables/${pairing.table}/override`,
        // C-6: decided as seen disputed, so a result someone set meanwhile is not written over.
        { commandId: newCommandId(), outcome, reason: reason.trim(), expectedStatus: 'disputed' },
      );
      props.onDecided(
        `Decided: ${outcomeWords(pairing, outcome)} at table ${pairing.table} of round ${round}.`,
      );
    } catch (cause) {
      // The judge's choice and words stay as they were: only the refusal is new.
      setRefused(refusalText(cause));
      // Decided elsewhere meanwhile: the console says so where it stays read, and reads again
      // (this card goes once the table is no longer disputed).
      if (cause instanceof ApiError && cause.status === 409) {
        props.onDecided(`Not decided: ${refusalText(cause)}`);
      }
    } finally {
      setSending(false);
    }
  };

  return (
    <article class="disputed-table" aria-labelledby={`${id}-title`} data-disputed-table={pairing.table}>
      <h3 id={`${id}-title`}>{title}</h3>
      <dl class="said">
        <dt>Reported</dt>
        <dd>
          {reported
            ? `${nameOf(pairing, reported.by)} reported: ${outcomeWords(pairing, reported.outcome)}.`
            : 'Not known.'}
          {words?.reported?.note && <> Their note: “{words.reported.note}”</>}
        </dd>
        <dt>Disputed</dt>
        <dd>
          {second ? (
            <>
              {`${nameOf(pairing, second.by)} reported another result: ${outcomeWords(pairing, second.outcome)}.`}
              {second.note && <> Their note: “{second.note}”</>}
            </>
          ) : words?.disputed ? (
            <>
              {nameOf(pairing, words.disputed.by)} disputed it: “{words.disputed.reason}”
            </>
          ) : reported ? (
            `${pairing.A.participantId === reported.by ? pairing.B.name : pairing.A.name} disputed it.`
          ) : (
            'Disputed.'
          )}
        </dd>
      </dl>
      <form
        class="template-form"
        aria-labelledby={`${id}-decide`}
        onSubmit={(event) => {
          event.preventDefault();
          void decide();
        }}
      >
        <h4 id={`${id}-decide`}>Decide the result</h4>
        <fieldset class="choice">
          <legend>The result</legend>
          <div class="choice-buttons">
            {(['A', 'draw', 'B'] as const).map((value) => (
              <button
                type="button"
                key={value}
                aria-pressed={outcome === value}
                onClick={() => setOutcome(value)}
              >
                {value === 'draw' ? 'A draw' : `${pairing[value].name} won`}
              </button>
            ))}
          </div>
        </fieldset>
        <div class="field">
          <label for={`${id}-reason`}>Why (both players read it)</label>
          <textarea
            id={`${id}-reason`}
            rows={3}
            maxLength={500}
            value={reason}
            onInput={(event) => setReason(event.currentTarget.value)}
          />
        </div>
        {refused && (
          <p class="error" role="alert">
            Refused: {refused}
          </p>
        )}
        <div class="form-actions">
          <button type="submit" class="primary" disabled={!outcome || reason.trim() === '' || sending}>
            Decide
          </button>
        </div>
      </form>
    </article>
  );
}
