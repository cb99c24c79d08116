import { queueHeadAwaited } from './declarations.js';
import { editionOf } from './edition.js';
import type { HandToHandEvent } from './events.js';
import { evolveEvent } from './evolve-event.js';
import { requireMatch, type HandToHandState, type MatchState } from './state.js';

/**
 * Applies one recorded event (evolve-event.ts). From 2.0.0 the attacks of a melee phase are a
 * queue in declared order: after every event the state awaits the impact of its head, once nothing
 * else is pending, so that the state itself says what the match waits for, as in 1.0.0.
 */
export function evolve(state: HandToHandState, event: HandToHandEvent): HandToHandState {
  const next = evolveEvent(state, event);
  if (!next.created || !editionOf(next).declareBeforeResolve) return next;
  return queueHeadAwaited(next);
}

/** The state after events decided on this one (a decision looking at what it leads to). */
export function applied(state: MatchState, events: readonly HandToHandEvent[]): MatchState {
  let at: HandToHandState = state;
  for (const event of events) at = evolve(at, event);
  return requireMatch(at);
}
