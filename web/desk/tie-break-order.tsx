import { useLayoutEffect, useRef, useState } from 'preact/hooks';

/** The tie-breaks after points the service knows, with the desk's words for them. */
export const TIE_BREAK_LABELS = {
  buchholz: 'Buchholz (opponents’ points)',
  'median-buchholz': 'Median Buchholz',
  'sonneborn-berger': 'Sonneborn–Berger',
  'head-to-head': 'Head-to-head',
  wins: 'Wins',
} as const;

export type TieBreakId = keyof typeof TIE_BREAK_LABELS;

export interface TieBreakChoice {
  id: TieBreakId;
  on: boolean;
}

/** The service's default (docs/tournaments.md): the first four, in that order; wins not ticked. */
export const DEFAULT_TIE_BREAKS: TieBreakChoice[] = [
  { id: 'buchholz', on: true },
  { id: 'median-buchholz', on: true },
  { id: 'sonneborn-berger', on: true },
  { id: 'head-to-head', on: true },
  { id: 'wins', on: false },
];

/** What the tournament is created with: the ticked ones, in the order shown. */
export function tieBreaksSent(choices: TieBreakChoice[]): TieBreakId[] {
  return choices.filter((c) => c.on).map((c) => c.id);
}

/** The list with the choice at `from` moved one place up (-1) or down (+1); unchanged at either end. */
export function moved(choices: TieBreakChoice[], from: number, by: -1 | 1): TieBreakChoice[] {
  const to = from + by;
  if (to < 0 || to >= choices.length) return choices;
  const next = [...choices];
  [next[from], next[to]] = [next[to]!, next[from]!];
  return next;
}

const ORDINALS = ['1st', '2nd', '3rd', '4th', '5th'];

/**
 * The tie-breaks as an ordered list: each ticked or not, and moved up or down with its own buttons
 * (named for the tie-break, so a screen reader says which). The order shown is the order sent. After a
 * move the focus stays on the button pressed, at the tie-break's new place (or on its other button when
 * that one reached an end), and a live note says where it is now.
 */
export function TieBreakOrder(props: {
  choices: TieBreakChoice[];
  onChange: (choices: TieBreakChoice[]) => void;
}) {
  const { choices } = props;
  const [focusAfter, setFocusAfter] = useState<{ id: TieBreakId; by: -1 | 1 }>();
  const [said, setSaid] = useState('');
  const list = useRef<HTMLOListElement>(null);
  // Before paint, so that the focus is never seen (or announced) elsewhere.
  useLayoutEffect(() => {
    if (!focusAfter || !list.current) return;
    const at = (by: -1 | 1) =>
      list.current!.querySelector<HTMLButtonElement>(
        `button[data-tie-break="${focusAfter.id}"][data-by="${by}"]`,
      );
    const same = at(focusAfter.by);
    (same && !same.disabled ? same : at(focusAfter.by === -1 ? 1 : -1))?.focus();
    setFocusAfter(undefined);
  }, [focusAfter]);
  const ticked = tieBreaksSent(choices);
  const move = (index: number, by: -1 | 1) => {
    const choice = choices[index]!;
    const next = moved(choices, index, by);
    props.onChange(next);
    setFocusAfter({ id: choice.id, by });
    const rank = tieBreaksSent(next).indexOf(choice.id);
    setSaid(
      `${TIE_BREAK_LABELS[choice.id]} is now ${ORDINALS[index + by]} in the list` +
        (rank >= 0 ? `, applied ${ORDINALS[rank]}.` : ', not used.'),
    );
  };
  return (
    <>
      <ol class="tie-break-order" ref={list}>
        {choices.map((choice, index) => {
          const label = TIE_BREAK_LABELS[choice.id];
          const rank = ticked.indexOf(choice.id);
          return (
            <li key={choice.id}>
              <label class="choice">
                <input
                  name={`tb-${choice.id}`}
                  type="checkbox"
                  checked={choice.on}
                  onChange={(e) =>
                    props.onChange(
                      choices.map((c) => (c.id === choice.id ? { ...c, on: e.currentTarget.checked } : c)),
                    )
                  }
                />
                <span>{label}</span>
              </label>
              <span class="note tie-break-rank" aria-hidden="true">
                {rank >= 0 ? ORDINALS[rank] : 'not used'}
              </span>
              <span class="tie-break-moves">
                <button
                  type="button"
                  class="quiet"
                  data-tie-break={choice.id}
                  data-by="-1"
                  aria-label={`Move ${label} up`}
                  disabled={index === 0}
                  onClick={() => move(index, -1)}
                >
                  ↑
                </button>
                <button
                  type="button"
                  class="quiet"
                  data-tie-break={choice.id}
                  data-by="1"
                  aria-label={`Move ${label} down`}
                  disabled={index === choices.length - 1}
                  onClick={() => move(index, 1)}
                >
                  ↓
                </button>
              </span>
            </li>
          );
        })}
      </ol>
      <p class="sr-only" aria-live="polite">
        {said}
      </p>
    </>
  );
}
