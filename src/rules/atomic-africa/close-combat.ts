import type { Side } from '../common/sides.js';
import { CONTACT_THRESHOLD, rangeThreshold } from './attack.js';
import { postureOf, toCard } from './cards.js';
import { editionOf } from './edition.js';
import type { AtomicAfricaEvent } from './events.js';
import { allowsMovement, effectiveMovement } from './special-actions.js';
import { entry, type Activation, type AtomicAfricaState, type Combatant, type Order } from './state.js';
import { nameOf, sideNamed } from './guards.js';

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

/**
 * Q-21, Q-25 (version 2): the unit's order when it holds a card for the turn: sealed, and not lost in
 * a clash. Under version 1 every unit in a close combat holds one.
 */
export function cardHeld(state: AtomicAfricaState, unitId: string): Order | undefined {
  const order = entry(state.orders, unitId);
  return order && order.clashedWith === undefined ? order : undefined;
}

/** The order as revealed: only ever called once the card is public. Null: no card for the turn. */
function revealedCard(state: AtomicAfricaState, unitId: string) {
  const order = editionOf(state).sealingClosesAtFirstActivation
    ? cardHeld(state, unitId)
    : orderOf(state, unitId);
  if (!order) return null;
  if (!order.revealed || order.card === null) throw new Error(`the order of ${unitId} is not revealed`);
  return { card: toCard(order.card), specialAction: order.specialAction };
}

/** The special action the unit's revealed card announced; none without a card. */
export function specialActionOf(state: AtomicAfricaState, unitId: string): string | null {
  return revealedCard(state, unitId)?.specialAction ?? null;
}

export function movementAllowed(state: AtomicAfricaState, unitId: string): boolean {
  const revealed = revealedCard(state, unitId);
  return revealed !== null && allowsMovement(revealed.card, revealed.specialAction);
}

export function movementOf(state: AtomicAfricaState, unitId: string): number {
  const unit = entry(state.units, unitId);
  if (!unit || !state.match) throw new Error(`unknown unit ${unitId}`);
  return effectiveMovement(
    unit.movement,
    specialActionOf(state, unitId),
    state.match.parameters.sprintMultiplier,
  );
}

/** Version 2, Q-23: the pursuers that caught this fleeing unit. */
export function caughtBy(activation: Activation, unitId: string): string[] {
  return (activation.pursuits ?? [])
    .filter((p) => p.fleeingId === unitId && p.outcome === 'thwarted')
    .map((p) => p.pursuerId);
}

/** AA-9, Q-15, Q-23: a unit broke off and no pursuit caught it. */
export function escapes(activation: Activation, combatant: Combatant): boolean {
  if (combatant.flee !== 'stands') return false;
  if (activation.pursuits) return caughtBy(activation, combatant.unitId).length === 0;
  return activation.pursuit?.outcome !== 'thwarted';
}

/**
 * Version 2, Q-23: every enemy in base contact with a unit whose flee stands is offered its pursuit,
 * whatever its card, unless it broke off itself. The offers depend on the contacts and the declared,
 * public flee verdicts only, never on a sealed card (AA-2).
 */
export function pursuitOffers(
  state: AtomicAfricaState,
  activation: Activation,
): { pursuerId: string; fleeingId: string }[] {
  const both = combatants(activation);
  const fleeing = both.filter((c) => c.flee === 'stands').map((c) => c.unitId);
  return fleeing.flatMap((fleeingId) =>
    state.contacts
      .filter((pair) => pair.includes(fleeingId))
      .map((pair) => (pair[0] === fleeingId ? pair[1] : pair[0]))
      .filter((pursuerId) => !fleeing.includes(pursuerId))
      .map((pursuerId) => ({ pursuerId, fleeingId })),
  );
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
  if (target.flee === 'stands' && activation.pursuits) {
    // caught by the attacker, in contact; caught by another pursuer, it is in close combat with
    // that one and nobody outside fires at it (AA-12); else at the range between the In-transit figures.
    const catchers = caughtBy(activation, target.unitId);
    if (catchers.includes(opponentIn(activation, target.unitId).unitId)) return CONTACT_THRESHOLD;
    if (catchers.length > 0) return null;
  }
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

  const edition = editionOf(state);
  // AA-5: both cards, in either order. Q-21: a unit with no card has nothing to reveal; Q-22: a card
  // revealed at an earlier reaction this turn stands.
  const unrevealed = edition.sealingClosesAtFirstActivation
    ? both.filter((c) => {
        const order = entry(state.orders, c.unitId);
        return order !== undefined && !order.revealed;
      })
    : both.filter((c) => !orderOf(state, c.unitId).revealed);
  if (unrevealed.length > 0) {
    return { kind: 'awaiting', steps: unrevealed.map((c) => step('reveal', c)) };
  }

  // AA-6, Q-8, Q-9: every flee is judged on the revealed card.
  const unjudged = both.find((c) => c.intent === 'flee' && c.flee === null);
  if (unjudged) {
    const revealed = revealedCard(state, unjudged.unitId);
    if (revealed === null) {
      // a unit left with no card (its reveal clashed) must fight.
      return {
        kind: 'automatic',
        event: {
          type: 'FleeJudged',
          data: {
            unitId: unjudged.unitId,
            turn: activation.turn,
            verdict: 'refused',
            allowsMovement: false,
            posture: 'none',
            noCard: true,
          },
        },
      };
    }
    const canMove = movementAllowed(state, unjudged.unitId);
    const posture = postureOf(revealed.card, state.match.parameters.jokerPosture);
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

  const fleeing = both.filter((c) => c.flee === 'stands');
  if (activation.pursuits) {
    // every enemy in contact with a unit whose flee stands decides on its pursuit, all offered at
    // once and the same whatever their cards.
    const decided = activation.pursuits;
    const pending = pursuitOffers(state, activation).filter(
      (offer) => !decided.some((d) => d.pursuerId === offer.pursuerId && d.fleeingId === offer.fleeingId),
    );
    if (pending.length > 0) {
      return {
        kind: 'awaiting',
        steps: pending.map(({ pursuerId }) => {
          const pursuer = entry(state.units, pursuerId);
          if (!pursuer) throw new Error(`unknown unit ${pursuerId}`);
          return { step: 'pursue' as const, unitId: pursuerId, side: pursuer.side };
        }),
      };
    }
  } else if (fleeing.length === 1 && activation.pursuit === null) {
    // AA-9: a lone fleeing unit may be pursued by an opponent whose card allows movement. When both
    // break off there is nobody left to pursue.
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
      const caughtByAnother = activation.pursuits !== undefined && !escapes(activation, target);
      return {
        kind: 'automatic',
        event: {
          type: 'CloseCombatAttackForgone',
          data: {
            attackerId: attacker.unitId,
            targetId: target.unitId,
            turn: activation.turn,
            rangeInches: target.rangeInches ?? 0,
            reason: caughtByAnother ? 'target-in-close-combat' : 'beyond-range',
          },
        },
      };
    }
    return { kind: 'awaiting', steps: [step('attack', attacker)] };
  }

  const escaped = both.filter((c) => escapes(activation, c)).map((c) => c.unitId);
  const [a, b] = activating.side === 'A' ? [activating, reacting] : [reacting, activating];
  if (activation.pursuits) {
    // the pair stays in contact when nobody broke off, or the opponent caught the one who did.
    const fled = fleeing.map((c) => ({ unitId: c.unitId, caughtBy: caughtBy(activation, c.unitId) }));
    const inContact = fled.every((f) => f.caughtBy.includes(opponentIn(activation, f.unitId).unitId));
    return {
      kind: 'automatic',
      event: {
        type: 'CloseCombatEnded',
        data: { unitIds: [a.unitId, b.unitId], turn: activation.turn, inContact, escaped, fled },
      },
    };
  }
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

export function describeSteps(state: AtomicAfricaState, steps: readonly AwaitedStep[]): string {
  return steps
    .map((s) => `${s.step} by ${nameOf(state, s.unitId)} (${sideNamed(state, s.side)})`)
    .join(' and ');
}
