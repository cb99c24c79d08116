import type { Side } from '../common/sides.js';
import { CONTACT_THRESHOLD, rangeThreshold } from './attack.js';
import { postureOf } from './cards.js';
import type { AtomicAfricaEvent } from './events.js';
import { allowsMovement, effectiveMovement } from './special-actions.js';
import { entry, type Activation, type AtomicAfricaState, type Combatant, type Order } from './state.js';

/** What the close combat being resolved waits for, and from which side. Shown to every viewer. */
export type AwaitedStep =
  | { step: 'declare'; unitId: string; side: Side }
  | { step: 'reveal'; unitId: string; side: Side }
  | { step: 'pursue'; unitId: string; side: Side }
  | { step: 'break-off'; unitId: string; side: Side; rangeNeeded: boolean }
  | { step: 'attack'; unitId: string; side: Side };

/**
 * The next move in a close combat: either input from a player, or an event the service records on
 * its own because the facts and the dice already decide it (nobody types in an outcome).
 */
export type Progress =
  | { kind: 'awaiting'; steps: AwaitedStep[] }
  | { kind: 'automatic'; event: AtomicAfricaEvent }
  | { kind: 'idle' };

export function combatants(activation: Activation): [Combatant, Combatant] {
  return [activation.activating, activation.reacting];
}

export function opponentIn(activation: Activation, unitId: string): Combatant {
  return activation.activating.unitId === unitId ? activation.reacting : activation.activating;
}

export function orderOf(state: AtomicAfricaState, unitId: string): Order {
  const order = entry(state.orders, unitId);
  if (!order) throw new Error(`no order for ${unitId} in an activation`);
  return order;
}

/** The order as revealed: only ever called once the card is public. */
function revealedCard(state: AtomicAfricaState, unitId: string) {
  const order = orderOf(state, unitId);
  if (!order.revealed || order.card === null) throw new Error(`the order of ${unitId} is not revealed`);
  return { card: order.card, specialAction: order.specialAction };
}

export function movementAllowed(state: AtomicAfricaState, unitId: string): boolean {
  const { card, specialAction } = revealedCard(state, unitId);
  return allowsMovement(card, specialAction);
}

export function movementOf(state: AtomicAfricaState, unitId: string): number {
  const unit = entry(state.units, unitId);
  if (!unit || !state.match) throw new Error(`unknown unit ${unitId}`);
  return effectiveMovement(
    unit.movement,
    revealedCard(state, unitId).specialAction,
    state.match.parameters.sprintMultiplier,
  );
}

/** AA-9, Q-15: a unit broke off and was not caught by a pursuit. */
export function escapes(activation: Activation, combatant: Combatant): boolean {
  return combatant.flee === 'stands' && activation.pursuit?.outcome !== 'thwarted';
}

/**
 * AA-10: the range threshold of an attack on `target`: from the reported range when the target broke
 * off and escaped, else 1 (both stay, or caught). Null beyond the last band: no attack (AA-11).
 */
export function thresholdAgainst(
  state: AtomicAfricaState,
  activation: Activation,
  target: Combatant,
): number | null {
  if (!escapes(activation, target)) return CONTACT_THRESHOLD;
  if (target.rangeInches === null || !state.match) {
    throw new Error('range of an escaped unit is not reported');
  }
  return rangeThreshold(state.match.parameters.rangedAttack.rangeBands, target.rangeInches);
}

export function progress(state: AtomicAfricaState): Progress {
  const activation = state.activation;
  if (!activation || !state.match) return { kind: 'idle' };
  const { activating, reacting } = activation;
  const both = combatants(activation);
  const step = (kind: 'declare' | 'reveal' | 'pursue' | 'attack', c: Combatant): AwaitedStep => ({
    step: kind,
    unitId: c.unitId,
    side: c.side,
  });

  // AA-4: the activating player declared when opening the activation; now the reacting player.
  if (reacting.intent === null) return { kind: 'awaiting', steps: [step('declare', reacting)] };

  // AA-5: both cards, in either order.
  const unrevealed = both.filter((c) => !orderOf(state, c.unitId).revealed);
  if (unrevealed.length > 0) {
    return { kind: 'awaiting', steps: unrevealed.map((c) => step('reveal', c)) };
  }

  // AA-6, Q-8, Q-9: every flee is judged on the revealed card.
  const unjudged = both.find((c) => c.intent === 'flee' && c.flee === null);
  if (unjudged) {
    const { card } = revealedCard(state, unjudged.unitId);
    const canMove = movementAllowed(state, unjudged.unitId);
    const posture = postureOf(card, state.match.parameters.jokerPosture);
    return {
      kind: 'automatic',
      event: {
        type: 'FleeJudged',
        data: {
          unitId: unjudged.unitId,
          turn: activation.turn,
          verdict: canMove && posture === 'defensive' ? 'stands' : 'refused',
          allowsMovement: canMove,
          posture,
        },
      },
    };
  }

  // AA-9: a lone fleeing unit may be pursued by an opponent whose card allows movement. When both
  // break off there is nobody left to pursue.
  const fleeing = both.filter((c) => c.flee === 'stands');
  if (fleeing.length === 1 && activation.pursuit === null) {
    const pursuer = opponentIn(activation, fleeing[0].unitId);
    if (movementAllowed(state, pursuer.unitId)) {
      return { kind: 'awaiting', steps: [step('pursue', pursuer)] };
    }
  }

  // AA-8: the units that got away place their figures; the range matters when the opponent attacks.
  const placing = fleeing.filter((c) => escapes(activation, c) && !c.brokeOff);
  if (placing.length > 0) {
    return {
      kind: 'awaiting',
      steps: placing.map((c) => ({
        step: 'break-off' as const,
        unitId: c.unitId,
        side: c.side,
        rangeNeeded: opponentIn(activation, c.unitId).flee !== 'stands',
      })),
    };
  }

  // AA-10, Q-15: every unit that did not break off attacks, the activating unit first.
  const attacker = [activating, reacting].find((c) => c.flee !== 'stands' && c.attack === null);
  if (attacker) {
    const target = opponentIn(activation, attacker.unitId);
    if (thresholdAgainst(state, activation, target) === null) {
      return {
        kind: 'automatic',
        event: {
          type: 'CloseCombatAttackForgone',
          data: {
            attackerId: attacker.unitId,
            targetId: target.unitId,
            turn: activation.turn,
            rangeInches: target.rangeInches ?? 0,
            reason: 'beyond-range',
          },
        },
      };
    }
    return { kind: 'awaiting', steps: [step('attack', attacker)] };
  }

  const escaped = both.filter((c) => escapes(activation, c)).map((c) => c.unitId);
  const [a, b] = activating.side === 'A' ? [activating, reacting] : [reacting, activating];
  return {
    kind: 'automatic',
    event: {
      type: 'CloseCombatEnded',
      data: {
        unitIds: [a.unitId, b.unitId],
        turn: activation.turn,
        inContact: escaped.length === 0,
        escaped,
      },
    },
  };
}

export function describeSteps(steps: readonly AwaitedStep[]): string {
  return steps.map((s) => `${s.step} by unit ${s.unitId} (side ${s.side})`).join(' and ');
}
