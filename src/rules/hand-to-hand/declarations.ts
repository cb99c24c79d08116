import type { AttackEndedWithoutImpact, HandToHandEvent } from './events.js';
import { editionOf } from './edition.js';
import { evolveEvent } from './evolve-event.js';
import {
  attacksToResolve,
  declarationsClosed,
  nextTurnOf,
  requireMatch,
  type AwaitedStep,
  type ChargeState,
  type MatchState,
} from './state.js';
import { surrenderEvents, surrenders } from './surrender.js';

/**
 * Q-17 (2.0.0): the melee phase declares before it resolves. The active side declares all its attacks
 * (charges, each with its willpower test rolled as declared, and units already in contact attacking
 * again); the first impact roll closes the declarations; surrender (HH-9) is judged then, once, before
 * any impact; the impacts follow in declared order.
 */

/**
 * The events' own effects, without awaiting a queue head: what closing would leave. Enough to tell what
 * is pending besides the queue (pendingSteps) and which attacks are left to resolve, which is all a
 * decision looking ahead needs; the match's fold then evolves the events once, in full.
 */
export function foldEvents(state: MatchState, events: readonly HandToHandEvent[]): MatchState {
  return requireMatch(events.reduce(evolveEvent, state));
}

/** True for the awaited impact of an attack still in the queue (not a repeat after a stuck Reform). */
function isQueueHead(state: MatchState, step: AwaitedStep): boolean {
  return (
    step.step === 'impact-roll' &&
    state.charges.some((charge) => charge.chargeId === step.chargeId && charge.status === 'contact')
  );
}

/** What the match waits for other than the queue's next impact (tests, reports, repeats, rally tests). */
export function pendingSteps(state: MatchState): AwaitedStep[] {
  return state.awaiting.filter((step) => !isQueueHead(state, step));
}

/**
 * Q-29 (from 2.1.0): each attacker whose attack on the surrendering defender made contact this phase is
 * victorious (HH-17), its +1 for its owner's next turn, in declared order.
 */
function victoriesOfSurrender(state: MatchState, defenderId: string): HandToHandEvent[] {
  if (!editionOf(state).surrenderMakesVictorious) return [];
  return attacksToResolve(state)
    .filter((attack) => attack.defenderId === defenderId)
    .map((attack) => ({
      type: 'AttackerVictorious' as const,
      data: {
        chargeId: attack.chargeId,
        unitId: attack.attackerId,
        inTurn: nextTurnOf(state, sideOf(state, attack.attackerId)),
      },
    }));
}

/**
 * HH-9 at the close of the declarations: each defender of an attack that made contact, taken in the
 * order it was first attacked, surrenders if this phase's attacks touch both its flanks, or a flank and
 * its rear, while no enemy touches its front (attacking this phase or in contact from before).
 */
function surrendersAtClose(state: MatchState): HandToHandEvent[] {
  const firstAttackOn = new Map<string, string>();
  for (const attack of attacksToResolve(state)) {
    if (!firstAttackOn.has(attack.defenderId)) firstAttackOn.set(attack.defenderId, attack.chargeId);
  }
  const events: HandToHandEvent[] = [];
  for (const [defenderId, chargeId] of firstAttackOn) {
    const defender = state.units[defenderId];
    if (defender === undefined || defender.status === 'removed') continue;
    if (surrenders(defender.contacts, state.turn)) {
      events.push(
        ...surrenderEvents(chargeId, defender, defender.contacts),
        ...victoriesOfSurrender(state, defenderId),
      );
    }
  }
  return events;
}

/** Why an attack can no longer strike: its defender is gone or out of contact with it; null if it can. */
function whyNoImpact(
  state: MatchState,
  attack: ChargeState,
): AttackEndedWithoutImpact['data']['reason'] | null {
  const defender = state.units[attack.defenderId];
  if (defender === undefined) {
    throw new Error(`attack ${attack.chargeId} names unknown unit ${attack.defenderId}`);
  }
  if (defender.status === 'removed') {
    return defender.removedBecause === 'surrendered' ? 'defender-surrendered' : 'defender-removed';
  }
  return defender.contacts.some((contact) => contact.unitId === attack.attackerId)
    ? null
    : 'defender-left-contact';
}

/**
 * when nothing else is pending, the next attacks in declared order whose defender left contact by
 * their turn (gave ground, removed, surrendered) end without an impact, each recorded, up to the first
 * that still can strike. Their units have made their attack (HH-4: one a phase).
 */
export function attacksEndingWithoutImpact(state: MatchState): HandToHandEvent[] {
  if (pendingSteps(state).length > 0) return [];
  const events: HandToHandEvent[] = [];
  for (const attack of attacksToResolve(state)) {
    const reason = whyNoImpact(state, attack);
    if (reason === null) break;
    const { chargeId, attackerId, defenderId } = attack;
    events.push({ type: 'AttackEndedWithoutImpact', data: { chargeId, attackerId, defenderId, reason } });
  }
  return events;
}

/**
 * what closing the declarations records before any impact: each surrender, then the attacks at
 * the head of the queue that can no longer strike. Decided on the state with the declarations open, so
 * the match can say beforehand which attack's impact will close them.
 */
export function closingEvents(state: MatchState): HandToHandEvent[] {
  const surrendered = surrendersAtClose(state);
  return [...surrendered, ...attacksEndingWithoutImpact(foldEvents(state, surrendered))];
}

/**
 * the state awaits the impact of the queue's head once nothing else is pending. While the
 * declarations are open, that is the attack whose impact would close them: the first that still strikes
 * once surrender is judged (rule Q-17: the side may declare more first), or from 2.1.0, when none would,
 * the first declared attack in contact, whose impact roll then closes them with no die; after, the next
 * in order.
 *
 * Evolve asks this after every event, and a verification evolves every event twice (deciding looks at
 * the state its events lead to, then the fold): the usual cases are answered without building the
 * closing events, a new list or a string. With no attack this phase no step is a queue head and none
 * is to be awaited; when nothing else is pending and the first attack in contact still strikes with no
 * surrender to judge, it is the head (closing the declarations would end no attack before it).
 */
export function queueHeadAwaited(state: MatchState): MatchState {
  if (state.charges.length === 0) return state;
  const steps = state.awaiting;
  let heads = 0;
  for (let i = 0; i < steps.length; i++) if (isQueueHead(state, steps[i]!)) heads += 1;
  if (heads < steps.length) {
    // Something else is pending: the match awaits just that, without any queue head.
    return heads === 0 ? state : { ...state, awaiting: pendingSteps(state) };
  }
  const open = !declarationsClosed(state);
  const head = open ? closingAttack(state) : firstInContact(state);
  if (head === undefined) return steps.length === 0 ? state : { ...state, awaiting: [] };
  const step: Extract<AwaitedStep, { step: 'impact-roll' }> = {
    step: 'impact-roll',
    unitId: head.attackerId,
    chargeId: head.chargeId,
    side: sideOf(state, head.attackerId),
    ruleId: open ? 'Q-17' : 'HH-7',
  };
  return steps.length === 1 && sameStep(step, steps[0]!) ? state : { ...state, awaiting: [step] };
}

/** The first attack in contact whose impact is still to come, in declared order. */
function firstInContact(state: MatchState): ChargeState | undefined {
  return state.charges.find((charge) => charge.status === 'contact');
}

/**
 * the attack whose impact roll closes the declarations; from 2.1.0 there is one whenever an attack
 * made contact (closesWithoutImpact tells when its roll uses no die).
 */
function closingAttack(state: MatchState): ChargeState | undefined {
  const head = headOnceClosed(state);
  if (head !== undefined || !editionOf(state).closingCommandAwaited) return head;
  return firstInContact(state);
}

/**
 * Q-17 (from 2.1.0): true when closing the declarations now leaves no attack to strike, so the closing
 * impact roll records the surrenders and the attacks that end, and rolls no die.
 */
export function closesWithoutImpact(state: MatchState): boolean {
  return (
    !declarationsClosed(state) && firstInContact(state) !== undefined && headOnceClosed(state) === undefined
  );
}

/** The queue's head once the declarations close: after surrender is judged and unreachable attacks end. */
function headOnceClosed(state: MatchState): ChargeState | undefined {
  const first = firstInContact(state);
  if (first === undefined) return undefined;
  if (whyNoImpact(state, first) === null && surrendersAtClose(state).length === 0) return first;
  return attacksToResolve(foldEvents(state, closingEvents(state)))[0];
}

function sideOf(state: MatchState, unitId: string): AwaitedStep['side'] {
  const unit = state.units[unitId];
  if (unit === undefined) throw new Error(`attack names unknown unit ${unitId}`);
  return unit.side;
}

/** The keys of the awaited impact queueHeadAwaited makes, in the order it writes them. */
const IMPACT_STEP_KEYS = ['step', 'unitId', 'chargeId', 'side', 'ruleId'] as const;

/**
 * True when the awaited impact made now is, as JSON, the step the state holds (states are values; most
 * events touch no attack): the same own keys holding something JSON writes, in the same order, with
 * the same values (a step's values are strings).
 */
function sameStep(made: Extract<AwaitedStep, { step: 'impact-roll' }>, held: AwaitedStep): boolean {
  const values = held as unknown as Record<string, unknown>;
  let i = 0;
  for (const key in values) {
    if (!Object.hasOwn(values, key)) continue;
    const value = values[key];
    if (value === undefined || typeof value === 'function' || typeof value === 'symbol') continue;
    const expected = IMPACT_STEP_KEYS[i];
    if (expected === undefined || key !== expected || value !== made[expected]) return false;
    i += 1;
  }
  return i === IMPACT_STEP_KEYS.length;
}
