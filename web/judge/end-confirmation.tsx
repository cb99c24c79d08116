import type { CommandTemplate } from '../shared/contract';
import type { Pending } from '../shared/match-view';
import { possessive } from '../shared/possessive';

type Dispute = NonNullable<Pending['disputes']>[number];

/**
 * The judge's last look before a match ends (C-4): what the result will be, that nothing can be
 * played, undone or backed up afterwards, and what is still open. An open dispute outlives the end
 * (it may still be ruled on), but its ruling can then no longer back the match up, so it cannot change
 * the result; an open undo request can no longer be answered. Each open dispute offers its ruling
 * first. Ending is sent only from here; "Go back" returns to the form as it was filled.
 */
export function EndConfirmation(props: {
  template: CommandTemplate;
  body: Record<string, unknown>;
  sideName: (side?: string) => string;
  /** The match's open disputes and undo requests, as it stands now. */
  pending: Pending | undefined;
  /** "event 7 (Z1’s impact on N1 …)". */
  eventName: (revision: number) => string;
  /** Opens the ruling on a dispute; undefined for one this key is not offered a ruling on. */
  ruleOn: (disputeId: string) => (() => void) | undefined;
  onConfirm: () => void;
  onBack: () => void;
}) {
  const { body } = props;
  const winner = body.winner === 'draw' ? 'a draw' : `a win for ${props.sideName(String(body.winner))}`;
  const note = typeof body.note === 'string' && body.note !== '' ? body.note : undefined;
  const disputes = props.pending?.disputes ?? [];
  const undos = props.pending?.undoRequests?.length ?? 0;
  const described = ['end-confirm-what', ...(disputes.length > 0 ? ['end-confirm-disputes'] : [])];
  return (
    <div class="end-confirmation confirmation template-form" role="group" aria-labelledby="end-confirm-title">
      <h3 id="end-confirm-title" tabIndex={-1}>
        End the match: {winner}?
      </h3>
      {disputes.length > 0 && (
        <div class="open-disputes">
          <p id="end-confirm-disputes">
            <strong>
              {disputes.length === 1
                ? '1 dispute is still open'
                : `${disputes.length} disputes are still open`}
            </strong>
            , not ruled on. Ending the match leaves {disputes.length === 1 ? 'it' : 'them'} open: a judge may
            still rule afterwards, but a ruling can then no longer back the match up, so upholding{' '}
            {disputes.length === 1 ? 'it' : 'one'} will not change the result (C-4).
          </p>
          <ul>
            {disputes.map((d) => (
              <OpenDispute
                key={d.disputeId}
                dispute={d}
                sideName={props.sideName}
                eventName={props.eventName}
                ruleOn={props.ruleOn}
              />
            ))}
          </ul>
        </div>
      )}
      {undos > 0 && (
        <p>
          {undos === 1 ? 'An undo request is' : `${undos} undo requests are`} still waiting for an answer:
          after the end {undos === 1 ? 'it' : 'they'} can no longer be answered.
        </p>
      )}
      <p id="end-confirm-what">
        This cannot be undone: once ended, the match takes no more commands, no undo and no backup, and its
        result stands{note ? ` (note: “${note}”)` : ''}.
      </p>
      <div class="form-actions">
        <button
          type="button"
          class="primary"
          aria-describedby={described.join(' ')}
          onClick={props.onConfirm}
        >
          Yes, end the match
        </button>
        <button type="button" class="quiet" onClick={props.onBack}>
          Go back
        </button>
      </div>
    </div>
  );
}

/** "Romans’ dispute of event 7 (…): “the impact die showed 1”", and the way to rule on it first. */
function OpenDispute(props: {
  dispute: Dispute;
  sideName: (side?: string) => string;
  eventName: (revision: number) => string;
  ruleOn: (disputeId: string) => (() => void) | undefined;
}) {
  const { dispute } = props;
  const rule = props.ruleOn(dispute.disputeId);
  const id = `end-open-${dispute.disputeId}`.replace(/[^A-Za-z0-9_-]/g, '_');
  return (
    <li data-open-dispute={dispute.disputeId}>
      <span id={id}>
        {possessive(props.sideName(dispute.side))} dispute of {props.eventName(dispute.revision)}: “
        {dispute.claim}”
      </span>{' '}
      {rule && (
        <button type="button" class="quiet" aria-describedby={id} onClick={rule}>
          Rule on it first
        </button>
      )}
    </li>
  );
}
