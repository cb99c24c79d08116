import { assertNever, violation, type DiceSource } from '../common/index.js';
import { requireAwaited, requireNothingAwaited } from './awaiting.js';
import type { TakeMoraleTest } from './commands.js';
import type { HandToHandEvent, MoraleTested } from './events.js';
import { requireInteger, requireOneOf, requireText } from './input.js';
import { editionOf } from './edition.js';
import { meleeImpactOf, rollMoraleTest } from './morale-test.js';
import { findCharge, nameOf, nextTurnOf, requireActiveUnit, type MatchState } from './state.js';
import { TEST_CAUSES } from './vocabulary.js';

/** HH-14: a rout removes the unit whatever caused the test. */
function routRemoves(test: MoraleTested): HandToHandEvent[] {
  return test.data.outcome === 'rout'
    ? [{ type: 'UnitRemoved', data: { unitId: test.data.unitId, reason: 'rout', ruleId: 'HH-14' } }]
    : [];
}

/** HH-8: the pending defender tests against base morale minus the impact. */
function decideMeleeTest(state: MatchState, unitId: string, dice: DiceSource): HandToHandEvent[] {
  const step = requireAwaited(state, 'morale-test', (awaited) => awaited.unitId === unitId, {
    ruleId: 'HH-8',
    message: `${nameOf(state, unitId)} has no melee morale test to take`,
  });
  const charge = findCharge(state, step.chargeId);
  const impact = meleeImpactOf(state, step.chargeId);
  if (charge === undefined || impact === null) {
    throw new Error(`awaited morale test of unit ${unitId} has no impact in charge ${step.chargeId}`);
  }
  const unit = requireActiveUnit(state, unitId);
  const attacker = requireActiveUnit(state, charge.attackerId, 'attackerId');
  const test = rollMoraleTest(
    state,
    { unit, cause: 'melee', chargeId: charge.chargeId, impact, penalty: null },
    dice,
  );
  const events: HandToHandEvent[] = [test];
  if (!test.data.passed) {
    // HH-17 / Q-6: the defender failed, so the attacker is victorious; its +1 is for its owner's next turn.
    events.push({
      type: 'AttackerVictorious',
      data: { chargeId: charge.chargeId, unitId: attacker.unitId, inTurn: nextTurnOf(state, attacker.side) },
    });
  }
  return [...events, ...routRemoves(test)];
}

/** HH-18: requested by the players with the shooting's penalty; shooting itself is outside these rules. */
function decideShootingTest(
  state: MatchState,
  unitId: string,
  penalty: number,
  dice: DiceSource,
): HandToHandEvent[] {
  requireNothingAwaited(state);
  const unit = requireActiveUnit(state, unitId);
  // HH-4: shooting comes before the melee phase; once a charge is declared this turn, it is over.
  if (state.charges.length > 0) {
    violation('HH-4', `the melee phase of turn ${state.turn} has begun; shooting tests come before it`);
  }
  const test = rollMoraleTest(
    state,
    { unit, cause: 'shooting', chargeId: null, impact: null, penalty },
    dice,
  );
  return [test, ...routRemoves(test)];
}

/** HH-13 / Q-13: the broken unit's follow-up test, against its base morale, with the doubles rule. */
function decideRallyTest(state: MatchState, unitId: string, dice: DiceSource): HandToHandEvent[] {
  requireAwaited(state, 'rally-test', (awaited) => awaited.unitId === unitId, {
    ruleId: 'HH-13',
    message: `${nameOf(state, unitId)} has no rally test due`,
  });
  const unit = requireActiveUnit(state, unitId);
  const test = rollMoraleTest(
    state,
    { unit, cause: 'rally', chargeId: null, impact: null, penalty: null },
    dice,
  );
  if (!test.data.passed) {
    return [test, { type: 'UnitRemoved', data: { unitId, reason: 'failed-rally', ruleId: 'HH-13' } }];
  }
  return [
    test,
    {
      type: 'UnitRallied',
      data: {
        unitId,
        restrictions: [
          { restriction: 'move', inTurn: state.turn, ruleId: 'HH-13' },
          { restriction: 'fire', inTurn: state.turn, ruleId: 'HH-13' },
          // nor does it attack that turn, neither charging nor fighting back (it may be attacked).
          ...(editionOf(state).rallyBarsAttack
            ? [{ restriction: 'attack' as const, inTurn: state.turn, ruleId: 'Q-18' }]
            : []),
        ],
      },
    },
  ];
}

export function decideTakeMoraleTest(
  state: MatchState,
  command: TakeMoraleTest,
  dice: DiceSource,
): HandToHandEvent[] {
  const unitId = requireText(command.unitId, 'unitId');
  const cause = requireOneOf(command.cause, 'cause', TEST_CAUSES, 'HH-2');
  if (cause !== 'shooting' && command.penalty !== undefined) {
    violation('HH-18', `penalty is only for a shooting test, not a ${cause} test`, 'invalid');
  }
  switch (cause) {
    case 'melee':
      return decideMeleeTest(state, unitId, dice);
    case 'shooting': {
      const penalty = command.penalty === undefined ? 0 : requireInteger(command.penalty, 'penalty', 'HH-18');
      if (penalty < 0) violation('HH-18', `penalty must be 0 or more; got ${penalty}`, 'invalid');
      return decideShootingTest(state, unitId, penalty, dice);
    }
    case 'rally':
      return decideRallyTest(state, unitId, dice);
    default:
      return assertNever(cause, 'test cause');
  }
}
