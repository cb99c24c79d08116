import { useCallback, useEffect, useMemo, useState } from 'preact/hooks';
import { Api, ApiError } from '../shared/api';
import { messageOf } from '../shared/live';
import { useFollowedMatch } from '../shared/use-followed-match';
import { sidesOf, standingOf } from '../shared/match-view';
import { TurnLog } from '../shared/turn-log';
import { VerifyPanel } from '../shared/verify-panel';
import type { CommandTemplate, ContractAnswer } from '../shared/contract';
import { RuleDialog, type RuleText } from '../shared/rule-link';
import { TemplateForm } from '../shared/template-form';
import { eventNamed, withEventSentences } from '../shared/event-labels';

/**
 * One match for a judge: its open disputes and undo requests first, what this key may do (rule on a
 * dispute, back the match up, end it) as forms built from the play contract, the whole log with every
 * die, and verification in the browser.
 */
export function MatchDesk(props: {
  apiKey: string;
  matchId: string;
  onBack: () => void;
  onForgetKey: (why?: string) => void;
}) {
  const { matchId } = props;
  const api = useMemo(() => new Api(props.apiKey), [props.apiKey]);
  const [said, setSaid] = useState<string>();
  const [open, setOpen] = useState<string>();
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
  const ruleset = match?.ruleset;
  useEffect(() => {
    if (!ruleset) return;
    void fetch(`/rulesets/${encodeURIComponent(ruleset.id)}/${encodeURIComponent(ruleset.version)}/rules`)
      .then((response) => (response.ok ? (response.json() as Promise<RuleText[]>) : []))
      .then(setRules, () => undefined);
  }, [ruleset?.id, ruleset?.version]);

  const send = async (body: Record<string, unknown>, template: CommandTemplate) => {
    try {
      await api.post(template.route, body);
      setSaid(`Done: ${template.label}.`);
      setOpen(undefined);
      await refresh();
    } catch (cause) {
      const rule = cause instanceof ApiError && cause.ruleId ? ` (${cause.ruleId})` : '';
      setSaid(`Refused: ${messageOf(cause)}${rule}`);
    }
  };

  if (!match || !log) {
    return (
      <main class="table-page">
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
  const sides = sidesOf(match.state, []);
  const sideName = (id?: string) => sides.find((side) => side.id === id)?.name ?? id ?? '—';
  const mine = (match.available ?? []).filter((t) => t.role !== undefined && t.side === undefined);
  const disputes = match.pending?.disputes ?? [];
  const undos = match.pending?.undoRequests ?? [];
  const ruleOf = ruleShown
    ? (rules?.find((r) => r.ruleId === ruleShown) ?? { ruleId: ruleShown })
    : undefined;

  return (
    <main class="table-page judge-page">
      <p>
        <button type="button" class="quiet" onClick={props.onBack}>
          All matches
        </button>
      </p>
      <h1>
        Match <span class="match-id">{matchId}</span>
      </h1>
      <p class="note">
        {ruleset ? `${ruleset.id} ${ruleset.version}` : ''} · {sides.map((s) => s.name).join(' against ')} ·
        turn {standing.turn ?? '—'} · {standing.ended ? 'ended' : `${sideName(standing.activeSide)} to act`}
      </p>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      <p role="status" aria-live="polite" data-testid="judge-said">
        {said}
      </p>

      <section class="must-do" aria-labelledby="open-heading">
        <h2 id="open-heading">Open disputes and undo requests</h2>
        {disputes.length + undos.length === 0 ? (
          <p>None.</p>
        ) : (
          <ul>
            {disputes.map((d) => (
              <li key={d.disputeId} data-dispute={d.disputeId}>
                Dispute {d.disputeId} by {sideName(d.side)} about {eventNamed(log.entries, d.revision)}: “
                {d.claim}”
              </li>
            ))}
            {undos.map((u) => (
              <li key={u.requestId}>
                {sideName(u.side)} asks to undo back to {eventNamed(log.entries, u.toRevision)}: “{u.reason}”
              </li>
            ))}
          </ul>
        )}
      </section>

      {mine.length > 0 && (
        <section class="may-do" aria-labelledby="judge-actions-heading">
          <h2 id="judge-actions-heading">You may</h2>
          <ul class="action-list">
            {mine.map((template, i) => {
              const id = `j-${i}-${template.action}`.replace(/[^A-Za-z0-9_-]/g, '_');
              return (
                <li key={`${template.route}-${template.action}-${i}`}>
                  {open === id ? (
                    <TemplateForm
                      template={withEventSentences(template, log.entries)}
                      formId={id}
                      onSend={(body, t) => void send(body, t)}
                      taken={() => false}
                      onRule={setRuleShown}
                      onCancel={() => setOpen(undefined)}
                    />
                  ) : (
                    <button type="button" class="action" onClick={() => setOpen(id)}>
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
      {ruleOf && <RuleDialog rule={ruleOf} onClose={() => setRuleShown(undefined)} />}
    </main>
  );
}
