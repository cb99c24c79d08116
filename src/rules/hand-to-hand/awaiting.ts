import { assertNever, violation } from '../common/index.js';
import { possessive } from '../common/turn-log.js';
import { nameOf, type AwaitedStep, type MatchState } from './state.js';

/** An awaited step as a refusal names it to the players: units and sides by their names. */
export function describeStep(state: MatchState, step: AwaitedStep): string {
  const unit = nameOf(state, step.unitId);
  const side = state.sides[step.side];
  switch (step.step) {
    case 'impact-roll': {
      const charge = state.charges.find((c) => c.chargeId === step.chargeId);
      const attack =
        charge === undefined
          ? `${possessive(unit)} attack`
          : `${possessive(unit)} attack on ${nameOf(state, charge.defenderId)}`;
      if (step.ruleId === 'Q-17')
        return `the first impact roll, of ${attack} (${side}), or more declarations`;
      return `the impact roll of ${attack} (${side})`;
    }
    case 'morale-test':
      return `the melee morale test of ${unit} (${side})`;
    case 'give-ground-report':
      return `${possessive(side)} report of how ${unit} gave ground after its ${step.outcome}`;
    case 'rally-test':
      return `the rally test of ${unit}, broken (${side})`;
    default:
      return assertNever(step, 'awaited step');
  }
}

/**
 * One step resolves at a time (HH-9: charges in declared order): a command that starts something new
 * is refused while the match waits, under the rule id of the step it waits for.
 */
export function requireNothingAwaited(state: MatchState): void {
  const [first] = state.awaiting;
  if (first !== undefined) violation(first.ruleId, `the match is waiting for ${describeStep(state, first)}`);
}

/**
 * Finds the awaited step this command answers. If there is none: the step the match does wait for
 * names the rule, or, when it waits for nothing, the fallback does.
 */
export function requireAwaited<S extends AwaitedStep['step']>(
  state: MatchState,
  step: S,
  matches: (awaited: Extract<AwaitedStep, { step: S }>) => boolean,
  fallback: { ruleId: string; message: string },
): Extract<AwaitedStep, { step: S }> {
  const steps = state.awaiting;
  const found = steps.find(
    (awaited): awaited is Extract<AwaitedStep, { step: S }> =>
      awaited.step === step && matches(awaited as Extract<AwaitedStep, { step: S }>),
  );
  if (found !== undefined) return found;
  const [first] = steps;
  if (first !== undefined) violation(first.ruleId, `the match is waiting for ${describeStep(state, first)}`);
  return violation(fallback.ruleId, fallback.message);
}
