import type { Dispute } from './ruling';

/**
 * Asked once more before a dispute is upheld with no event to back up to (C-5): such a ruling is
 * recorded and changes nothing in the match, so the disputed event and all after it stay in force.
 * "Go back" returns to the ruling as it was filled, to choose an event.
 */
export function UpholdConfirmation(props: {
  dispute: Dispute | undefined;
  /** "event 5 (N1 fails its morale test …)". */
  eventName: (revision: number) => string;
  suggestion?: number;
  onConfirm: () => void;
  onBack: () => void;
}) {
  const disputed = props.dispute ? props.eventName(props.dispute.revision) : 'the disputed event';
  return (
    <div
      class="end-confirmation confirmation template-form"
      role="group"
      aria-labelledby="uphold-confirm-title"
    >
      <h3 id="uphold-confirm-title" tabIndex={-1}>
        Uphold without backing the match up?
      </h3>
      <p id="uphold-confirm-what">
        Nothing in the match changes; the ruling is recorded. {capital(disputed)} and every event after it
        stay in force.
        {props.suggestion !== undefined
          ? ` To take it back, go back and choose an event to back up to (suggested: after event ${props.suggestion}).`
          : ''}
      </p>
      <div class="form-actions">
        <button
          type="button"
          class="primary"
          aria-describedby="uphold-confirm-what"
          onClick={props.onConfirm}
        >
          Yes, uphold without backing up
        </button>
        <button type="button" class="quiet" onClick={props.onBack}>
          Go back
        </button>
      </div>
    </div>
  );
}

const capital = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
