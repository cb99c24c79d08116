import { atomicAfricaV2, type AtomicAfricaEvent } from '../../../../src/rules/atomic-africa/index.js';
import { spec } from '../../../support/decider-spec.js';
import { awaitedOfA1B1, battle, declaredAndRevealed, revealedEvent, sealedEvent } from './fixtures.js';

/** AA-6: B1's flee on 9♣ stands (A–10 moves, ♣ is defensive). */
const B1_FLEE_STANDS: AtomicAfricaEvent = {
  type: 'FleeJudged',
  data: { unitId: 'B1', turn: 3, verdict: 'stands', allowsMovement: true, posture: 'defensive' },
};

/**
 * Q-23, AA-9: a unit whose flee stands leaves every contact; every enemy in contact is offered the
 * pursuit whatever its card, and every decision is an event.
 */
describe('atomic-africa v2 pursuit (Q-23, AA-9)', () => {
  /**
   * B1 in close combat with A1 and A2 (A2 faster, movement 8). A1 activates; B1 flees on 9♣ and its flee
   * stands. A2's card is still sealed.
   */
  function b1Flees(a2Card = '6D') {
    const match = battle({ A1: {}, A2: { movement: 8 }, B1: {} }, [
      ['A1', 'B1'],
      ['A2', 'B1'],
    ]);
    return match.given(
      sealedEvent('A1', '5H'),
      sealedEvent('A2', a2Card),
      sealedEvent('B1', '9C'),
      ...declaredAndRevealed(['A1', '5H', 'fight'], ['B1', '9C', 'flee'], [B1_FLEE_STANDS]),
    );
  }

  const decided = (
    unitId: string,
    pursue: boolean,
    pursuerMovement: number | null,
    outcome: string,
  ): AtomicAfricaEvent =>
    ({
      type: 'PursuitDecided',
      data: { unitId, fleeingId: 'B1', turn: 3, pursue, pursuerMovement, fleeingMovement: 6, outcome },
    }) as AtomicAfricaEvent;

  it('Q-23 every enemy in contact with the fleeing unit is offered the pursuit, its card sealed or not', () => {
    const match = b1Flees();
    expect(atomicAfricaV2.awaiting(match.state)).toEqual([
      awaitedOfA1B1('Pursue', 'A1', 'AA-9'),
      awaitedOfA1B1('Pursue', 'A2', 'AA-9'),
    ]);
  });

  it('Q-23 a pursuer reveals its card by pursuing and catches the fleeing unit when faster; the opponent that did not catch it does not fire into that close combat (AA-12)', () => {
    const match = b1Flees();
    spec(atomicAfricaV2)
      .given(match.events)
      .when({ type: 'Pursue', unitId: 'A2', pursue: true, card: '6D' })
      .then([revealedEvent('A2', '6D'), decided('A2', true, 8, 'thwarted')]);
    match.run({ type: 'Pursue', unitId: 'A2', pursue: true, card: '6D' });
    spec(atomicAfricaV2)
      .given(match.events)
      .when({ type: 'Pursue', unitId: 'A1', pursue: false })
      .then([
        decided('A1', false, null, 'not-pursued'),
        {
          type: 'CloseCombatAttackForgone',
          data: {
            attackerId: 'A1',
            targetId: 'B1',
            turn: 3,
            rangeInches: 0,
            reason: 'target-in-close-combat',
          },
        },
        {
          type: 'CloseCombatEnded',
          data: {
            unitIds: ['A1', 'B1'],
            turn: 3,
            inContact: false,
            escaped: [],
            fled: [{ unitId: 'B1', caughtBy: ['A2'] }],
          },
        },
      ]);
    match.run({ type: 'Pursue', unitId: 'A1', pursue: false });
    // B1 left A1's contact and stays in close combat with A2 only.
    expect(match.state.contacts).toEqual([['A2', 'B1']]);
    expect(match.state.closeCombats.filter((cc) => !cc.resolved)).toEqual([
      { unitIds: ['A2', 'B1'], resolved: false, inContact: true },
    ]);
  });

  it('Q-23 a declined pursuit reveals nothing: no card may ride with it, and the card stays sealed', () => {
    const match = b1Flees();
    spec(atomicAfricaV2)
      .given(match.events)
      .when({ type: 'Pursue', unitId: 'A2', pursue: false, card: '6D' })
      .thenRefuses('Q-23', 'invalid');
    match.run({ type: 'Pursue', unitId: 'A2', pursue: false });
    expect(match.state.orders.A2).toMatchObject({ revealed: false });
    expect(match.last('PursuitDecided').data).toEqual(decided('A2', false, null, 'not-pursued').data);
  });

  it('AA-9 Q-23 a pursuer whose card allows no movement does not pursue, and the log says so', () => {
    const match = b1Flees('QS');
    spec(atomicAfricaV2)
      .given(match.events)
      .when({ type: 'Pursue', unitId: 'A2', pursue: true, card: 'QS', specialAction: 'dig-in' })
      .then([revealedEvent('A2', 'QS', 'dig-in'), decided('A2', true, null, 'cannot-move')]);
  });

  it('Q-23 Q-10 nobody faster: the fleeing unit escapes every contact and the activating opponent attacks at the In-transit range (AA-10)', () => {
    const match = b1Flees();
    match.run({ type: 'Pursue', unitId: 'A1', pursue: true });
    expect(match.last('PursuitDecided').data).toEqual(decided('A1', true, 6, 'escaped').data);
    match.run({ type: 'Pursue', unitId: 'A2', pursue: false });
    expect(atomicAfricaV2.awaiting(match.state)).toEqual([
      {
        command: 'ReportBreakOff',
        side: 'B',
        unitId: 'B1',
        ruleId: 'AA-8',
        combat: { kind: 'close-combat', unitIds: ['A1', 'B1'] },
      },
    ]);
    match.run({
      type: 'ReportBreakOff',
      unitId: 'B1',
      destination: 'the kraal',
      inTransit: 'the drift',
      rangeInches: 8,
    });
    spec(atomicAfricaV2)
      .given(match.events)
      .when({ type: 'ResolveCloseCombat', unitId: 'A1' }, [4, 5])
      .then((events) => {
        expect(events[0]).toMatchObject({
          type: 'CloseCombatAttackRolled',
          data: { attackerId: 'A1', targetId: 'B1', rangeInches: 8, threshold: 2, hits: 2, suppressed: true },
        });
        expect(events[1]).toEqual({
          type: 'CloseCombatEnded',
          data: {
            unitIds: ['A1', 'B1'],
            turn: 3,
            inContact: false,
            escaped: ['B1'],
            fled: [{ unitId: 'B1', caughtBy: [] }],
          },
        });
      });
  });

  it('Q-23 Q-15 the activating opponent that catches the fleeing unit attacks it at threshold 1, and they stay in close combat', () => {
    const match = battle({ A1: { movement: 8 }, B1: {} }, [['A1', 'B1']]);
    match.seal('A1', '5H').seal('B1', '9C');
    match.declare('A1', 'fight').declare('B1', 'flee');
    match.reveal('A1', '5H');
    match.reveal('B1', '9C');
    match.run({ type: 'Pursue', unitId: 'A1', pursue: true });
    expect(match.last('PursuitDecided').data.outcome).toBe('thwarted');
    expect(atomicAfricaV2.awaiting(match.state)).toEqual([
      awaitedOfA1B1('ResolveCloseCombat', 'A1', 'AA-11'),
    ]);
    const events = match.run({ type: 'ResolveCloseCombat', unitId: 'A1' }, [1, 3]);
    expect(events[0]).toMatchObject({ data: { threshold: 1, rangeInches: null } });
    expect(events[1]).toMatchObject({
      type: 'CloseCombatEnded',
      data: { inContact: true, escaped: [], fled: [{ unitId: 'B1', caughtBy: ['A1'] }] },
    });
    expect(match.state.contacts).toEqual([['A1', 'B1']]);
  });

  it('Q-23 an activating unit whose flee stands is offered to every enemy in contact, of the reacting side', () => {
    const match = battle({ A1: {}, B1: {}, B2: {} }, [
      ['A1', 'B1'],
      ['A1', 'B2'],
    ]);
    match.seal('A1', '9S').seal('B1', '5H').seal('B2', '4H');
    match.run({ type: 'DeclareIntent', unitId: 'A1', intent: 'flee', opponentId: 'B1' });
    match.declare('B1', 'fight');
    match.reveal('A1', '9S');
    match.reveal('B1', '5H');
    expect(atomicAfricaV2.awaiting(match.state)).toEqual([
      {
        command: 'Pursue',
        side: 'B',
        unitId: 'B1',
        ruleId: 'AA-9',
        combat: { kind: 'close-combat', unitIds: ['A1', 'B1'] },
      },
      {
        command: 'Pursue',
        side: 'B',
        unitId: 'B2',
        ruleId: 'AA-9',
        combat: { kind: 'close-combat', unitIds: ['A1', 'B1'] },
      },
    ]);
  });
});
