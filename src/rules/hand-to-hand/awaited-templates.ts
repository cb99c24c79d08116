import { assertNever } from '../common/index.js';
import type { DiceNeeded, TemplateDraft } from '../common/play-contract.js';
import { closesWithoutImpact } from './declarations.js';
import { effectiveMoraleOf, meleeImpactOf, passesOnWords } from './morale-test.js';
import { findUnit, nameOf, type AwaitedStep, type HandToHandState, type MatchState } from './state.js';

/**
 * The play contract's awaited steps as command templates: each body is exactly what the route's DTO
 * accepts (the body schemas of declared-commands.ts), with every field the match already knows filled in.
 * Nothing in hand-to-hand is hidden, so every viewer gets the same templates.
 */

/** C-1: the dice a step rolls; table faces go in the body's `dice`. */
export function diceFor(state: MatchState, count: number, purpose: string, ruleId: string): DiceNeeded {
  return state.diceMode === 'table'
    ? { source: 'table', count, sides: 6, purpose, ruleId, path: 'dice' }
    : { source: 'server', count, sides: 6, purpose, ruleId };
}

/** HH-2 / Q-1: what a morale test against `target` needs, the match's doubles rule included. */
const needs = (state: MatchState, target: number) =>
  passesOnWords(target, state.parameters.options.doublesAutoPass);

function template(state: MatchState, step: AwaitedStep): TemplateDraft {
  const { side, unitId, ruleId } = step;
  const combat =
    step.chargeId === null ? {} : { combat: { kind: 'charge' as const, chargeId: step.chargeId } };
  const unit = nameOf(state, unitId);
  switch (step.step) {
    case 'impact-roll': {
      const charge = state.charges.find((c) => c.chargeId === step.chargeId);
      const target = charge === undefined ? '' : ` on ${nameOf(state, charge.defenderId)}`;
      // Q-17 (from 2.1.0): the closing roll that leaves no attack to strike records the surrenders, no die.
      const noDie = ruleId === 'Q-17' && closesWithoutImpact(state);
      // Q-17: the first roll closes the declarations; an attack not declared before it is not made.
      const first = ruleId === 'Q-17' ? ' (the first roll: declare every other attack before it)' : '';
      return {
        action: noDie ? 'close-declarations' : 'impact-roll',
        label: noDie
          ? `Close the declarations: judge the surrenders (no die)`
          : `Roll the impact of ${unit}${target}${first}`,
        command: 'RollImpact',
        side,
        body: { chargeId: step.chargeId },
        choices: [],
        ...(noDie ? {} : { dice: diceFor(state, 1, 'impact roll', 'HH-7') }),
        ruleId,
        unitId,
        ...combat,
      };
    }
    case 'morale-test': {
      // HH-8: the target said before the roll is the one the test is decided against.
      const impact = meleeImpactOf(state, step.chargeId);
      const tested = findUnit(state, unitId);
      return {
        action: 'morale-test',
        label: `Take the melee morale test of ${unit}${tested && impact !== null ? `: ${needs(state, effectiveMoraleOf(tested, impact, null))}` : ''}`,
        command: 'TakeMoraleTest',
        side,
        body: { unitId, cause: 'melee' },
        choices: [],
        dice: diceFor(state, 2, 'morale test', 'HH-8'),
        ruleId,
        unitId,
        ...combat,
      };
    }
    case 'give-ground-report':
      return {
        action: 'give-ground-report',
        label: `Report how ${unit} gave ground after its ${step.outcome}`,
        command: 'ReportGiveGround',
        side,
        // HH-15: only a unit that moved can have left the table, so leftTable stays false unless asked.
        body: { unitId, leftTable: false },
        choices: [
          { path: 'couldMove', label: 'Could it move back?', kind: 'yes-no' },
          {
            path: 'leftTable',
            label: 'Did it leave the table?',
            kind: 'yes-no',
            when: { path: 'couldMove', value: true },
          },
        ],
        ruleId,
        unitId,
        ...combat,
      };
    case 'rally-test': {
      // HH-13 / Q-13: against base morale, the doubles rule included.
      const tested = findUnit(state, unitId);
      return {
        action: 'rally-test',
        label: `Take the rally test of ${unit}${tested ? `: ${needs(state, effectiveMoraleOf(tested, null, null))}` : ''}`,
        command: 'TakeMoraleTest',
        side,
        body: { unitId, cause: 'rally' },
        choices: [],
        dice: diceFor(state, 2, 'rally test', 'HH-13'),
        ruleId,
        unitId,
      };
    }
    default:
      return assertNever(step, 'awaited step');
  }
}

/** Each step of awaiting(), in the same order, as a command template. */
export function awaitedTemplates(state: HandToHandState): TemplateDraft[] {
  if (!state.created) return [];
  return state.awaiting.map((step) => template(state, step));
}
