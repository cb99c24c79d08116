import type { ChoiceOption } from '../../shared/contract';
import type { ChoicePresenter } from './index';

/*
 * Orders cards (an Atomic Africa order) shown as a hand of cards, grouped by suit, instead of a long
 * list of buttons. Chosen by the choice's shape alone: a one-of whose every option is labelled as a
 * playing card (A, 2–10, J, Q, K with a suit sign, or a Joker).
 */
const CARD_LABEL = /^(?:(A|[2-9]|10|J|Q|K)([♣♦♥♠])|(red|black) Joker)$/i;
const SUITS = ['♠', '♥', '♦', '♣'] as const;
const SUIT_NAME: Record<string, string> = { '♠': 'spades', '♥': 'hearts', '♦': 'diamonds', '♣': 'clubs' };
/** A card's rank as it is said aloud: a screen reader reads "A of spades" as the article. */
const RANK_NAME: Record<string, string> = { A: 'Ace', J: 'Jack', Q: 'Queen', K: 'King' };
/** Each row of the hand named for its suit, so that a screen reader can skip from suit to suit. */
const GROUP_NAME: Record<string, string> = {
  '♠': 'Spades',
  '♥': 'Hearts',
  '♦': 'Diamonds',
  '♣': 'Clubs',
  Joker: 'Jokers',
};

export function isCardChoice(options: readonly ChoiceOption[]): boolean {
  return options.length > 0 && options.every((option) => CARD_LABEL.test(option.label));
}

function suitOf(label: string): string {
  const match = CARD_LABEL.exec(label);
  return match?.[2] ?? 'Joker';
}

function spoken(label: string): string {
  const match = CARD_LABEL.exec(label);
  if (!match) return label;
  if (match[3]) return `${match[3]} Joker`;
  const rank = match[1]!.toUpperCase();
  return `${RANK_NAME[rank] ?? rank} of ${SUIT_NAME[match[2]!]}`;
}

export const CardPicker: ChoicePresenter = ({ choice, options, chosen, onChoose, taken }) => {
  const groups = [...SUITS, 'Joker'].map((suit) => ({
    suit,
    cards: options.filter((option) => suitOf(option.label) === suit),
  }));
  return (
    <fieldset class="card-picker">
      <legend>{choice.label}</legend>
      {groups
        .filter((group) => group.cards.length > 0)
        .map((group) => (
          <div
            class={`card-row suit-${SUIT_NAME[group.suit] ?? 'joker'}`}
            key={group.suit}
            role="group"
            aria-label={GROUP_NAME[group.suit]}
          >
            {group.cards.map((option) => {
              const label = option.label;
              const isTaken = taken(option.value);
              return (
                <button
                  type="button"
                  key={label}
                  class="card"
                  aria-pressed={chosen(option.value)}
                  aria-label={isTaken ? `${spoken(label)}, given to another unit` : spoken(label)}
                  disabled={isTaken}
                  onClick={() => onChoose(option.value)}
                >
                  {label}
                </button>
              );
            })}
          </div>
        ))}
    </fieldset>
  );
};
