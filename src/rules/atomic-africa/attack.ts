import type { DiceRoll, DiceSource } from '../common/dice.js';
import type { Side } from '../common/sides.js';
import type { RangeBand, RangedAttackParameters } from './parameters.js';

/** AA-10: when both stay, or a pursuit caught the fleeing unit, no range is measured and the threshold is 1. */
export const CONTACT_THRESHOLD = 1;

/** AA-11: the threshold of the first band the range falls in; null beyond the last band (no attack). */
export function rangeThreshold(bands: readonly RangeBand[], rangeInches: number): number | null {
  const band = bands.find((b) => rangeInches <= b.upTo);
  return band ? band.threshold : null;
}

/** Everything an attack was decided on and what came of it, recorded whole in the event (C-1, C-3). */
export interface AttackOutcome {
  firepower: number;
  /** Mass Fire announced by the attacker: dice multiplied. */
  massFire: boolean;
  /** Dig-in announced by the target: each hit needs more. */
  targetDugIn: boolean;
  diceCount: number;
  /** The face a die needs to hit. */
  hitOn: number;
  threshold: number;
  /** Null when there were no dice to roll (firepower 0): nothing is asked of the dice source. */
  roll: DiceRoll | null;
  hits: number;
  /** The hits reached the range threshold. */
  suppressed: boolean;
}

export interface AttackInput {
  firepower: number;
  massFire: boolean;
  targetDugIn: boolean;
  threshold: number;
  side: Side;
  purpose: string;
}

/** AA-11 stand-in: one D6 per firepower point (Mass Fire multiplies), hits on hitOn+ (Dig-in raises it). */
export function rollAttack(
  parameters: RangedAttackParameters,
  input: AttackInput,
  dice: DiceSource,
): AttackOutcome {
  const diceCount = input.firepower * (input.massFire ? parameters.massFireDiceMultiplier : 1);
  const hitOn = parameters.hitOn + (input.targetDugIn ? parameters.digInHitModifier : 0);
  const roll =
    diceCount > 0 ? dice.roll({ purpose: input.purpose, count: diceCount, side: input.side }) : null;
  const hits = roll ? roll.faces.filter((face) => face >= hitOn).length : 0;
  return {
    firepower: input.firepower,
    massFire: input.massFire,
    targetDugIn: input.targetDugIn,
    diceCount,
    hitOn,
    threshold: input.threshold,
    roll,
    hits,
    suppressed: hits >= input.threshold,
  };
}
