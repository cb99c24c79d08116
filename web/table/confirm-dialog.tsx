import type { ComponentChildren } from 'preact';
import { useEffect, useRef } from 'preact/hooks';

/**
 * A question put before a step that cannot be taken back: what it will cost, said in words, and two
 * answers. The safe answer has the focus, so that a stray Enter keeps things as they are; Escape (or
 * closing the dialog any other way) is the safe answer too. Focus returns to where it was.
 */
export function ConfirmDialog(props: {
  title: string;
  children: ComponentChildren;
  confirm: string;
  cancel: string;
  onConfirm: () => void;
  onCancel: () => void;
  testId?: string;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const confirmed = useRef(false);
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);
  const close = (yes: boolean) => {
    confirmed.current = yes;
    dialog.current?.close();
  };
  return (
    <dialog
      ref={dialog}
      class="confirm-dialog"
      aria-labelledby="confirm-title"
      aria-describedby="confirm-body"
      data-testid={props.testId}
      onClose={() => (confirmed.current ? props.onConfirm() : props.onCancel())}
    >
      <h2 id="confirm-title">{props.title}</h2>
      <div id="confirm-body">{props.children}</div>
      <div class="form-actions">
        <button type="button" class="primary" autoFocus onClick={() => close(false)}>
          {props.cancel}
        </button>
        <button type="button" class="quiet" onClick={() => close(true)}>
          {props.confirm}
        </button>
      </div>
    </dialog>
  );
}
