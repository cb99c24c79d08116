import type { ChoiceOption, CommandTemplate } from '../../shared/contract';
import type { ChoicePresenter } from '../../shared/template-form';
import { CardPicker, isCardChoice } from './card-picker';
import { CommitmentVault, type Shown, withCommitment } from './commitment';

export { CommitmentVault, type Shown };
export { phaseWords } from '../../shared/phase-words';

export type { ChoicePresenter };

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

/**
 * How a whole template is shown: most as they are; one a ruleset's own step applies to (a commitment
 * computed on this device, a reveal filled in from what this device kept) with that step.
 */
export function presentTemplate(
  template: CommandTemplate,
  siblings: readonly CommandTemplate[],
  vault: CommitmentVault,
  turn: number | undefined,
  state: unknown,
): Shown {
  return withCommitment(template, siblings, vault, turn, state) ?? { template };
}
