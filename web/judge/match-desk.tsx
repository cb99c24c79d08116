import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import { Api, ApiError } from '../shared/api';
import { messageOf } from '../shared/live';
import { refusalText } from '../shared/refusal';
import { useFollowedMatch } from '../shared/use-followed-match';
import { type MatchPlace, sidesOf, standingOf, unitRows } from '../shared/match-view';
import { UnitCards } from '../shared/unit-cards';
import { unitNamesOf } from '../shared/unit-words';
import { TurnLog } from '../shared/turn-log';
import { VerifyPanel } from '../shared/verify-panel';
import type { ChoiceValue, CommandTemplate, ContractAnswer } from '../shared/contract';
import { RuleDialog, type RuleText } from '../shared/rule-link';
import { TemplateForm } from '../shared/template-form';
import { eventNamed, withEventSentences } from '../shared/event-labels';
import { answersOf, withRuleChoices } from './form-answers';
import { EndConfirmation } from './end-confirmation';
import { type Place, placeWords } from './tournament-tables';
import {
  BACKUP_PATH,
  backupChoiceOf,
  type Dispute,
  disputeRuledBy,
  doneWords,
  suggestedBackup,
  upholdsWithoutBackup,
} from './ruling';
import { RulingProvider, rulingPresenters } from './ruling-choices';
import { UpholdConfirmation } from './uphold-confirmation';

/** A form being filled: which, what it holds when opened again, and a count that remounts it so. */
interface Filling {
  id: string;
  kept?: Record<string, ChoiceValue>;
  mount: number;
  /**
   * The body awaiting the judge's yes: an end, which cannot be undone (C-4), or a dispute upheld with no
   * backup, which changes nothing in the match (C-5).
   */
  confirming?: { body: Record<string, unknown>; template: CommandTemplate };
}

/** A form's id: its place among this key's actions and what it does. */
const formIdOf = (template: CommandTemplate, index: number) =>
  `j-${index}-${template.action}`.replace(/[^A-Za-z0-9_-]/g, '_');

/** Where the match's own answer says a tournament plays it. */
function placeOf(place: MatchPlace | undefined): Place | undefined {
  if (!place?.players) return undefined;
  const { tournamentId, name, round, table, players } = place;
  return { tournamentId, tournament: name, round, table, A: players.A, B: players.B };
}

/** The first field of a form, where focus goes when it opens (its rule link comes after). */
const FIRST_FIELD = '.choice button, .field input, .field select, .field textarea, .dice-entry button';

/**
 * One match for a judge: its open disputes and undo requests first, what this key may do (rule on a
 * dispute, back the match up, end it) as forms built from the play contract, the whole log with every
 * die, and verification in the browser.
 */
export function MatchDesk(props: {
  apiKey: string;
  matchId: string;
  /** Where it is played, when the list that opened it knew (the match's own answer says it too). */
  place?: Place;
  onBack: () => void;
  onForgetKey: (why?: string) => void;
}) {
  const { matchId } = props;
  const api = useMemo(() => new Api(props.apiKey), [props.apiKey]);
  const [said, setSaid] = useState<string>();
  const [filling, setFilling] = useState<Filling>();
  const open = filling?.id;
  const setOpen = (id: string | undefined) => setFilling(id ? { id, mount: 0 } : undefined);
  /** The button that opened the form: focus goes back to it when the form closes. */
  const opener = useRef<string | undefined>(undefined);
  const formAt = useRef<HTMLLIElement>(null);
  const [rules, setRules] = useState<RuleText[]>();
  const [ruleShown, setRuleShown] = useState<string>();
  const { onForgetKey } = props;
  const failed = useCallback(
    (cause: unknown) => {
      if (cause instanceof ApiError && cause.status === 401) {
        onForgetKey(cause.message);
        return undefined;
      }
      return messageOf(cause);
    },
    [onForgetKey],
  );
  const { current, error, refresh } = useFollowedMatch<ContractAnswer>(api, matchId, failed);
  const match = current?.match;
  const log = current?.log;
  const roster = current?.roster;
  const ruleset = match?.ruleset;
  useEffect(() => {
    if (!ruleset) return;
    void fetch(`/rulesets/${encodeURIComponent(ruleset.id)}/${encodeURIComponent(ruleset.version)}/rules`)
      .then((response) => (response.ok ? (response.json() as Promise<RuleText[]>) : []))
      .then(setRules, () => undefined);
  }, [ruleset?.id, ruleset?.version]);

  // Focus follows the form: into its first field when it opens (or into the confirmation), back to
  // the button that opened it when it closes.
  useLayoutEffect(() => {
    if (filling) {
      const at = formAt.current;
      const target =
        at?.querySelector<HTMLElement>('.confirmation h3') ??
        at?.querySelector<HTMLElement>(FIRST_FIELD) ??
        at?.querySelector<HTMLElement>('form button');
      target?.focus();
    } else if (opener.current) {
      // Back to the button that opened the form; when the step is gone with it (a dispute ruled on),
      // to what was said of it.
      const back =
        document.querySelector<HTMLElement>(`[data-opens="${opener.current}"]`) ??
        document.querySelector<HTMLElement>('[data-testid="judge-said"]');
      back?.focus();
      opener.current = undefined;
    }
  }, [filling?.id, filling?.mount, filling?.confirming !== undefined]);

  // The step done may leave with the match read again (a dispute ruled on), and its button with it:
  // focus then goes to what was said of it rather than to the page.
  useLayoutEffect(() => {
    if (said && (!document.activeElement || document.activeElement === document.body)) {
      document.querySelector<HTMLElement>('[data-testid="judge-said"]')?.focus();
    }
  });

  const reopen = (id: string, kept: Record<string, ChoiceValue>) =>
    setFilling((was) => ({ id, kept, mount: (was?.mount ?? 0) + 1 }));

  const send = async (body: Record<string, unknown>, template: CommandTemplate, id: string) => {
    // C-4: the end is final, so the judge sees what it does and says yes before it is sent. C-5: an
    // upheld ruling with no backup changes nothing in the match, so the judge is asked once more.
    const asks = template.action === 'end' || upholdsWithoutBackup(template, body);
    if (asks && filling?.confirming === undefined) {
      // What was said of an earlier step is not what this confirmation is about.
      setSaid(undefined);
      setFilling((was) => ({
        id,
        mount: was?.mount ?? 0,
        kept: answersOf(template, body),
        confirming: { body, template },
      }));
      return;
    }
    // Read before sending: a dispute ruled on leaves the match's open disputes.
    const dispute = disputeRuledBy(template, match?.pending?.disputes ?? []);
    try {
      await api.post(template.route, body);
      setSaid(doneWords(template, body, dispute, sideName));
      setOpen(undefined);
      await refresh();
    } catch (cause) {
      setSaid(`Refused: ${refusalText(cause)}`);
      // The form opens again as the judge filled it: a refusal names what to change, not all of it.
      reopen(id, answersOf(template, body));
    }
  };

  const allMatches = (
    <p>
      <button type="button" class="quiet" onClick={props.onBack}>
        All matches
      </button>
    </p>
  );
  if (!match || !log || !roster) {
    return (
      <main class="table-page judge-page">
        {allMatches}
        <h1>
          Match <span class="match-id">{matchId}</span>
        </h1>
        {error ? (
          <p class="error" role="alert">
            {error}
          </p>
        ) : (
          <p aria-live="polite">Loading the match…</p>
        )}
      </main>
    );
  }
  const standing = standingOf(match.state, match);
  const sides = sidesOf(match.state, roster.units);
  // The units as the service shows them to this key.
  const rows = unitRows(match.state, roster.units);
  const undone = (revision: number) => log.entries.some((e) => e.revision === revision && e.reverted);
  const eventName = (revision: number) => eventNamed(log.entries, revision);
  const sideName = (id?: string) => sides.find((side) => side.id === id)?.name ?? id ?? '—';
  const mine = (match.available ?? []).filter((t) => t.role !== undefined && t.side === undefined);
  const disputes = match.pending?.disputes ?? [];
  const undos = match.pending?.undoRequests ?? [];
  const place = placeOf(match.tournament) ?? props.place;
  /** The ruling form on a dispute, opened from the end's confirmation (C-4: ruling first may still back up). */
  const ruleOn = (disputeId: string) => {
    const segment = `/disputes/${encodeURIComponent(disputeId)}/ruling`;
    const at = mine.findIndex((t) => t.action === 'ruling' && t.route.endsWith(segment));
    if (at < 0) return undefined;
    const id = formIdOf(mine[at]!, at);
    return () => {
      opener.current = id;
      setSaid(undefined);
      setOpen(id);
    };
  };
  const ruleOf = ruleShown
    ? (rules?.find((r) => r.ruleId === ruleShown) ?? { ruleId: ruleShown })
    : undefined;

  return (
    <main class="table-page judge-page judge-desk">
      {allMatches}
      {/* A match by its place in a tournament, else by its sides, as the desk heads it; its id below. */}
      <h1>{place ? placeWords(place) : sides.map((s) => s.name).join(' v ')}</h1>
      <p class="note" data-testid="match-named">
        {place ? `${place.A} v ${place.B} · ` : ''}match <span class="match-id">{matchId}</span>
      </p>
      <p class="note">
        {ruleset ? `${ruleset.id} ${ruleset.version}` : ''} · {sides.map((s) => s.name).join(' against ')} ·
        turn {standing.turn ?? '—'} · {standing.ended ? 'ended' : `${sideName(standing.activeSide)} to act`}
      </p>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      <p role="status" aria-live="polite" data-testid="judge-said" tabIndex={-1}>
        {said}
      </p>

      {/* On a phone: the disputes, the units they are judged against, then the actions; on a wide
          screen the units stand in a column of their own beside all of it. */}
      <div class="desk-columns">
        <section class="must-do" aria-labelledby="open-heading">
          <h2 id="open-heading">Open disputes and undo requests</h2>
          {disputes.length + undos.length === 0 ? (
            <p>None.</p>
          ) : (
            <ul>
              {disputes.map((d) => (
                <li key={d.disputeId} data-dispute={d.disputeId}>
                  {sideName(d.side)} disputes {eventNamed(log.entries, d.revision)}: “{d.claim}”
                </li>
              ))}
              {undos.map((u) => (
                <li key={u.requestId}>
                  {sideName(u.side)} asks to undo back to {eventNamed(log.entries, u.toRevision)}: “{u.reason}
                  ”
                </li>
              ))}
            </ul>
          )}
        </section>

        <UnitCards
          sides={sides}
          rows={rows}
          words={match.unitWords}
          activeSide={standing.ended ? undefined : standing.activeSide}
          nameOf={unitNamesOf(rows)}
        />

        {mine.length > 0 && (
          <section class="may-do" aria-labelledby="judge-actions-heading">
            <h2 id="judge-actions-heading">You may</h2>
            <ul class="action-list">
              {mine.map((template, i) => {
                const id = formIdOf(template, i);
                return (
                  <li
                    key={`${template.route}-${template.action}-${i}`}
                    ref={open === id ? formAt : undefined}
                    onKeyDown={(event) => {
                      if (open === id && event.key === 'Escape') {
                        event.preventDefault();
                        setOpen(undefined);
                      }
                    }}
                  >
                    {open === id && filling?.confirming?.template.action === 'ruling' ? (
                      <UpholdConfirmation
                        dispute={disputeRuledBy(template, disputes)}
                        eventName={eventName}
                        suggestion={suggestedBackup(template, disputeRuledBy(template, disputes), undone)}
                        onConfirm={() =>
                          void send(filling.confirming!.body, filling.confirming!.template, id)
                        }
                        onBack={() => reopen(id, filling.kept ?? {})}
                      />
                    ) : open === id && filling?.confirming ? (
                      <EndConfirmation
                        template={filling.confirming.template}
                        body={filling.confirming.body}
                        sideName={sideName}
                        pending={match.pending}
                        eventName={(revision) => eventNamed(log.entries, revision)}
                        ruleOn={ruleOn}
                        onConfirm={() =>
                          void send(filling.confirming!.body, filling.confirming!.template, id)
                        }
                        onBack={() => reopen(id, filling.kept ?? {})}
                      />
                    ) : open === id ? (
                      <JudgeForm
                        key={filling?.mount}
                        template={template}
                        shown={withRuleChoices(withEventSentences(template, log.entries), rules)}
                        formId={id}
                        kept={filling?.kept}
                        dispute={disputeRuledBy(template, disputes)}
                        eventName={eventName}
                        undone={undone}
                        onSend={(body, t) => void send(body, t, id)}
                        onRule={setRuleShown}
                        onCancel={() => setOpen(undefined)}
                      />
                    ) : (
                      <button
                        type="button"
                        class="action"
                        data-opens={id}
                        onClick={() => {
                          opener.current = id;
                          setSaid(undefined);
                          setOpen(id);
                        }}
                      >
                        {template.label}
                      </button>
                    )}
                  </li>
                );
              })}
            </ul>
          </section>
        )}

        <VerifyPanel api={api} matchId={matchId} />
        <TurnLog entries={log.entries} shown={match.revision} onGoTo={() => undefined} />
      </div>
      {ruleOf && <RuleDialog rule={ruleOf} onClose={() => setRuleShown(undefined)} />}
    </main>
  );
}

/**
 * One of this key's forms, built from its template. A ruling's own choices say what upholding does
 * (C-5), and an upheld ruling opens with the suggested backup chosen: the last event offered before
 * the disputed one, so upholding takes that event back unless the judge chooses otherwise.
 */
function JudgeForm(props: {
  template: CommandTemplate;
  /** The template as the form shows it (events and rules named). */
  shown: CommandTemplate;
  formId: string;
  /** The answers it is opened with again (a refusal, a confirmation turned back). */
  kept?: Record<string, ChoiceValue>;
  dispute?: Dispute;
  eventName: (revision: number) => string;
  undone: (revision: number) => boolean;
  onSend: (body: Record<string, unknown>, template: CommandTemplate) => void;
  onRule: (ruleId: string) => void;
  onCancel: () => void;
}) {
  const { template, shown, formId, dispute } = props;
  const presenters = rulingPresenters(shown);
  const suggestion = suggestedBackup(template, dispute, props.undone);
  const initial = props.kept ?? (suggestion === undefined ? undefined : { [BACKUP_PATH]: suggestion });
  const form = (
    <TemplateForm
      template={shown}
      formId={formId}
      initial={initial}
      onSend={props.onSend}
      taken={() => false}
      onRule={props.onRule}
      onCancel={props.onCancel}
      presenterFor={presenters}
    />
  );
  if (!presenters) return form;
  return (
    <RulingProvider
      value={{
        formId,
        dispute,
        eventName: props.eventName,
        suggestion,
        mayBackUp: backupChoiceOf(template) !== undefined,
        undone: dispute !== undefined && props.undone(dispute.revision),
      }}
    >
      {form}
    </RulingProvider>
  );
}
