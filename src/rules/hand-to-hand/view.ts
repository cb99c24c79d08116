import type { HandToHandEvent } from './events.js';
import { plainCopy } from '../common/plain-copy.js';
import type { HandToHandState } from './state.js';

/**
 * Hand-to-hand has no hidden information: every viewer sees everything. The view is still a fresh
 * copy (as its JSON would read back), so that no caller can reach into (and mutate) the folded state.
 */
export function viewState(state: HandToHandState): unknown {
  return plainCopy(state);
}

export function viewEvent(event: HandToHandEvent): HandToHandEvent {
  return event;
}
