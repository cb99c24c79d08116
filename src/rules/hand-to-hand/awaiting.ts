import { assertNever, violation } from '../common/index.js';
import type { AwaitedStep, MatchState } from './state.js';

export function describeStep(step: AwaitedStep): string {
  switch (step.step) {
    case 'impact-roll':
      if (step.ruleId === 'Q-17') {
        return `the first impact roll, of charge ${step.chargeId} by unit ${step.unitId} (side ${step.side}), or more declarations`;
      }
      return `the impact roll of charge ${step.chargeId} by unit ${step.unitId} (side ${step.side})`;
    case 'morale-test':
      return `the melee morale test of unit ${step.unitId} (side ${step.side})`;
    case 'give-ground-report':
      return `side ${step.side}'s report of how unit ${step.unitId} gave ground after its ${step.outcome}`;
    case 'rally-test':
      return `the rally test of broken unit ${step.unitId} (side ${step.side})`;
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
  if (first !== undefined) violation(first.ruleId, `the match is waiting for ${describeStep(first)}`);
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
  if (first !== undefined) violation(first.ruleId, `the match is waiting for ${describeStep(first)}`);
  return violation(fallback.ruleId, fallback.message);
}
