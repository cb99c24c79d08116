import { atomicAfrica, type AtomicAfricaCommand } from '../../../src/rules/atomic-africa/index.js';
import { spec } from '../../support/decider-spec.js';
import {
  breakOffReported,
  closeCombatAttackRolled,
  closeCombatEnded,
  type Orders,
  ordersRevealed,
  pursuitDecided,
} from '../../support/given-events/atomic-africa.js';
import { engaged, type Fighter } from './fixtures.js';

const aa = spec(atomicAfrica);

/** A1 and B1 in close combat in turn 3, their orders revealed. */
const revealedOrders = (orders: Orders, a: Fighter = {}, b: Fighter = {}) => [
  ...engaged(a, b).events,
  ...ordersRevealed(orders),
];

/** A1 flees on 7♠ (it stands); B1 fights on 8♣ (its card allows movement, so it may pursue). */
const fleeing = (aMovement: number, bMovement: number, b: Fighter = {}) =>
  revealedOrders(
    { a: '7S', b: '8C', aIntent: 'flee', bIntent: 'fight' },
    { movement: aMovement },
    {
      movement: bMovement,
      ...b,
    },
  );

const pursue = (pursue: boolean): AtomicAfricaCommand => ({ type: 'Pursue', unitId: 'B1', pursue });

const breakOff = (
  unitId: string,
  rangeInches?: number,
  where = { destination: 'd', inTransit: 't' },
): AtomicAfricaCommand => ({ type: 'ReportBreakOff', unitId, ...where, rangeInches });

const resolve = (unitId: string): AtomicAfricaCommand => ({ type: 'ResolveCloseCombat', unitId });

describe('atomic-africa: pursuit and breaking off', () => {
  it('AA-9 a faster pursuer thwarts the escape: both stay in close combat, threshold 1, the caught unit does not fire', () => {
    const given = aa.given(fleeing(6, 8));
    expect(given.state.activation).toMatchObject({ pursuit: null });
    given.when(pursue(true)).then([
      {
        type: 'PursuitDecided',
        data: {
          unitId: 'B1',
          fleeingId: 'A1',
          turn: 3,
          pursue: true,
          pursuerMovement: 8,
          fleeingMovement: 6,
          outcome: 'thwarted',
        },
      },
    ]);
    const caught = aa.given([...fleeing(6, 8), pursuitDecided('B1', 'A1', true, { pursuer: 8, fleeing: 6 })]);
    // caught: no figures to place (AA-8), and A1 does not attack
    caught.when(breakOff('A1', 3, { destination: 'x', inTransit: 'y' })).thenRefuses('AA-8', 'conflict');
    caught.when(resolve('A1'), [6, 6]).thenRefuses('AA-10', 'conflict');
    caught.when(resolve('B1'), [3, 4]).then((events) => {
      expect(events.map((e) => e.type)).toEqual(['CloseCombatAttackRolled', 'CloseCombatEnded']);
      expect(events[0]?.data).toMatchObject({
        attackerId: 'B1',
        targetId: 'A1',
        threshold: 1,
        rangeInches: null,
        hits: 1,
        suppressed: true,
      });
      expect(events[1]?.data).toEqual({ unitIds: ['A1', 'B1'], turn: 3, inContact: true, escaped: [] });
    });
    // still in contact: they begin the next turn in close combat again (AA-3)
    aa.given([
      ...fleeing(6, 8),
      pursuitDecided('B1', 'A1', true, { pursuer: 8, fleeing: 6 }),
      closeCombatAttackRolled('B1', 'A1', 'B', [3, 4]),
      closeCombatEnded(),
    ])
      .when({ type: 'EndTurn' })
      .then((events) => expect(events.map((e) => e.type)).toEqual(['TurnEnded', 'CloseCombatBegan']));
  });

  it('Q-10 AA-9 at equal movement the escape succeeds, the unit places its figures, and the contact is gone', () => {
    aa.given(fleeing(6, 6))
      .when(pursue(true))
      .then(([pursuit]) =>
        expect(pursuit?.data).toMatchObject({ pursuerMovement: 6, fleeingMovement: 6, outcome: 'escaped' }),
      );
    const escaped = [...fleeing(6, 6), pursuitDecided('B1', 'A1', true)];
    aa.given(escaped)
      .when(breakOff('A1', 5, { destination: 'behind the kraal', inTransit: 'kraal gate' }))
      .then([
        {
          type: 'BreakOffReported',
          data: {
            unitId: 'A1',
            turn: 3,
            destination: 'behind the kraal',
            inTransit: 'kraal gate',
            rangeInches: 5,
          },
        },
      ]);
    const placed = [
      ...escaped,
      breakOffReported('A1', 5, { destination: 'behind the kraal', inTransit: 'kraal gate' }),
    ];
    aa.given(placed)
      .when(resolve('B1'), [1, 2])
      .then((events, after) => {
        expect(events.find((e) => e.type === 'CloseCombatEnded')?.data).toEqual({
          unitIds: ['A1', 'B1'],
          turn: 3,
          inContact: false,
          escaped: ['A1'],
        });
        expect(after.contacts).toEqual([]);
      });
    aa.given([
      ...placed,
      closeCombatAttackRolled('B1', 'A1', 'B', [1, 2], { rangeInches: 5 }),
      closeCombatEnded(['A1']),
    ])
      .when({ type: 'EndTurn' })
      .then((events) => expect(events.map((e) => e.type)).toEqual(['TurnEnded']));
  });

  it('AA-9 a slower pursuer cannot catch the fleeing unit', () => {
    aa.given(fleeing(8, 4))
      .when(pursue(true))
      .then(([pursuit]) =>
        expect(pursuit?.data).toMatchObject({ pursuerMovement: 4, fleeingMovement: 8, outcome: 'escaped' }),
      );
  });

  it('AA-9 a unit may choose not to pursue, even when faster', () => {
    aa.given(fleeing(4, 8))
      .when(pursue(false))
      .then(([pursuit], after) => {
        expect(pursuit?.data).toMatchObject({ pursue: false, outcome: 'not-pursued' });
        expect(after.activation?.pursuit).toEqual({ unitId: 'B1', outcome: 'not-pursued' });
      });
  });

  it('AA-9 Sprint doubles a light infantry pursuer’s movement', () => {
    aa.given(
      revealedOrders(
        { a: '7S', b: 'JH', aIntent: 'flee', bIntent: 'fight', bAction: 'sprint' },
        { movement: 6 },
        { movement: 4, unitType: 'light-infantry' },
      ),
    )
      .when(pursue(true))
      .then(([pursuit]) =>
        expect(pursuit?.data).toMatchObject({ pursuerMovement: 8, fleeingMovement: 6, outcome: 'thwarted' }),
      );
  });

  it('AA-9 an opponent whose card does not allow movement cannot pursue; the fleeing unit just breaks off', () => {
    const given = aa.given(
      revealedOrders(
        { a: '7S', b: 'QH', aIntent: 'flee', bIntent: 'fight', bAction: 'dig-in' },
        { movement: 4 },
        { movement: 12 },
      ),
    );
    given.when(pursue(true)).thenRefuses('AA-9', 'conflict');
    expect(given.state.activation?.pursuit).toBeNull();
    given
      .when(breakOff('A1', 2))
      .then((events, after) => expect(after.activation?.activating.brokeOff).toBe(true));
  });

  it('AA-8 AA-10 the break-off report needs the range when the opponent attacks; only the fleeing side reports', () => {
    aa.given(fleeing(6, 6)).when(breakOff('A1', 5)).thenRefuses('AA-8', 'conflict');
    const notPursued = aa.given([...fleeing(6, 6), pursuitDecided('B1', 'A1', false)]);
    notPursued.when(breakOff('A1')).thenRefuses('AA-10', 'invalid');
    notPursued.when(breakOff('A1', 5, { destination: '', inTransit: 't' })).thenRefuses('AA-8', 'invalid');
    notPursued.when(breakOff('A1', -1)).thenRefuses('AA-10', 'invalid');
    // AA-8: a unit that stays moves nothing
    notPursued.when(breakOff('B1', 5)).thenRefuses('AA-8', 'conflict');
  });

  it('AA-8 Q-15 when both flees stand, both break off, nobody pursues and nobody attacks', () => {
    const bothFlee = revealedOrders({ a: '7S', b: 'AC', aIntent: 'flee', bIntent: 'flee' });
    const given = aa.given(bothFlee);
    expect(given.state.activation).toMatchObject({
      activating: { flee: 'stands' },
      reacting: { flee: 'stands' },
    });
    given.when(pursue(true)).thenRefuses('AA-9', 'conflict');
    given.when(breakOff('A1', 9)).thenRefuses('AA-10', 'invalid');
    given
      .when(breakOff('B1'))
      .then((events) => expect(events.map((e) => e.type)).toEqual(['BreakOffReported']));
    aa.given([...bothFlee, breakOffReported('B1', null)])
      .when(breakOff('A1', undefined, { destination: 'd2', inTransit: 't2' }))
      .then((last) => {
        expect(last.map((e) => e.type)).toEqual(['BreakOffReported', 'CloseCombatEnded']);
        expect(last[1]?.data).toEqual({
          unitIds: ['A1', 'B1'],
          turn: 3,
          inContact: false,
          escaped: ['A1', 'B1'],
        });
      });
  });
});
