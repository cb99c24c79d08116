import type { DiceSource } from '../common/dice.js';
import { violation } from '../common/rule-violation.js';
import { rangeThreshold, rollAttack } from './attack.js';
import type { RangedAttack } from './commands.js';
import type { AtomicAfricaEvent } from './events.js';
import { inBaseContact, inCloseCombat, nameOf, requireMatch, requireUnit } from './guards.js';
import { fieldsOf, inches } from './input.js';
import { entry, type AtomicAfricaState } from './state.js';
import { cardHeld } from './close-combat.js';
import { revealEvent } from './decide-orders.js';
import { editionOf } from './edition.js';
import { evolve } from './evolve.js';
import type { Unit } from './units.js';

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
  const edition = editionOf(state);
  // AA-4: a unit in close combat fights through its activation (DeclareIntent), not by shooting. From
  // 2.1.0 a pair already fought out is no close combat to fight; its contact is judged below.
  const fightsInCloseCombat = edition.rangedAttackRefusedInBaseContact
    ? state.closeCombats.some((cc) => !cc.resolved && cc.unitIds.includes(attacker.unitId))
    : inCloseCombat(state, attacker.unitId);
  if (fightsInCloseCombat) {
    violation(
      'AA-4',
      `${attacker.name} is in close combat; it fights by declaring fight or flee`,
      'conflict',
    );
  }
  if (edition.rangedAttackRefusedInBaseContact) {
    // units in contact fire at each other only through their close combat's own attack (AA-10).
    if (inBaseContact(state, attacker.unitId)) {
      violation(
        'Q-27',
        `${attacker.name} is in base contact with an enemy; it makes no ranged attack`,
        'conflict',
      );
    }
    // AA-12, Q-26: in base contact is in close combat, a contact of this turn and a caught flee too.
    if (inBaseContact(state, target.unitId)) {
      violation(
        'AA-12',
        `${target.name} is in base contact with an enemy; units outside it may not fire at it`,
        'conflict',
      );
    }
  } else if (inCloseCombat(state, target.unitId)) {
    violation('AA-12', `${target.name} is in close combat; units outside it may not fire at it`, 'conflict');
  }
  const threshold = rangeThreshold(match.parameters.rangedAttack.rangeBands, rangeInches);
  if (threshold === null) {
    const last = match.parameters.rangedAttack.rangeBands.at(-1)?.upTo;
    violation('AA-11', `no attack beyond ${String(last)} inches`, 'invalid');
  }
  let before = state;
  const events: AtomicAfricaEvent[] = [];
  if (edition.rangedAttackIsActivation) {
    const reveal = asActivation(state, attacker, data);
    if (reveal) {
      events.push(reveal);
      before = evolve(state, reveal);
      // the card clashed, so the unit has no card and cannot activate; the clash stands.
      if (reveal.type === 'OrderClashed') return events;
    }
  } else if (['card', 'salt', 'specialAction'].some((field) => data[field] !== undefined)) {
    violation('AA-11', 'a ranged attack carries no card under this ruleset version', 'invalid');
  }
  const outcome = rollAttack(
    match.parameters.rangedAttack,
    {
      firepower: attacker.firepower,
      massFire: announced(before, attacker.unitId) === 'mass-fire',
      targetDugIn: announced(before, target.unitId) === 'dig-in',
      threshold,
      side: attacker.side,
      purpose: `ranged attack by ${attacker.unitId} on ${target.unitId}`,
    },
    dice,
  );
  return [
    ...events,
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

/**
 * Q-24 (version 2): a ranged attack is the attacker's activation: a unit of the active side, once a
 * turn, with a card for the turn (revealed by the attack when still sealed), and not after it fled, was
 * caught or fought a close combat this turn. Returns the reveal the attack makes, if any.
 */
function asActivation(
  state: AtomicAfricaState,
  attacker: Unit,
  data: Record<string, unknown>,
): AtomicAfricaEvent | undefined {
  const id = attacker.unitId;
  if (attacker.side !== state.activeSide) {
    violation(
      'Q-24',
      `a ranged attack is an activation: ${nameOf(state, id)} fires in its own side's turn`,
      'conflict',
    );
  }
  if ((state.activated ?? []).includes(id)) {
    violation('Q-24', `${nameOf(state, id)} has already activated this turn`, 'conflict');
  }
  if (state.closeCombats.some((cc) => cc.resolved && cc.unitIds.includes(id))) {
    violation(
      'Q-24',
      `${nameOf(state, id)} fled, was caught or fought a close combat this turn: it does not fire`,
      'conflict',
    );
  }
  const order = cardHeld(state, id);
  if (!order)
    violation(
      'Q-21',
      `${nameOf(state, id)} has no card for turn ${state.turn}: it cannot activate`,
      'conflict',
    );
  if (!order.revealed) return revealEvent(state, attacker, order, data, false);
  if (['card', 'salt', 'specialAction'].some((field) => data[field] !== undefined)) {
    violation('AA-5', `the card of ${nameOf(state, id)} is already revealed`, 'invalid');
  }
  return undefined;
}
