import type { DiceSource } from '../common/dice.js';
import { violation } from '../common/rule-violation.js';
import { rollAttack } from './attack.js';
import {
  cardHeld,
  describeSteps,
  escapes,
  movementAllowed,
  movementOf,
  opponentIn,
  progress,
  pursuitOffers,
  specialActionOf,
  thresholdAgainst,
  type AwaitedStep,
} from './close-combat.js';
import { revealEvent } from './decide-orders.js';
import { editionOf } from './edition.js';
import { evolve } from './evolve.js';
import type { ResolveCloseCombat, DeclareIntent, Pursue, ReportBreakOff } from './commands.js';
import type { AtomicAfricaEvent } from './events.js';
import { nameOf, requireMatch, requireUnit } from './guards.js';
import { fieldsOf, inches, oneOf, text } from './input.js';
import {
  entry,
  type Activation,
  type AtomicAfricaState,
  type Combatant,
  type PursuitOutcome,
} from './state.js';
import type { Unit } from './units.js';

const INTENTS = ['fight', 'flee'] as const;

/**
 * The activation must be waiting for exactly this step from this unit; otherwise the message says
 * what it is waiting for (which never depends on a sealed card).
 */
function requireStep<S extends AwaitedStep['step']>(
  state: AtomicAfricaState,
  step: S,
  unitId: string,
  ruleId: string,
): { activation: Activation; awaited: Extract<AwaitedStep, { step: S }> } {
  const activation = state.activation;
  if (!activation) violation(ruleId, 'no close combat is being resolved', 'conflict');
  const next = progress(state);
  const awaited =
    next.kind === 'awaiting'
      ? next.steps.find((s): s is Extract<AwaitedStep, { step: S }> => s.step === step && s.unitId === unitId)
      : undefined;
  if (!awaited) {
    const waitingFor = next.kind === 'awaiting' ? describeSteps(state, next.steps) : 'nothing';
    violation(
      ruleId,
      `${nameOf(state, unitId)} cannot ${step} now; the close combat is waiting for ${waitingFor}`,
      'conflict',
    );
  }
  return { activation, awaited };
}

/** Pairs of this turn still to be fought that contain the unit. */
function pendingPairs(state: AtomicAfricaState, unitId: string): [string, string][] {
  return state.closeCombats
    .filter((cc) => !cc.resolved && cc.unitIds.includes(unitId))
    .map((cc) => cc.unitIds);
}

function hasFoughtThisTurn(state: AtomicAfricaState, unitId: string): boolean {
  return state.closeCombats.some((cc) => cc.resolved && cc.unitIds.includes(unitId));
}

/**
 * AA-4: the activating player activates a unit in close combat and declares first; the reacting
 * player then declares for the opposing unit. One close combat is resolved at a time, and a unit
 * fights one close combat a turn (its one orders card, AA-1).
 */
export function declareIntent(state: AtomicAfricaState, command: DeclareIntent): AtomicAfricaEvent[] {
  requireMatch(state);
  const data = fieldsOf(command);
  const unit = requireUnit(state, data.unitId, 'unitId');
  const intent = oneOf(INTENTS, data.intent, 'intent', 'AA-4');
  const edition = editionOf(state);

  if (unit.side !== state.activeSide) {
    const activation = state.activation;
    if (!activation || activation.reacting.unitId !== unit.unitId) {
      violation('AA-4', `${unit.name} is not the opposing unit of an activated close combat`, 'conflict');
    }
    if (activation.reacting.intent !== null) {
      violation('AA-4', `${unit.name} has already declared ${activation.reacting.intent}`, 'conflict');
    }
    if (data.opponentId !== undefined && data.opponentId !== activation.activating.unitId) {
      violation('AA-4', `${unit.name} is fighting ${nameOf(state, activation.activating.unitId)}`, 'invalid');
    }
    // whether a unit holds a card is public (its seal and any clash are events); its card is not.
    if (edition.sealingClosesAtFirstActivation && intent === 'flee' && !cardHeld(state, unit.unitId)) {
      violation('Q-21', `${unit.name} has no card this turn: it must fight`, 'conflict');
    }
    return [
      {
        type: 'IntentDeclared',
        data: {
          unitId: unit.unitId,
          side: unit.side,
          turn: state.turn,
          role: 'reacting',
          intent,
          opponentId: activation.activating.unitId,
        },
      },
    ];
  }

  if (state.activation) {
    const { activating, reacting } = state.activation;
    violation(
      'AA-4',
      `the close combat of ${nameOf(state, activating.unitId)} and ${nameOf(state, reacting.unitId)} is still being resolved`,
      'conflict',
    );
  }
  if (edition.reactingUnitMayBeEngagedAgain) {
    // each activating unit activates once per turn (a ranged attack is an activation too, Q-24).
    if ((state.activated ?? []).includes(unit.unitId)) {
      violation('Q-22', `${unit.name} has already activated this turn`, 'conflict');
    }
  } else if (hasFoughtThisTurn(state, unit.unitId)) {
    violation('AA-4', `${unit.name} has already fought its close combat this turn`, 'conflict');
  }
  const pairs = pendingPairs(state, unit.unitId);
  if (pairs.length === 0) violation('AA-4', `${unit.name} is not in close combat`, 'conflict');
  const enemies = pairs.map(([a, b]) => (a === unit.unitId ? b : a));
  let opponentId: string;
  if (data.opponentId === undefined) {
    if (enemies.length > 1) {
      violation(
        'AA-4',
        `${unit.name} is in close combat with ${enemies.map((id) => nameOf(state, id)).join(', ')}: name the opponentId`,
        'invalid',
      );
    }
    opponentId = enemies[0];
  } else {
    const named = text(data.opponentId, 'opponentId', 'AA-4');
    if (!enemies.includes(named)) {
      violation(
        'AA-4',
        `${unit.name} is not in close combat with ${nameOf(state, named)} this turn`,
        'conflict',
      );
    }
    opponentId = named;
  }
  if (edition.sealingClosesAtFirstActivation) {
    // the activating unit needs its card; the reacting one, without a card, must fight. Q-22:
    // a reacting unit may be engaged again.
    if (!cardHeld(state, unit.unitId)) {
      violation('Q-21', `${unit.name} has no card for turn ${state.turn}: it cannot activate`, 'conflict');
    }
  } else if (hasFoughtThisTurn(state, opponentId)) {
    violation('AA-4', `${nameOf(state, opponentId)} has already fought a close combat this turn`, 'conflict');
  }
  // AA-1, AA-5: the cards are committed before anybody declares, or the declaration would choose them.
  for (const id of edition.sealingClosesAtFirstActivation ? [] : [unit.unitId, opponentId]) {
    if (!entry(state.orders, id)) {
      violation(
        'AA-1',
        `${nameOf(state, id)} has no sealed orders card for turn ${state.turn} yet`,
        'conflict',
      );
    }
  }
  return [
    {
      type: 'IntentDeclared',
      data: {
        unitId: unit.unitId,
        side: unit.side,
        turn: state.turn,
        role: 'activating',
        intent,
        opponentId,
      },
    },
  ];
}

/** AA-9, Q-10: thwarted only by a faster pursuer; Sprint counts (AA-9). */
export function pursue(state: AtomicAfricaState, command: Pursue): AtomicAfricaEvent[] {
  requireMatch(state);
  const data = fieldsOf(command);
  const unit = requireUnit(state, data.unitId, 'unitId');
  if (typeof data.pursue !== 'boolean') violation('AA-9', 'pursue must be true or false', 'invalid');
  const { activation } = requireStep(state, 'pursue', unit.unitId, 'AA-9');
  if (activation.pursuits) return pursueV2(state, activation, unit, data, data.pursue);
  if (REVEAL_FIELDS.some((field) => data[field] !== undefined)) {
    violation('AA-9', 'a pursuit carries no card under this ruleset version', 'invalid');
  }
  const fleeing = opponentIn(activation, unit.unitId);
  const pursuerMovement = movementOf(state, unit.unitId);
  const fleeingMovement = movementOf(state, fleeing.unitId);
  const outcome = !data.pursue ? 'not-pursued' : pursuerMovement > fleeingMovement ? 'thwarted' : 'escaped';
  return [
    {
      type: 'PursuitDecided',
      data: {
        unitId: unit.unitId,
        fleeingId: fleeing.unitId,
        turn: activation.turn,
        pursue: data.pursue,
        pursuerMovement,
        fleeingMovement,
        outcome,
      },
    },
  ];
}

/** AA-8, AA-10: the figures of a unit that broke off, and the range its opponent will shoot over. */
export function reportBreakOff(state: AtomicAfricaState, command: ReportBreakOff): AtomicAfricaEvent[] {
  requireMatch(state);
  const data = fieldsOf(command);
  const unit = requireUnit(state, data.unitId, 'unitId');
  const { activation, awaited } = requireStep(state, 'break-off', unit.unitId, 'AA-8');
  const destination = text(data.destination, 'destination', 'AA-8');
  const inTransit = text(data.inTransit, 'inTransit', 'AA-8');
  let rangeInches: number | null = null;
  if (awaited.rangeNeeded) {
    if (data.rangeInches === undefined) {
      violation(
        'AA-10',
        'rangeInches (between the In-transit figures) is needed: the opponent attacks',
        'invalid',
      );
    }
    rangeInches = inches(data.rangeInches, 'rangeInches', 'AA-10');
  } else if (data.rangeInches !== undefined) {
    violation(
      'AA-10',
      'no range is measured: the opponent broke off too and does not attack (Q-15)',
      'invalid',
    );
  }
  return [
    {
      type: 'BreakOffReported',
      data: { unitId: unit.unitId, turn: activation.turn, destination, inTransit, rangeInches },
    },
  ];
}

/** AA-10, AA-11, Q-15: a unit that did not break off attacks its opponent; its own side rolls. */
export function resolveCloseCombat(
  state: AtomicAfricaState,
  command: ResolveCloseCombat,
  dice: DiceSource,
): AtomicAfricaEvent[] {
  const match = requireMatch(state);
  const data = fieldsOf(command);
  const unit = requireUnit(state, data.unitId, 'unitId');
  const { activation } = requireStep(state, 'attack', unit.unitId, 'AA-10');
  const target: Combatant = opponentIn(activation, unit.unitId);
  const threshold = thresholdAgainst(state, activation, target);
  if (threshold === null) throw new Error('an attack beyond range is forgone, never awaited');
  const outcome = rollAttack(
    match.parameters.rangedAttack,
    {
      firepower: unit.firepower,
      massFire: specialActionOf(state, unit.unitId) === 'mass-fire',
      targetDugIn: specialActionOf(state, target.unitId) === 'dig-in',
      threshold,
      side: unit.side,
      purpose: `close-combat attack by ${unit.unitId} on ${target.unitId}`,
    },
    dice,
  );
  return [
    {
      type: 'CloseCombatAttackRolled',
      data: {
        attackerId: unit.unitId,
        targetId: target.unitId,
        turn: activation.turn,
        rangeInches: escapes(activation, target) ? target.rangeInches : null,
        ...outcome,
      },
    },
  ];
}

const REVEAL_FIELDS = ['card', 'salt', 'specialAction'] as const;

/**
 * Q-23 (version 2): an enemy offered the pursuit pursues by revealing its card if it is still sealed (a
 * reaction, not an activation), or declines and reveals nothing. It catches the fleeing unit when its
 * card allows movement and its movement beats the fleeing unit's; every decision is an event,
 * "no pursuit: the card allows no movement" (AA-9) and "no card" included.
 */
function pursueV2(
  state: AtomicAfricaState,
  activation: Activation,
  unit: Unit,
  data: Record<string, unknown>,
  pursues: boolean,
): AtomicAfricaEvent[] {
  const offer = pursuitOffers(state, activation).find((o) => o.pursuerId === unit.unitId);
  if (!offer) throw new Error(`no pursuit is offered to ${unit.unitId}`);
  const decided = (
    outcome: PursuitOutcome,
    pursuerMovement: number | null,
    after: AtomicAfricaState,
  ): AtomicAfricaEvent => ({
    type: 'PursuitDecided',
    data: {
      unitId: unit.unitId,
      fleeingId: offer.fleeingId,
      turn: activation.turn,
      pursue: pursues,
      pursuerMovement,
      fleeingMovement: movementOf(after, offer.fleeingId),
      outcome,
    },
  });
  const order = entry(state.orders, unit.unitId);
  const revealing = order !== undefined && !order.revealed;
  const carriesReveal = REVEAL_FIELDS.some((field) => data[field] !== undefined);
  if (carriesReveal && !(pursues && revealing)) {
    violation(
      'Q-23',
      pursues
        ? `${unit.name} has no sealed card to reveal with its pursuit`
        : 'a declined pursuit reveals nothing: send no card, salt or specialAction',
      'invalid',
    );
  }
  if (!pursues) return [decided('not-pursued', null, state)];
  const events: AtomicAfricaEvent[] = [];
  if (revealing) events.push(revealEvent(state, unit, order, data, true));
  const after = events.reduce(evolve, state);
  if (!cardHeld(after, unit.unitId)) return [...events, decided('no-card', null, after)];
  if (!movementAllowed(after, unit.unitId)) return [...events, decided('cannot-move', null, after)];
  const pursuerMovement = movementOf(after, unit.unitId);
  const outcome = pursuerMovement > movementOf(after, offer.fleeingId) ? 'thwarted' : 'escaped';
  return [...events, decided(outcome, pursuerMovement, after)];
}
