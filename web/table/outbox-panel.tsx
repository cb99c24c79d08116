import type { OutboxItem } from './outbox';
import { RuleLink } from '../shared/rule-link';
import { withoutRuleNamed } from '../shared/rule-named';

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
  changeAgain: (item: OutboxItem) => (() => void) | undefined;
}) {
  if (props.items.length === 0) return null;
  return (
    <section class="outbox" aria-labelledby="outbox-heading" aria-live="polite">
      <h2 id="outbox-heading">
        {props.pending > 0
          ? `${props.pending} waiting to be sent${props.online ? '…' : ' (no connection: kept on this device)'}`
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
                <p>
                  <span class="badge refused">refused</span> {item.label}:{' '}
                  <span class="refusal">
                    {withoutRuleNamed(item.refusal?.message ?? '', item.refusal?.ruleId)}
                  </span>{' '}
                  {item.refusal?.ruleId && <RuleLink ruleId={item.refusal.ruleId} onRule={props.onRule} />}
                </p>
                <ChangeAgain reopen={props.changeAgain(item)} />
                <button type="button" class="quiet" onClick={() => props.onDismiss(item.commandId)}>
                  Dismiss
                </button>
              </div>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}

function ChangeAgain(props: { reopen: (() => void) | undefined }) {
  if (!props.reopen) return null;
  return (
    <button type="button" onClick={props.reopen}>
      Change and send again
    </button>
  );
}
