import type { HandToHandEvent } from './events.js';
import type { HandToHandState } from './state.js';

/**
 * Hand-to-hand has no hidden information: every viewer sees everything. The view is still a fresh
 * JSON copy, so that no caller can reach into (and mutate) the folded state.
 */
export function viewState(state: HandToHandState): unknown {
  return JSON.parse(JSON.stringify(state)) as unknown;
}

export function viewEvent(event: HandToHandEvent): HandToHandEvent {
  return event;
}
