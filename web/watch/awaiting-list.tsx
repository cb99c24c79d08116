import type { AwaitedStep } from '../shared/match-view';
import { labelOf } from '../shared/match-view';

/** What the match waits for, and from whom: the ruleset's own list, in words. */
export function AwaitingList(props: {
  steps: AwaitedStep[];
  ended: boolean;
  sideName: (id?: string) => string;
  unitName: (id?: string) => string | undefined;
}) {
  return (
    <section aria-labelledby="awaiting-heading" class="awaiting">
      <h2 id="awaiting-heading">Awaited</h2>
      {props.steps.length === 0 ? (
        <p class="note">
          {props.ended ? 'The match has ended.' : 'Nothing in particular: the active side plays on.'}
        </p>
      ) : (
        <ul>
          {props.steps.map((step, index) => (
            <li key={index} data-step={step.step}>
              {step.label ? (
                // The ruleset's own words name the units and the charge or close combat.
                <strong>{step.label}</strong>
              ) : (
                <>
                  {/* The command says what to do (TakeMoraleTest); the step is only its route's name. */}
                  <strong>{labelOf(step.command ?? step.step)}</strong>
                  {step.unitId && <> for the {props.unitName(step.unitId) ?? step.unitId}</>}
                </>
              )}
              {step.side && <>, from {props.sideName(step.side)}</>}
              {!step.label && step.combat && (
                <span class="combat">
                  {' '}
                  {step.combat.kind === 'charge'
                    ? `(charge ${step.combat.chargeId})`
                    : `(close combat ${step.combat.unitIds.map((id) => props.unitName(id) ?? id).join(' / ')})`}
                </span>
              )}
              {step.extra.length > 0 && (
                <span class="note">
                  {' '}
                  ({step.extra.map((fact) => `${fact.label} ${fact.text}`).join(', ')})
                </span>
              )}
              {step.ruleId && <span class="rule-id">{step.ruleId}</span>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
