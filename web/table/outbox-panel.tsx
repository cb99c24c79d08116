import type { OutboxItem } from './outbox';
import { RuleLink } from '../shared/rule-link';

/** Commands made here and not yet answered: pending ones wait to be sent; refused ones say why. */
export function OutboxPanel(props: {
  items: readonly OutboxItem[];
  pending: number;
  online: boolean;
  onDismiss: (commandId: string) => void;
  onRule: (ruleId: string) => void;
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
                  <span class="refusal">{item.refusal?.message}</span>{' '}
                  {item.refusal?.ruleId && <RuleLink ruleId={item.refusal.ruleId} onRule={props.onRule} />}
                </p>
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
