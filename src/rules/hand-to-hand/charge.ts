import { violation, type DiceSource } from '../common/index.js';
import { describeStep, requireNothingAwaited } from './awaiting.js';
import type { Charge } from './commands.js';
import type { HandToHandEvent } from './events.js';
import { requireOneOf, requireText } from './input.js';
import { pendingSteps } from './declarations.js';
import { editionOf } from './edition.js';
import { judgeTwoDice } from './morale-test.js';
import {
  declarationsClosed,
  isRestricted,
  nameOf,
  requireActiveUnit,
  type Contact,
  type MatchState,
  type UnitState,
} from './state.js';
import { surrenderEvents, surrenders } from './surrender.js';
import { ASPECTS, SLOPES, type Aspect, type ChargeKind } from './vocabulary.js';

/** Why a unit may not attack, by the rule that bars it. */
const NO_ATTACK_BECAUSE: Readonly<Record<string, string>> = {
  'Q-18': 'rallied this turn and makes no attack in it',
  'Q-19': 'withdrew from contact in its movement and does not charge this turn',
};

/**
 * Whether a new attack may be declared now. Version 1.0.0 resolves one charge wholly before the next
 * (its README's "one charge at a time"); from 2.0.0 (Q-17) the declarations stay open until the first
 * impact roll, and only a step that is no melee's (a rally test) holds them up.
 */
function requireDeclarationsOpen(state: MatchState): void {
  if (!editionOf(state).declareBeforeResolve) {
    requireNothingAwaited(state);
    return;
  }
  if (declarationsClosed(state)) {
    violation(
      'Q-17',
      `the declarations of turn ${state.turn}'s melee phase closed at its first impact roll; attacks are declared before any is resolved`,
    );
  }
  const [pending] = pendingSteps(state);
  if (pending !== undefined)
    violation(pending.ruleId, `the match is waiting for ${describeStep(state, pending)}`);
}

/**
 * HH-10: a unit already in contact may attack only an enemy touching its front. Such an attack is a
 * fight-back: the units are already in contact, so there is no willpower test (HH-5 is taken "before
 * contact") and no charge bonus, and the aspect is the one the contact already has.
 */
function kindOfAttack(
  state: MatchState,
  attacker: UnitState,
  defender: UnitState,
  aspect: Aspect,
): ChargeKind {
  if (attacker.contacts.length === 0) return 'charge';
  const toItsFront = attacker.contacts.some((c) => c.aspect === 'front' && c.unitId === defender.unitId);
  if (!toItsFront) {
    const front = attacker.contacts.filter((c) => c.aspect === 'front').map((c) => nameOf(state, c.unitId));
    violation(
      'HH-10',
      front.length === 0
        ? `${attacker.name} is engaged and has no enemy to its front; it may only fight the enemy to its front`
        : `${attacker.name} is engaged and may only fight the enemy to its front (${front.join(', ')}), not ${defender.name}`,
    );
  }
  const touching = defender.contacts.find((c) => c.unitId === attacker.unitId);
  if (touching !== undefined && touching.aspect !== aspect) {
    violation(
      'HH-10',
      `${attacker.name} is in contact with the ${touching.aspect} of ${defender.name}, not its ${aspect}`,
    );
  }
  return 'fight-back';
}

export function decideCharge(state: MatchState, command: Charge, dice: DiceSource): HandToHandEvent[] {
  const chargeId = requireText(command.chargeId, 'chargeId');
  const attackerId = requireText(command.attackerId, 'attackerId');
  const defenderId = requireText(command.defenderId, 'defenderId');
  const aspect = requireOneOf(command.aspect, 'aspect', ASPECTS, 'HH-4');
  const slope = requireOneOf(command.slope, 'slope', SLOPES, 'Q-14');
  if (attackerId === defenderId)
    violation('HH-4', `attackerId and defenderId: a unit cannot charge itself`, 'invalid');
  // Unique within the melee phase, which is all a charge id has to tell apart: a match's state does
  // not carry every id it ever used (its size would grow with the match).
  if (state.charges.some((charge) => charge.chargeId === chargeId))
    violation('C-6', `chargeId ${chargeId} is already used in this melee phase`);
  requireDeclarationsOpen(state);

  const attacker = requireActiveUnit(state, attackerId, 'attackerId');
  const defender = requireActiveUnit(state, defenderId, 'defenderId');
  if (attacker.side !== state.activeSide) {
    violation(
      'C-4',
      `${attacker.name} is of ${state.sides[attacker.side]}; only ${state.sides[state.activeSide]} attack in turn ${state.turn}`,
    );
  }
  if (defender.side === attacker.side) {
    violation('HH-4', `${attacker.name} and ${defender.name} are on the same side`, 'invalid');
  }
  if (attacker.broken) violation('HH-13', `${attacker.name} is broken and cannot attack`);
  if (isRestricted(attacker.cannotAttack, state.turn)) {
    const { ruleId } = attacker.cannotAttack;
    violation(
      ruleId,
      `${attacker.name} ${NO_ATTACK_BECAUSE[ruleId] ?? `cannot attack in turn ${state.turn}`}`,
    );
  }
  // HH-4: each unit attacks once in a melee phase (a stuck-reform repeat belongs to the same charge).
  if (state.charges.some((c) => c.attackerId === attackerId)) {
    violation('HH-4', `${attacker.name} has already attacked in this melee phase`);
  }

  const kind = kindOfAttack(state, attacker, defender, aspect);
  if (kind === 'charge') {
    // A charge is a move forward: a unit that may not move or advance this turn may not charge.
    if (isRestricted(attacker.cannotMove, state.turn)) {
      violation(attacker.cannotMove.ruleId, `${attacker.name} may not move in turn ${state.turn}`);
    }
    if (isRestricted(attacker.cannotAdvance, state.turn)) {
      violation(attacker.cannotAdvance.ruleId, `${attacker.name} may not advance in turn ${state.turn}`);
    }
  }

  const events: HandToHandEvent[] = [
    {
      type: 'ChargeDeclared',
      data: { chargeId, attackerId, defenderId, aspect, slope, kind, turn: state.turn },
    },
  ];

  if (kind === 'charge') {
    // HH-5 / Q-4
    const roll = dice.roll({ purpose: 'willpower', count: 2, side: attacker.side });
    const judged = judgeTwoDice(
      roll.faces,
      attacker.baseMorale,
      state.parameters.options.willpowerDoublesAutoPass,
    );
    events.push({
      type: 'WillpowerTested',
      data: { chargeId, unitId: attackerId, roll, morale: attacker.baseMorale, ...judged },
    });
    if (!judged.passed) {
      // Q-3: the charge falters; no contact, no impact.
      events.push({ type: 'ChargeFaltered', data: { chargeId, attackerId, defenderId } });
      return events;
    }
  }

  events.push({ type: 'ContactMade', data: { chargeId, attackerId, defenderId, aspect, turn: state.turn } });
  // Q-17: from 2.0.0 surrender waits for the close of the declarations.
  if (editionOf(state).declareBeforeResolve) return events;

  // HH-9, 1.0.0: judged as each charge makes contact.
  const contactsAfter: Contact[] = [
    ...defender.contacts.filter((c) => c.unitId !== attackerId),
    { unitId: attackerId, aspect, sinceTurn: state.turn },
  ];
  if (surrenders(contactsAfter, state.turn))
    events.push(...surrenderEvents(chargeId, defender, contactsAfter));
  return events;
}
