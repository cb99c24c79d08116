import { useLayoutEffect, useRef } from 'preact/hooks';
import type { DiceNeeded } from '../../src/rules/common/play-contract';

/**
 * Table dice (C-1): the faces rolled at the table, tapped in, exactly as many as the step needs. The
 * last face tapped disables the faces, the one focused among them: the focus goes on to the form's
 * Send once it can be pressed, else to "Take back the last die", never to the page itself.
 */
export function DiceEntry(props: {
  dice: DiceNeeded;
  faces: readonly number[];
  onFaces: (faces: number[]) => void;
  idPrefix: string;
}) {
  const { dice, faces, onFaces } = props;
  const full = faces.length >= dice.count;
  const fieldset = useRef<HTMLFieldSetElement>(null);
  const tappedLast = useRef(false);
  useLayoutEffect(() => {
    if (!full || !tappedLast.current) return;
    tappedLast.current = false;
    const send = fieldset.current?.form?.querySelector<HTMLButtonElement>(
      'button[type="submit"]:not([disabled])',
    );
    (send ?? fieldset.current?.querySelector<HTMLButtonElement>('.take-back'))?.focus();
  }, [full]);
  return (
    <fieldset class="dice-entry" ref={fieldset}>
      <legend>
        Tap the {dice.count === 1 ? 'die' : `${dice.count} dice`} rolled for the {dice.purpose}{' '}
        <span class="note">({dice.ruleId})</span>
      </legend>
      <div class="faces" role="group" aria-label="Faces">
        {Array.from({ length: dice.sides }, (_, i) => i + 1).map((face) => (
          <button
            type="button"
            class="face"
            key={face}
            disabled={full}
            aria-label={`Rolled a ${face}`}
            onClick={() => {
              tappedLast.current = faces.length + 1 >= dice.count;
              onFaces([...faces, face]);
            }}
          >
            {face}
          </button>
        ))}
      </div>
      <p class="entered" aria-live="polite" id={`${props.idPrefix}-faces`}>
        {faces.length === 0 ? (
          <span class="note">No dice entered yet.</span>
        ) : (
          <>
            Entered: <strong>{faces.join(dice.read === 'each' ? ', ' : ' + ')}</strong>{' '}
            {faces.length > 1 && dice.read !== 'each' && (
              <span class="note">(total {faces.reduce((a, b) => a + b, 0)})</span>
            )}
          </>
        )}
        {faces.length > 0 && (
          <button type="button" class="quiet take-back" onClick={() => onFaces(faces.slice(0, -1))}>
            Take back the last die
          </button>
        )}
      </p>
    </fieldset>
  );
}
