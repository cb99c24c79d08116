import type { FunctionComponent } from 'preact';
import type { ChoiceOption, ChoiceValue, TemplateChoice } from '../contract';
import { CardPicker, isCardChoice } from './card-picker';

/** How a one-of choice is shown: the page's own buttons, or a ruleset's presentation of its own. */
export type ChoicePresenter = FunctionComponent<{
  choice: TemplateChoice;
  options: readonly ChoiceOption[];
  chosen: (value: ChoiceValue) => boolean;
  onChoose: (value: ChoiceValue) => void;
  /** Given already by another command of this side not yet sent (one card, one unit: AA-1). */
  taken: (value: ChoiceValue) => boolean;
}>;

/**
 * The one place a ruleset's own presentation is kept: each picker says which choices it shows by
 * their shape (never by a ruleset's or a command's name). A choice no picker claims gets plain buttons.
 */
const PRESENTERS: { fits: (options: readonly ChoiceOption[]) => boolean; presenter: ChoicePresenter }[] = [
  { fits: isCardChoice, presenter: CardPicker },
];

export function presenterFor(options: readonly ChoiceOption[]): ChoicePresenter | undefined {
  return PRESENTERS.find((entry) => entry.fits(options))?.presenter;
}
