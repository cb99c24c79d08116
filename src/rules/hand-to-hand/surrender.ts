import type { HandToHandEvent } from './events.js';
import type { Contact, UnitState } from './state.js';
import { ASPECTS } from './vocabulary.js';

/**
 * HH-9: contacted on both flanks, or on a flank and the rear, and not to its front, the defender
 * surrenders at once. Only standing contacts count (the source says "simultaneous", and faltered
 * charges never make one); flanks and rear count when made by an attack of this melee phase; an enemy
 * touching its front, from whenever, means it is not "not to the front".
 */
export function surrenders(contacts: readonly Contact[], turn: number): boolean {
  const front = contacts.some((c) => c.aspect === 'front');
  const thisPhase = contacts.filter((c) => c.sinceTurn === turn);
  const left = thisPhase.some((c) => c.aspect === 'left-flank');
  const right = thisPhase.some((c) => c.aspect === 'right-flank');
  const rear = thisPhase.some((c) => c.aspect === 'rear');
  return !front && ((left && right) || ((left || right) && rear));
}

/** HH-9: the surrender, then the removal, naming every aspect the defender was touched on. */
export function surrenderEvents(
  chargeId: string,
  defender: Pick<UnitState, 'unitId'>,
  contacts: readonly Contact[],
): HandToHandEvent[] {
  const contactAspects = ASPECTS.filter((a) => contacts.some((c) => c.aspect === a));
  return [
    { type: 'DefenderSurrendered', data: { chargeId, unitId: defender.unitId, contactAspects } },
    { type: 'UnitRemoved', data: { unitId: defender.unitId, reason: 'surrendered', ruleId: 'HH-9' } },
  ];
}
