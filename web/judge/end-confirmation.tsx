import type { CommandTemplate } from '../shared/contract';

/**
 * The judge's last look before a match ends (C-4): what the result will be, and that nothing can be
 * played, undone or backed up afterwards. Ending is sent only from here; "Go back" returns to the
 * form as it was filled.
 */
export function EndConfirmation(props: {
  template: CommandTemplate;
  body: Record<string, unknown>;
  sideName: (side?: string) => string;
  onConfirm: () => void;
  onBack: () => void;
}) {
  const { body } = props;
  const winner = body.winner === 'draw' ? 'a draw' : `${props.sideName(String(body.winner))} wins`;
  const note = typeof body.note === 'string' && body.note !== '' ? body.note : undefined;
  return (
    <div class="end-confirmation template-form" role="group" aria-labelledby="end-confirm-title">
      <h3 id="end-confirm-title" tabIndex={-1}>
        End the match: {winner}?
      </h3>
      <p id="end-confirm-what">
        This cannot be undone: once ended, the match takes no more commands, no undo and no backup, and its
        result stands{note ? ` (note: “${note}”)` : ''}.
      </p>
      <div class="form-actions">
        <button type="button" class="primary" aria-describedby="end-confirm-what" onClick={props.onConfirm}>
          Yes, end the match
        </button>
        <button type="button" class="quiet" onClick={props.onBack}>
          Go back
        </button>
      </div>
    </div>
  );
}
