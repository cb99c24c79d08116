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
  for (const known of reached) {
    if (known.from === state && sameValue(known.event, event)) return known.next;
  }
  const next = evolveEvent(state, event);
  if (!next.created || !editionOf(next).declareBeforeResolve) return next;
  return queueHeadAwaited(next);
}

/** The state after events decided on this one (a decision looking at what it leads to). */
export function applied(state: MatchState, events: readonly HandToHandEvent[]): MatchState {
  const steps: Reached[] = [];
  let at: HandToHandState = state;
  for (const event of events) {
    const next = evolve(at, event);
    steps.push({ from: at, event, next });
    at = next;
  }
  reached = steps;
  return requireMatch(at);
}

interface Reached {
  from: HandToHandState;
  event: HandToHandEvent;
  next: HandToHandState;
}

/**
 * What the last applied() reached, step by step: from each state, the state after its event. Deciding
 * a command looks at the state its events lead to, and the match's fold then applies those same
 * events to that same state (the service once it has appended them, the verifier once it has compared
 * them with the log's): it is handed the state already made instead of evolving them a second time,
 * when it applies the event to the very state object and the event is the same value, down to the
 * order of its keys. States are immutable values, so the state made is the one that would be made
 * again; any other call evolves as if this were empty. Only the last decision's few steps are held.
 */
let reached: readonly Reached[] = [];

/**
 * Strictly the same value: the same primitives (Object.is), or objects of the same kind with the same
 * own keys in the same order holding the same values, arrays with the same entries and holes. Stricter
 * than JSON equality (an undefined member counts), so anything evolve could read differs.
 */
function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) {
      if (i in a !== i in b || !sameValue(a[i], b[i])) return false;
    }
    return true;
  }
  if (Array.isArray(b)) return false;
  // Own enumerable keys in order: a's as for-in meets them, b's as Object.keys lists them.
  const others = Object.keys(b);
  const values = a as Record<string, unknown>;
  const otherValues = b as Record<string, unknown>;
  let i = 0;
  for (const key in values) {
    if (!Object.hasOwn(values, key)) continue;
    if (key !== others[i] || !sameValue(values[key], otherValues[key])) return false;
    i += 1;
  }
  return i === others.length;
}
