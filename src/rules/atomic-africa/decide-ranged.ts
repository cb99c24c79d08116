import type { DiceSource } from '../common/dice.js';
import { violation } from '../common/rule-violation.js';
import { rangeThreshold, rollAttack } from './attack.js';
import type { RangedAttack } from './commands.js';
import type { AtomicAfricaEvent } from './events.js';
import { inCloseCombat, requireMatch, requireUnit } from './guards.js';
import { fieldsOf, inches } from './input.js';
import { entry, type AtomicAfricaState } from './state.js';

/** The special action a unit's card announced this turn, once revealed; hidden cards count for nothing. */
function announced(state: AtomicAfricaState, unitId: string): string | null {
  const order = entry(state.orders, unitId);
  return order && order.revealed ? order.specialAction : null;
}

/** AA-11 stand-in shooting; AA-12 no fire into a close combat from outside it. */
export function rangedAttack(
  state: AtomicAfricaState,
  command: RangedAttack,
  dice: DiceSource,
): AtomicAfricaEvent[] {
  const match = requireMatch(state);
  const data = fieldsOf(command);
  const attacker = requireUnit(state, data.attackerId, 'attackerId');
  const target = requireUnit(state, data.targetId, 'targetId');
  const rangeInches = inches(data.rangeInches, 'rangeInches', 'AA-11');
  if (attacker.side === target.side) violation('AA-11', 'a ranged attack targets an enemy unit', 'invalid');
  if (state.activation) {
    const { activating, reacting } = state.activation;
    violation(
      'AA-4',
      `the close combat of ${activating.unitId} and ${reacting.unitId} is resolved first`,
      'conflict',
    );
  }
  // AA-4: a unit in close combat fights through its activation (DeclareIntent), not by shooting.
  if (inCloseCombat(state, attacker.unitId)) {
    violation(
      'AA-4',
      `unit ${attacker.unitId} is in close combat; it fights by declaring fight or flee`,
      'conflict',
    );
  }
  if (inCloseCombat(state, target.unitId)) {
    violation(
      'AA-12',
      `unit ${target.unitId} is in close combat; units outside it may not fire at it`,
      'conflict',
    );
  }
  const threshold = rangeThreshold(match.parameters.rangedAttack.rangeBands, rangeInches);
  if (threshold === null) {
    const last = match.parameters.rangedAttack.rangeBands.at(-1)?.upTo;
    violation('AA-11', `no attack beyond ${String(last)} inches`, 'invalid');
  }
  const outcome = rollAttack(
    match.parameters.rangedAttack,
    {
      firepower: attacker.firepower,
      massFire: announced(state, attacker.unitId) === 'mass-fire',
      targetDugIn: announced(state, target.unitId) === 'dig-in',
      threshold,
      side: attacker.side,
      purpose: `ranged attack by ${attacker.unitId} on ${target.unitId}`,
    },
    dice,
  );
  return [
    {
      type: 'RangedAttackRolled',
      data: {
        attackerId: attacker.unitId,
        targetId: target.unitId,
        turn: state.turn,
        rangeInches,
        ...outcome,
      },
    },
  ];
}
