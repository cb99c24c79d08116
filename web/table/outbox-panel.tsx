import type { OutboxItem } from './outbox';
import { RuleLink } from '../shared/rule-link';
import { withoutRuleNamed } from '../shared/rule-named';

/** A refused step the match offers again: how to open its form filled in, or why it cannot be. */
export type Again = { reopen: () => void } | { cannot: string };

/**
 * Commands made here and not yet answered: pending ones wait to be sent; refused ones say why, and
 * one the match still offers may be opened again with the answers it was sent with.
 */
export function OutboxPanel(props: {
  items: readonly OutboxItem[];
  pending: number;
  online: boolean;
  onDismiss: (commandId: string) => void;
  onRule: (ruleId: string) => void;
  /** Reopens a refused command's form, filled in as it was sent; absent when the match no longer offers it. */
  changeAgain: (item: OutboxItem) => Again | undefined;
  /** What another device playing this side did first, when that is why the step was refused or kept back. */
  overtaken: (item: OutboxItem) => string | undefined;
}) {
  if (props.items.length === 0) return null;
  return (
    <section class="outbox" aria-labelledby="outbox-heading" aria-live="polite">
      <h2 id="outbox-heading">
        {props.pending > 0
          ? `${props.pending} waiting to be sent${props.online ? '…' : ' (no connection: kept on this device)'}`
          : props.items.every((item) => item.refusal?.notSent)
            ? 'Not sent'
            : 'Refused'}
      </h2>
      <ol>
        {props.items.map((item) => (
          <li key={item.commandId} class={`outbox-${item.state}`} data-command-id={item.commandId}>
            {item.state === 'pending' ? (
              <span>
                <span class="badge">pending</span> {item.label}
              </span>
            ) : (
              <div role="alert">
                <Refused item={item} overtaken={props.overtaken(item)} onRule={props.onRule} />
                <Choices
                  item={item}
                  again={props.changeAgain(item)}
                  dismiss={() => props.onDismiss(item.commandId)}
                />
              </div>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}

/**
 * A refusal: the step on a line of its own, then why, in sentences of their own. When another device
 * playing this side sent a step first, that is said first and the service's reason after it; a step
 * kept back unsent says only why.
 */
function Refused(props: {
  item: OutboxItem;
  overtaken: string | undefined;
  onRule: (ruleId: string) => void;
}) {
  const { item, overtaken } = props;
  const refusal = item.refusal;
  const reason = (
    <>
      <span class="refusal">{withoutRuleNamed(refusal?.message ?? '', refusal?.ruleId)}</span>{' '}
      {refusal?.ruleId && <RuleLink ruleId={refusal.ruleId} onRule={props.onRule} />}
    </>
  );
  const step = (
    <p class="outbox-step">
      <span class="badge refused">{refusal?.notSent ? 'not sent' : 'refused'}</span>{' '}
      <span class="step-label">{item.label}</span>
    </p>
  );
  if (refusal?.notSent)
    return (
      <>
        {step}
        <p class="overtaken" data-testid="overtaken">
          {overtaken ?? 'The match no longer takes it.'}
        </p>
      </>
    );
  if (overtaken)
    return (
      <>
        {step}
        <p class="overtaken" data-testid="overtaken">
          {overtaken}
        </p>
        <p class="note">The service said: {reason}</p>
      </>
    );
  return (
    <>
      {step}
      <p>Reason: {reason}</p>
    </>
  );
}

/**
 * What the player may do with a refused step: put it aside, or open it again when the match offers it.
 * An undo request kept back because the opponent already answered it (C-5) is put aside first: agreed,
 * the match already went back; declined, asking the very same question again is a choice the player
 * makes on purpose, offered second and by its own name.
 */
function Choices(props: { item: OutboxItem; again: Again | undefined; dismiss: () => void }) {
  const { item, again, dismiss } = props;
  const reopen = again && 'reopen' in again ? again.reopen : undefined;
  const notSent = item.refusal?.notSent;
  if (notSent?.kind === 'undo-answered')
    return (
      <div class="outbox-choices">
        <button type="button" onClick={dismiss}>
          Dismiss
        </button>
        {reopen && notSent.answer === 'declined' && (
          <button
            type="button"
            class="quiet"
            aria-label={`Ask again to undo back to event ${String(notSent.toRevision)}`}
            onClick={reopen}
          >
            Ask again
          </button>
        )}
      </div>
    );
  return (
    <>
      {again && 'cannot' in again && (
        <p class="note" data-testid="cannot-reopen">
          {again.cannot}
        </p>
      )}
      <div class="outbox-choices">
        {reopen && (
          <button type="button" onClick={reopen}>
            Change and send again
          </button>
        )}
        <button type="button" class="quiet" onClick={dismiss}>
          Dismiss
        </button>
      </div>
    </>
  );
}
