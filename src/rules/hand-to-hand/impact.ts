import { sum, type DiceSource } from '../common/index.js';
import { requireAwaited } from './awaiting.js';
import type { RollImpact } from './commands.js';
import type { HandToHandEvent, ImpactModifier } from './events.js';
import { closingEvents } from './declarations.js';
import { editionOf } from './edition.js';
import { applied } from './evolve.js';
import { requireText } from './input.js';
import {
  declarationsClosed,
  findCharge,
  requireActiveUnit,
  type ChargeState,
  type MatchState,
  type UnitState,
} from './state.js';

/**
 * HH-7: every factor that applies, each with the rule that grants it, so the log shows the arithmetic.
 * Flank and rear are counted once, though the source names them twice.
 */
export function impactModifiers(
  state: MatchState,
  charge: ChargeState,
  attacker: UnitState,
  defender: UnitState,
): ImpactModifier[] {
  const m = state.parameters.modifiers;
  const modifiers: ImpactModifier[] = [];
  // HH-10: a fight-back is no charge.
  if (charge.kind === 'charge') modifiers.push({ name: 'charge', value: m.charge, ruleId: 'HH-7' });
  if (charge.aspect === 'left-flank' || charge.aspect === 'right-flank') {
    modifiers.push({ name: 'flank', value: m.flank, ruleId: 'HH-7' });
  }
  if (charge.aspect === 'rear') modifiers.push({ name: 'rear', value: m.rear, ruleId: 'HH-7' });
  // the slope is the attacker's position relative to the defender.
  if (charge.slope === 'uphill') modifiers.push({ name: 'uphill', value: m.uphill, ruleId: 'HH-7' });
  if (charge.slope === 'downhill') modifiers.push({ name: 'downhill', value: m.downhill, ruleId: 'HH-7' });
  // HH-17: only in the turn the victory named (the owner's next turn after it). From 2.0.0 the attack
  // keeps the victory it was declared with, so a repeated impact counts it again.
  const victorious = editionOf(state).repeatedImpactCountsVictorious
    ? charge.victorious === true
    : attacker.victoriousInTurn === state.turn;
  if (victorious) {
    modifiers.push({ name: 'victorious', value: m.victorious, ruleId: 'HH-17' });
  }
  // HH-11 / HH-12: any enemy attacking the unit in that enemy side's next turn.
  const bonus = defender.impactBonusAgainst;
  if (bonus !== null && bonus.inTurn === state.turn) {
    modifiers.push({
      name: bonus.ruleId === 'HH-12' ? 'retreat bonus' : 'reform bonus',
      value: bonus.value,
      ruleId: bonus.ruleId,
    });
  }
  // HH-11 / Q-12: +1 on each repeated impact, not cumulative.
  if (defender.stuckReformCount > 0) {
    modifiers.push({ name: 'repeated impact', value: m.repeatedImpact, ruleId: 'HH-11' });
  }
  return modifiers;
}

export function decideRollImpact(
  state: MatchState,
  command: RollImpact,
  dice: DiceSource,
): HandToHandEvent[] {
  const chargeId = requireText(command.chargeId, 'chargeId');
  requireAwaited(state, 'impact-roll', (step) => step.chargeId === chargeId, {
    ruleId: 'HH-7',
    message: `charge ${chargeId} is not waiting for an impact roll`,
  });
  if (editionOf(state).declareBeforeResolve && !declarationsClosed(state)) {
    return closeDeclarations(state, chargeId, dice);
  }
  return rollImpact(state, chargeId, dice);
}

/**
 * the first impact roll closes the declarations. Surrender (HH-9) is judged then, once, before any
 * impact, and the attacks ahead of this one whose defender surrendered end without an impact; this one
 * strikes (the match awaits the first attack that still strikes, so the one named here does). From
 * 2.1.0, when no attack would strike, the match awaits the first declared one, and its roll records the
 * closing alone and asks for no die.
 */
function closeDeclarations(state: MatchState, chargeId: string, dice: DiceSource): HandToHandEvent[] {
  const closing = closingEvents(state);
  const closed = applied(state, closing);
  if (findCharge(closed, chargeId)?.status !== 'contact') return closing;
  return [...closing, ...rollImpact(closed, chargeId, dice)];
}

function rollImpact(state: MatchState, chargeId: string, dice: DiceSource): HandToHandEvent[] {
  const charge = findCharge(state, chargeId);
  if (charge === undefined) throw new Error(`awaited charge ${chargeId} is not in the current phase`);
  const attacker = requireActiveUnit(state, charge.attackerId, 'attackerId');
  const defender = requireActiveUnit(state, charge.defenderId, 'defenderId');

  const modifiers = impactModifiers(state, charge, attacker, defender);
  // HH-6: only the attacker strikes.
  const roll = dice.roll({ purpose: 'impact', count: 1, side: attacker.side });
  const die = sum(roll.faces);
  const total = die + sum(modifiers.map((modifier) => modifier.value));
  return [
    {
      type: 'ImpactRolled',
      data: {
        chargeId,
        attackerId: attacker.unitId,
        defenderId: defender.unitId,
        roll,
        die,
        modifiers,
        total,
        //
        impact: Math.max(0, total),
        repeat: defender.stuckReformCount > 0,
      },
    },
  ];
}
