import { longMatch } from '../../../bench/verify-match.js';
import { MatchFold } from '../../../src/match/fold.js';
import { TableDice } from '../../../src/rules/common/dice.js';
import { handToHandV2 } from '../../../src/rules/hand-to-hand/index.js';
import type { AwaitedStep, HandToHandEvent, MatchState } from '../../../src/rules/hand-to-hand/index.js';
import { attacksToResolve, declarationsClosed, requireMatch } from '../../../src/rules/hand-to-hand/state.js';
import {
  closingEvents,
  pendingSteps,
  queueHeadAwaited,
} from '../../../src/rules/hand-to-hand/declarations.js';
import { evolveEvent } from '../../../src/rules/hand-to-hand/evolve-event.js';
import { applied, evolve } from '../../../src/rules/hand-to-hand/evolve.js';

/**
 * Verification speed (issue 12) took shortcuts in the fold that must not change any state: the queue
 * head is found without building the closing events in the usual cases, and evolve hands back
 * the state deciding already reached when it is asked for the same event on the same state. Each is
 * held here against the general computation, over every event of a long 2.0.0 match.
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

describe('the verification shortcuts change no state (issue 12)', () => {
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

  it('C-3 evolve hands back the state deciding reached only for the same event on the same state', () => {
    const fold = new MatchFold(handToHandV2);
    let handedBack = 0;
    for (const event of events) {
      const state = fold.state as MatchState;
      if (!state.created || !isHandToHandEvent(event.type)) {
        fold.apply(event);
        continue;
      }
      const recorded = event as HandToHandEvent;
      const reached = applied(state, [recorded]);
      // The log's own copy of the event (another object, the same value) gets the state reached ...
      const copy = JSON.parse(JSON.stringify(recorded)) as HandToHandEvent;
      const again = evolve(state, copy);
      if (again === reached) handedBack += 1;
      // ... which is the state evolving it afresh makes.
      expect(JSON.stringify(again)).toBe(
        JSON.stringify(queueHeadAwaitedInFull(requireMatch(evolveEvent(state, copy)))),
      );
      fold.apply(event);
    }
    expect(handedBack).toBeGreaterThan(3_000);
  });

  it('C-3 an event with other values, or its keys in another order, is evolved afresh', () => {
    const state = requireMatch(
      [
        { type: 'MatchCreated', data: createdData() },
        { type: 'UnitRegistered', data: { unitId: 'a', name: 'A', side: 'A', morale: 9, move: 6 } },
        { type: 'UnitRegistered', data: { unitId: 'b', name: 'B', side: 'B', morale: 9, move: 6 } },
      ].reduce(
        (s, e) => handToHandV2.decider.evolve(s, e as HandToHandEvent),
        handToHandV2.decider.initialState(),
      ),
    );
    const given = (bonus: object): HandToHandEvent =>
      ({
        type: 'GroundGiven',
        data: {
          unitId: 'b',
          couldMove: true,
          disordered: true,
          broken: false,
          restrictions: [],
          impactBonusAgainst: bonus,
        },
      }) as unknown as HandToHandEvent;
    const decided = given({ value: 1, inTurn: 2, ruleId: 'HH-11' });
    const reached = applied(state, [decided]);
    expect(evolve(state, given({ value: 1, inTurn: 2, ruleId: 'HH-11' }))).toBe(reached);
    const reordered = evolve(state, given({ ruleId: 'HH-11', inTurn: 2, value: 1 }));
    expect(reordered).not.toBe(reached);
    expect(Object.keys(reordered.created && reordered.units.b!.impactBonusAgainst!)).toEqual([
      'ruleId',
      'inTurn',
      'value',
    ]);
    const other = evolve(state, given({ value: 2, inTurn: 2, ruleId: 'HH-11' }));
    expect(other.created && other.units.b!.impactBonusAgainst!.value).toBe(2);
  });
});

function createdData(): object {
  const created = handToHandV2.decider.decide(
    handToHandV2.decider.initialState(),
    { type: 'CreateMatch', matchId: 'm', sides: { A: 'a', B: 'b' }, diceMode: 'table' } as never,
    new TableDice([]),
  );
  return created[0]!.data as object;
}
