import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import { Api, ApiError } from '../shared/api';
import { type LiveMode, messageOf } from '../shared/live';
import { useFollowedMatch } from '../shared/use-followed-match';
import { timeCalledNotice } from '../shared/time-called';
import { sidesOf, standingOf, unitRows } from '../shared/match-view';
import { StandingChips } from '../shared/standing-chips';
import { UnitCards } from '../shared/unit-cards';
import {
  awaitedFromOthers,
  type ChoiceValue,
  type CommandTemplate,
  type ContractAnswer,
  sameValue,
  templatesFor,
  type TemplateChoice,
} from '../shared/contract';
import { Outcomes } from './outcomes';
import { hideSealedCards, withoutSealedCards } from '../shared/sealed-lines';
import { quotedToEnd } from '../shared/quote';
import { Outbox, type OutboxItem, withFreshIds } from './outbox';
import { overtakenWords, sendChecked } from './stale-steps';
import { OutboxPanel } from './outbox-panel';
import { RuleDialog, type RuleText } from '../shared/rule-link';
import { CommitmentVault, phaseWords, presenterFor, presentTemplate } from './presenters';
import { outboxKey, sealedKey, type Seat } from '../shared/seat-store';
import { ConfirmDialog } from './confirm-dialog';
import { LEFT, LeaveDialog, type LeftNotice } from './leave-dialog';
import { giveUpSeat } from './give-up';
import { TournamentLink } from './tournament-link';
import { DisputeNotice } from './dispute-notice';
import { type FormProps, TemplateForm } from '../shared/template-form';
import { eventNamed, eventOfNumber, withEventList, withEventSentences } from '../shared/event-labels';

const LIVE_LABEL: Record<LiveMode, string> = {
  connecting: 'connecting…',
  stream: 'live',
  polling: 'live (checks every 2 s)',
  ended: 'match over',
  stopped: 'offline',
};

/** A pending command retried this often while any waits (besides the browser's own "online" signal). */
const RETRY_MS = 3000;

/** The answer to the other side's request to undo, a match-level action: asked as a prompt, not listed. */
const UNDO_ANSWER = 'undo-answer';
/**
 * C-5: an undo is agreed within the turn; ending the turn lets a request still open lapse. A player's
 * end of the turn is told by the rule it cites, C-4 (the match-level rule of turns, the same in every
 * ruleset), never by a ruleset's own route or command.
 */
const TURN_RULE = 'C-4';
/**
 * A refused sealing whose card this device no longer holds (sealed again since, or its storage
 * cleared): it cannot be opened as it was, since the service was sent only the commitment.
 */
const CARD_GONE =
  'It cannot be opened again as it was: the card chosen for it is no longer kept on this phone. Seal the unit’s card again, from the start.';
/** How long after a step is sent a focus lost to the page is brought back to what is to do. */
const REFOCUS_WITHIN_MS = 10_000;

function valueAt(body: Record<string, unknown>, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>(
      (at, part) => (at && typeof at === 'object' ? (at as Record<string, unknown>)[part] : undefined),
      body,
    );
}

/** The seat's key refused while the player was not leaving: revoked at the desk, or expired. */
const KEY_GONE: LeftNotice = {
  words: 'This seat’s key is no longer valid: ask for a new invitation.',
  alarm: true,
};

export function Table(props: { seat: Seat; onLeave: (notice: LeftNotice) => void }) {
  const { seat, onLeave } = props;
  const api = useMemo(() => new Api(seat.token), [seat.token]);
  const [online, setOnline] = useState(navigator.onLine);
  // Once the player asked to leave, a key refused (the feed ended by the revocation) is the leaving.
  const leaveAsked = useRef(false);
  const failed = useCallback(
    (cause: unknown) => {
      if (cause instanceof ApiError && cause.status === 401) {
        onLeave(leaveAsked.current ? LEFT : KEY_GONE);
        return undefined;
      }
      if (cause instanceof TypeError)
        return 'No connection: what you do is kept on this device and sent when it is back.';
      return messageOf(cause);
    },
    [onLeave],
  );
  const { current, error, liveMode, announcement, refresh } = useFollowedMatch<ContractAnswer>(
    api,
    seat.matchId,
    failed,
    !online,
  );
  const [openForm, setOpenForm] = useState<string>();
  // A refused command opened again: its form, the answers it was sent with, and a new key each time.
  const [refilled, setRefilled] = useState<{
    formId: string;
    answers: Record<string, ChoiceValue>;
    n: number;
  }>();
  // A form opened from its button gives the focus back to that button when it closes (sent or
  // cancelled), or to the must-do heading when the button is gone with it (the turn ended).
  const closedForm = useRef<string | undefined>(undefined);
  const closeForm = useCallback(() => {
    setRefilled(undefined);
    setOpenForm((was) => {
      if (was) closedForm.current = was;
      return undefined;
    });
  }, []);
  // A step sent from a form that stood in the page (an awaited roll) goes when the match is read
  // again, and its form with it: until then, focus lost to the page goes to the must-do heading.
  const sentFrom = useRef(0);
  useLayoutEffect(() => {
    if (Date.now() - sentFrom.current > REFOCUS_WITHIN_MS) return;
    if (!document.activeElement || document.activeElement === document.body) {
      document.getElementById('must-do-heading')?.focus();
    }
  });
  useEffect(() => {
    const was = closedForm.current;
    if (openForm !== undefined || !was) return;
    closedForm.current = undefined;
    const button = document.querySelector<HTMLElement>(`[data-opens="${was}"]`);
    (button ?? document.getElementById('must-do-heading'))?.focus();
  }, [openForm]);
  const [rules, setRules] = useState<RuleText[]>();
  /** A step the player asked for that needs a yes first (it lets an open request lapse). */
  const [toConfirm, setToConfirm] = useState<() => void>();
  const [leaving, setLeaving] = useState(false);
  const [ruleShown, setRuleShown] = useState<string>();

  const shownRevision = useRef(0);
  const outbox = useMemo(
    () =>
      new Outbox(localStorage, outboxKey(seat), (item, sentHere) =>
        sendChecked(
          {
            fetcher: fetch.bind(window),
            token: seat.token,
            matchId: seat.matchId,
            side: seat.side,
            shown: () => shownRevision.current,
          },
          item,
          sentHere,
        ),
      ),
    [seat],
  );
  const [queued, setQueued] = useState<readonly OutboxItem[]>(() => outbox.list());
  // Commands that landed, with the revision the page showed then: their step stays held until the page
  // shows the match after them (the answer is minimal; the page reads the match again to see it).
  const was = useRef<readonly OutboxItem[]>(queued);
  const [landed, setLanded] = useState<{ item: OutboxItem; shown: number }[]>([]);

  // The outbox: shown as it changes, sent on every chance (now, back online, every few seconds).
  useEffect(() => {
    const stop = outbox.subscribe((items) => {
      const gone = was.current.filter(
        (item) => item.state === 'pending' && !items.some((now) => now.commandId === item.commandId),
      );
      was.current = items;
      if (gone.length > 0)
        setLanded((before) => [...before, ...gone.map((item) => ({ item, shown: shownRevision.current }))]);
      setQueued(items);
      void refresh();
    });
    void outbox.flush();
    return () => void stop();
  }, [outbox, refresh]);
  useEffect(() => {
    const up = () => {
      setOnline(true);
      void outbox.flush().then(refresh);
    };
    const down = () => setOnline(false);
    window.addEventListener('online', up);
    window.addEventListener('offline', down);
    const timer = setInterval(() => {
      if (outbox.list().some((item) => item.state === 'pending')) void outbox.flush();
    }, RETRY_MS);
    return () => {
      window.removeEventListener('online', up);
      window.removeEventListener('offline', down);
      clearInterval(timer);
    };
  }, [outbox, refresh]);

  const ruleset = current?.match.ruleset;
  useEffect(() => {
    if (!ruleset) return;
    void fetch(`/rulesets/${encodeURIComponent(ruleset.id)}/${encodeURIComponent(ruleset.version)}/rules`)
      .then((response) => (response.ok ? (response.json() as Promise<RuleText[]>) : []))
      .then(setRules, () => undefined);
  }, [ruleset?.id, ruleset?.version]);

  const latest = current?.match.revision ?? 0;
  shownRevision.current = latest;
  useEffect(() => {
    setLanded((before) => {
      const still = before.filter((entry) => entry.shown >= latest);
      return still.length === before.length ? before : still;
    });
  }, [latest]);

  const vault = useMemo(() => new CommitmentVault(localStorage, sealedKey(seat)), [seat]);
  const send = useCallback(
    async (
      made: Record<string, unknown>,
      template: CommandTemplate,
      finish?: (body: Record<string, unknown>) => Promise<Record<string, unknown>>,
    ) => {
      closeForm();
      sentFrom.current = Date.now();
      const body = withFreshIds(finish ? await finish(made) : made, template.freshIds, outbox.list());
      await outbox.add({
        commandId: String(body.commandId),
        route: template.route,
        body,
        label: template.label,
        action: template.action,
        madeAt: shownRevision.current,
      });
    },
    [outbox, closeForm],
  );
  const taken = useCallback(
    (template: CommandTemplate) => (choice: TemplateChoice, value: ChoiceValue) =>
      queued.some(
        (item) =>
          item.state === 'pending' &&
          item.action === template.action &&
          sameValue(valueAt(item.body, choice.path) as ChoiceValue | undefined, value),
      ),
    [queued],
  );
  // An awaited step already sent from here is held until the page shows the match after it: sent
  // twice, the second would only be refused once the first lands. Told apart by route, action and the
  // template's body. A refused one is held no longer: the player may send the step again.
  const isFor = (template: CommandTemplate) => (item: OutboxItem) =>
    item.route === template.route &&
    item.action === template.action &&
    Object.entries(template.body).every(
      ([key, value]) => JSON.stringify(item.body[key]) === JSON.stringify(value),
    );
  const heldFor = (template: CommandTemplate): string | undefined =>
    queued.some((item) => item.state === 'pending' && isFor(template)(item))
      ? online
        ? 'Sent from this phone: waiting for the service to answer.'
        : 'Kept on this phone: it is sent once the connection is back.'
      : landed.some((entry) => entry.shown >= latest && isFor(template)(entry.item))
        ? 'Sent: the match is being read again.'
        : undefined;
  const onRule = useCallback((ruleId: string) => setRuleShown(ruleId), []);
  const turn = current ? standingOf(current.match.state, current.match).turn : undefined;
  useEffect(() => {
    if (turn !== undefined) vault.forgetBefore(turn);
  }, [vault, turn]);

  if (!current) {
    return (
      <main class="narrow table-page">
        <h1>
          Match <span class="match-id">{seat.matchId}</span>
        </h1>
        {error ? (
          <>
            <p class="error" role="alert">
              {error}
            </p>
            <button type="button" class="big" onClick={() => void refresh()}>
              Try again
            </button>
          </>
        ) : (
          <p aria-live="polite">Loading the match…</p>
        )}
      </main>
    );
  }

  const { match, roster } = current;
  // AA-2: this side's sealed cards, which the log's words name for it, are said as sealed everywhere on
  // this phone; the last outcomes show one only when the player taps it.
  const { entries: hiddenEntries, cards } = hideSealedCards(current.log.entries);
  const log = { ...current.log, entries: hiddenEntries };
  const standing = standingOf(match.state, match);
  const sides = sidesOf(match.state, roster.units);
  const sideName = (id?: string) => sides.find((side) => side.id === id)?.name ?? id ?? '—';
  const rows = unitRows(match.state, roster.units);
  const unitName = (id?: string) => rows.find((row) => row.unitId === id)?.name ?? id;
  const { mustDo, mayDo } = templatesFor(match, seat.side);
  const siblings = [...mustDo, ...mayDo];
  /** A template's form, shown as the presenters say (a ruleset's own step, if any, runs before it is sent). */
  const Form = (p: Omit<FormProps, 'onSend' | 'taken' | 'onRule' | 'presenterFor' | 'describe'>) => {
    const shown = presentTemplate(p.template, siblings, vault, standing.turn, match.state);
    const again = refilled?.formId === p.formId ? refilled : undefined;
    const form = (
      <TemplateForm
        {...p}
        key={again?.n ?? 0}
        takeFocus={p.takeFocus || again !== undefined}
        template={withEventList(withEventSentences(shown.template, log.entries), log.entries)}
        initial={again ? { ...shown.initial, ...again.answers } : shown.initial}
        onSend={(body, t) => {
          const go = () => void send(body, t, shown.finish);
          if (t.ruleId === TURN_RULE && undoWaiting) setToConfirm(() => go);
          else go();
        }}
        taken={taken(p.template)}
        onRule={onRule}
        presenterFor={presenterFor}
        describe={eventOfNumber(log.entries)}
      />
    );
    if (!shown.note) return form;
    return (
      <>
        <p class="note presenter-note" data-testid="presenter-note">
          {shown.note}
        </p>
        {form}
      </>
    );
  };
  const prompts = mayDo.filter((t) => t.action === UNDO_ANSWER);
  // C-5: the request the prompt answers (one is open at a time), the other side's.
  const undoAsked = match.pending?.undoRequests?.find((request) => request.side !== seat.side);
  // This side's own open request: the opponent has not answered it yet.
  const undoWaiting = match.pending?.undoRequests?.find((request) => request.side === seat.side);
  const opponent = sideName(seat.side === 'A' ? 'B' : 'A');
  const listed = mayDo.filter((t) => t.action !== UNDO_ANSWER);
  const others = awaitedFromOthers(match, seat.side);
  const [first, ...moreMustDo] = mustDo;
  // The player's own turn with nothing awaited of anyone: the choices below are theirs to make.
  const freeTurn =
    !first &&
    !standing.ended &&
    !standing.timeCalled?.playOver &&
    others.length === 0 &&
    standing.activeSide === seat.side &&
    listed.some((t) => t.action !== 'dispute' && t.action !== 'undo-request');
  const pending = queued.filter((item) => item.state === 'pending').length;
  // A form keeps its id while the match moves on (another template may appear before it in the list):
  // named for what it does, never for where it stands, or an open form would close under the player.
  const formId = (t: CommandTemplate, place: string) =>
    `f-${place}-${t.action}-${t.unitId ?? ''}-${t.route}`.replace(/[^A-Za-z0-9_-]/g, '_');
  // Two templates alike but for their body (attacks on two defenders by one unit) still get two ids.
  const mayIds = listed.map((template, i) => {
    const id = formId(template, 'may');
    const before = listed.slice(0, i).filter((other) => formId(other, 'may') === id).length;
    return before === 0 ? id : `${id}-${before}`;
  });
  // A refused command the match still offers, opened again with the answers it was sent with (its
  // dice are thrown again): the player mends what was refused rather than filling it all in anew.
  const changeAgain = (item: OutboxItem) => {
    const must = first && isFor(first)(item) ? first : undefined;
    const at = must ? -1 : listed.findIndex((template) => isFor(template)(item));
    const template = must ?? listed[at];
    if (!template) return undefined;
    // Read as the form asks it: a sealing's body holds only its commitment, its card is on this device.
    const shown = presentTemplate(template, siblings, vault, standing.turn, match.state);
    const kept = shown.refill ? shown.refill(item.body) : {};
    if (!kept) return { cannot: CARD_GONE };
    return {
      reopen: () => {
        const answers: Record<string, ChoiceValue> = {};
        for (const choice of shown.template.choices) {
          const value = valueAt(item.body, choice.path);
          if (value !== undefined) answers[choice.path] = value as ChoiceValue;
        }
        Object.assign(answers, kept);
        const id = must ? formId(must, 'must') : mayIds[at]!;
        outbox.dismiss(item.commandId);
        setRefilled((was) => ({ formId: id, answers, n: (was?.n ?? 0) + 1 }));
        if (!must) setOpenForm(id);
      },
    };
  };
  const ruleOf = ruleShown
    ? (rules?.find((r) => r.ruleId === ruleShown) ?? { ruleId: ruleShown })
    : undefined;

  return (
    <main class="table-page" data-revision={latest}>
      <header class="seat-header">
        <div>
          <h1>
            {sideName(seat.side)} <span class="note">side {seat.side}</span>
          </h1>
          <p class="note">
            against {opponent} · match <span class="match-id">{seat.matchId}</span>
          </p>
          <TournamentLink place={current?.match.tournament} />
        </div>
        <span class={`live-mode live-${liveMode}`} data-testid="live-mode">
          {online ? LIVE_LABEL[liveMode] : 'offline'}
        </span>
      </header>

      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}

      {standing.timeCalled && (
        <p class="time-called" role="status" data-testid="time-called">
          {timeCalledNotice(standing.timeCalled)}
        </p>
      )}

      <dl class="chips" aria-label="Where the match stands">
        <StandingChips
          standing={standing}
          activeLabel="To act"
          sideName={sideName}
          unitName={unitName}
          phaseWords={phaseWords}
        />
      </dl>

      <OutboxPanel
        items={queued}
        pending={pending}
        online={online}
        onDismiss={(id) => outbox.dismiss(id)}
        onRule={onRule}
        changeAgain={changeAgain}
        overtaken={(item) => overtakenWords(item.refusal, log.entries, sideName, seat.side)}
      />

      {undoWaiting && (
        <section class="undo-waiting" role="status" aria-labelledby="undo-waiting-heading">
          <h2 id="undo-waiting-heading">Your request to undo is waiting for {opponent}</h2>
          <p data-testid="undo-waiting">
            Back to the match as it stood right after {eventNamed(log.entries, undoWaiting.toRevision)}. Your
            reason: {quotedToEnd(undoWaiting.reason)}
          </p>
          <p class="note">It lapses if the turn ends before {opponent} answers.</p>
        </section>
      )}

      <DisputeNotice
        pending={match.pending}
        entries={log.entries}
        turn={standing.turn}
        ended={standing.ended}
        side={seat.side}
        sideName={sideName}
        onRule={onRule}
      />

      {prompts.map((template, i) => (
        <section class="prompt" aria-label="The other side asks" key={`p${i}`}>
          {undoAsked && (
            <p data-testid="undo-reason">
              {sideName(undoAsked.side)} asks to undo: “{undoAsked.reason}”
            </p>
          )}
          {undoAsked && (
            <p class="note" data-testid="undo-back-to">
              Undoing goes back to the match as it stood right after{' '}
              {eventNamed(log.entries, undoAsked.toRevision)}; what came after stays in the log, struck
              through.
            </p>
          )}
          {Form({ template, formId: formId(template, `p${i}`), held: heldFor(template) })}
        </section>
      ))}

      <section class="must-do" aria-labelledby="must-do-heading" data-testid="must-do">
        <h2 id="must-do-heading" tabIndex={-1}>
          {first
            ? 'Your move'
            : standing.ended
              ? 'The match is over'
              : standing.timeCalled?.playOver
                ? 'Time is up'
                : freeTurn
                  ? 'Your turn'
                  : 'Waiting'}
        </h2>
        {first ? (
          <div key={`${formId(first, 'must')}-${JSON.stringify(first.body)}`}>
            {Form({ template: first, formId: formId(first, 'must'), held: heldFor(first) })}
          </div>
        ) : (
          !standing.ended && (
            <p data-testid="waiting">
              {standing.timeCalled?.playOver
                ? 'No more moves: the judge or the organiser ends the match.'
                : others.length > 0
                  ? `Waiting for ${sideName(others[0]!.side)}: ${others[0]!.label}.`
                  : freeTurn
                    ? 'Nothing is asked of you: choose below what to do.'
                    : standing.activeSide !== seat.side && standing.activeSide !== undefined
                      ? `Waiting for ${sideName(standing.activeSide)} to play${listed.length > 0 ? '; you may still act below' : ''}.`
                      : listed.length > 0
                        ? 'Nothing is asked of you now; you may act below.'
                        : `Waiting for ${sideName(standing.activeSide)}.`}
            </p>
          )
        )}
        {moreMustDo.length > 0 && <p class="note">Then: {moreMustDo.map((t) => t.label).join('; ')}.</p>}
      </section>

      {listed.length > 0 && (
        <section class="may-do" aria-labelledby="may-do-heading">
          <h2 id="may-do-heading">You may</h2>
          <ul class="action-list">
            {listed.map((template, i) => {
              const id = mayIds[i]!;
              const open = openForm === id;
              return (
                <li key={id}>
                  {open ? (
                    Form({ template, formId: id, onCancel: closeForm, takeFocus: true })
                  ) : (
                    <button
                      type="button"
                      class="action"
                      aria-expanded={false}
                      data-opens={id}
                      onClick={() => setOpenForm(id)}
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

      <Outcomes entries={log.entries} cards={cards} onRule={onRule} />

      <UnitCards
        sides={sides}
        rows={rows}
        words={match.unitWords}
        activeSide={standing.ended ? undefined : standing.activeSide}
        nameOf={(id) => rows.find((row) => row.unitId === id)?.name}
      />

      <p>
        <button type="button" class="quiet" onClick={() => setLeaving(true)}>
          Leave this seat
        </button>
      </p>

      {leaving && (
        <LeaveDialog
          online={online}
          pending={pending}
          giveUp={() => {
            leaveAsked.current = true;
            return giveUpSeat(fetch.bind(window), seat.token);
          }}
          onLeft={onLeave}
          onCancel={() => {
            setLeaving(false);
          }}
        />
      )}

      {toConfirm && undoWaiting && (
        <ConfirmDialog
          title="End the turn? Your undo request will lapse"
          confirm="End the turn anyway"
          cancel="Keep waiting"
          testId="confirm-lapse"
          onConfirm={() => {
            setToConfirm(undefined);
            toConfirm();
          }}
          onCancel={() => setToConfirm(undefined)}
        >
          <p>
            Your request to undo is not answered yet by {opponent}. Once the turn ends it can no longer be
            agreed (C-5): what was done stays as it is.
          </p>
        </ConfirmDialog>
      )}

      {ruleOf && <RuleDialog rule={ruleOf} onClose={() => setRuleShown(undefined)} />}

      <div class="sr-only" role="status" aria-live="polite" aria-atomic="true">
        {withoutSealedCards(announcement, current.log.entries)}
      </div>
    </main>
  );
}
