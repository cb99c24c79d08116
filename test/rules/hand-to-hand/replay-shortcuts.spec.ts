import { longMatch } from '../../../bench/verify-match.js';
import { MatchFold } from '../../../src/match/fold.js';
import { handToHandV2 } from '../../../src/rules/hand-to-hand/index.js';
import type { AwaitedStep, HandToHandEvent, MatchState } from '../../../src/rules/hand-to-hand/index.js';
import { attacksToResolve, declarationsClosed, requireMatch } from '../../../src/rules/hand-to-hand/state.js';
import {
  closingEvents,
  foldEvents,
  pendingSteps,
  queueHeadAwaited,
} from '../../../src/rules/hand-to-hand/declarations.js';
import { evolveEvent } from '../../../src/rules/hand-to-hand/evolve-event.js';
import { applied, evolve } from '../../../src/rules/hand-to-hand/evolve.js';

/**
 * Shortcuts in the fold and in deciding that must not change any state: the queue head (Q-17) is found
 * without building the closing events in the usual cases, and a decision looks ahead with the events'
 * own effects only (no queue head). Each is held here against the general computation, over every event
 * of a long match of the current version.
 */

const EVENT_TYPES: readonly string[] = handToHandV2.eventTypes;
const isHandToHandEvent = (type: string): boolean => EVENT_TYPES.includes(type);

/** Q-17 as queueHeadAwaited computed it before the shortcuts: the general path, always. */
function queueHeadAwaitedInFull(state: MatchState): MatchState {
  const others = pendingSteps(state);
  const open = state.charges.length > 0 && !declarationsClosed(state);
  const closed = open ? requireMatch(closingEvents(state).reduce(evolveEvent, state)) : state;
  const [head] = others.length > 0 ? [] : attacksToResolve(closed);
  const awaiting: AwaitedStep[] =
    head === undefined
      ? others
      : [
          {
            step: 'impact-roll',
            unitId: head.attackerId,
            chargeId: head.chargeId,
            side: state.units[head.attackerId]!.side,
            ruleId: open ? 'Q-17' : 'HH-7',
          },
        ];
  const same =
    awaiting.length === state.awaiting.length &&
    awaiting.every((step, i) => JSON.stringify(step) === JSON.stringify(state.awaiting[i]));
  return same ? state : { ...state, awaiting };
}

const { events } = longMatch(4_000, 'replay-shortcuts');

describe('the verification shortcuts change no state', () => {
  it('Q-17 the queue head is awaited as the general computation awaits it, after every event', () => {
    const fold = new MatchFold(handToHandV2);
    let compared = 0;
    for (const event of events) {
      const before = fold.state as MatchState;
      if (before.created && isHandToHandEvent(event.type)) {
        const next = requireMatch(evolveEvent(before, event as HandToHandEvent));
        const fast = queueHeadAwaited(next);
        const full = queueHeadAwaitedInFull(next);
        expect(JSON.stringify(fast)).toBe(JSON.stringify(full));
        // Unchanged means the very same state object, as before.
        expect(fast === next).toBe(full === next);
        compared += 1;
      }
      fold.apply(event);
    }
    expect(compared).toBeGreaterThan(3_000);
  });

  it('Q-17 a head already awaited with its keys in another order is written anew, as JSON would tell', () => {
    const fold = new MatchFold(handToHandV2);
    for (const event of events) {
      fold.apply(event);
      const state = fold.state as MatchState;
      const [held] = state.awaiting;
      if (state.awaiting.length !== 1 || held?.step !== 'impact-roll') continue;
      const { ruleId, side, chargeId, unitId, step } = held;
      const reordered: MatchState = { ...state, awaiting: [{ ruleId, side, chargeId, unitId, step }] };
      const again = queueHeadAwaited(reordered);
      expect(again).not.toBe(reordered);
      expect(JSON.stringify(again.awaiting)).toBe(JSON.stringify(state.awaiting));
      expect(queueHeadAwaited(state)).toBe(state);
      return;
    }
    throw new Error('no awaited impact in the match');
  });

  it("C-3 deciding looks ahead with the events' own effects: what is pending and left to resolve is what the full fold reaches", () => {
    const fold = new MatchFold(handToHandV2);
    let compared = 0;
    for (const event of events) {
      const state = fold.state as MatchState;
      if (!state.created || !isHandToHandEvent(event.type)) {
        fold.apply(event);
        continue;
      }
      const recorded = [event as HandToHandEvent];
      const ahead = foldEvents(state, recorded);
      const full = applied(state, recorded);
      expect(JSON.stringify(pendingSteps(ahead))).toBe(JSON.stringify(pendingSteps(full)));
      expect(JSON.stringify(attacksToResolve(ahead))).toBe(JSON.stringify(attacksToResolve(full)));
      expect(declarationsClosed(ahead)).toBe(declarationsClosed(full));
      expect(JSON.stringify(ahead.units)).toBe(JSON.stringify(full.units));
      compared += 1;
      fold.apply(event);
    }
    expect(compared).toBeGreaterThan(3_000);
  });

  it('C-3 evolve is a function of the state and the event alone: the same event twice gives equal states', () => {
    const fold = new MatchFold(handToHandV2);
    for (const event of events.slice(0, 2_000)) {
      const state = fold.state as MatchState;
      if (state.created && isHandToHandEvent(event.type)) {
        const copy = JSON.parse(JSON.stringify(event)) as HandToHandEvent;
        const once = evolve(state, event as HandToHandEvent);
        expect(JSON.stringify(evolve(state, copy))).toBe(JSON.stringify(once));
      }
      fold.apply(event);
    }
  });
});
