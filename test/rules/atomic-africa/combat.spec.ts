import { atomicAfrica, type AtomicAfricaCommand } from '../../../src/rules/atomic-africa/index.js';
import { spec } from '../../support/decider-spec.js';
import {
  breakOffReported,
  closeCombatAttackRolled,
  closeCombatEnded,
  matchCreated,
  type Orders,
  orderRevealed,
  ordersRevealed,
  orderSealed,
  pursuitDecided,
  unitRegistered,
} from '../../support/given-events/atomic-africa.js';
import { engaged } from './fixtures.js';

const aa = spec(atomicAfrica);

/** A1 and B1 in close combat in turn 3, their orders revealed. */
const revealedOrders = (orders: Orders, fighters: Parameters<typeof engaged> = []) => [
  ...engaged(...fighters).events,
  ...ordersRevealed(orders),
];

/** A1 flees on 7♠ (it stands); B1 (firepower 2) fights on 8♥, which does not pursue. */
const fleeingUnpursued = (parameters?: unknown) => [
  ...engaged({}, {}, parameters).events,
  ...ordersRevealed({ a: '7S', b: '8H', aIntent: 'flee', bIntent: 'fight' }),
  pursuitDecided('B1', 'A1', false),
];

/** ...and A1 escaped to `rangeInches` from B1 (AA-8). */
const escapedTo = (rangeInches: number, parameters?: unknown) => [
  ...fleeingUnpursued(parameters),
  breakOffReported('A1', rangeInches),
];

const breakOff = (rangeInches: number): AtomicAfricaCommand => ({
  type: 'ReportBreakOff',
  unitId: 'A1',
  destination: 'd',
  inTransit: 't',
  rangeInches,
});

const resolve = (unitId: string): AtomicAfricaCommand => ({ type: 'ResolveCloseCombat', unitId });

const bothFight = { a: '7H', b: '8C', aIntent: 'fight', bIntent: 'fight' } as const;

describe('atomic-africa: combat and ranged attacks', () => {
  it('AA-10 when both stay the threshold is 1, the activating unit attacks first, and an attack can still fail to suppress', () => {
    const given = aa.given(revealedOrders(bothFight));
    expect(given.state.activation?.reacting.attack).toBeNull();
    given.when(resolve('B1'), [6, 6]).thenRefuses('AA-10', 'conflict');
    const first = given.when(resolve('A1'), [3, 1]).then([
      {
        type: 'CloseCombatAttackRolled',
        data: {
          attackerId: 'A1',
          targetId: 'B1',
          turn: 3,
          rangeInches: null,
          firepower: 2,
          massFire: false,
          targetDugIn: false,
          diceCount: 2,
          hitOn: 4,
          threshold: 1,
          roll: { purpose: 'close-combat attack by A1 on B1', faces: [3, 1], origin: 'table', side: 'A' },
          hits: 0,
          suppressed: false,
        },
      },
    ]);
    aa.given([...revealedOrders(bothFight), ...first])
      .when(resolve('B1'), [4, 2])
      .then((second, after) => {
        expect(second[0]?.data).toMatchObject({ attackerId: 'B1', hits: 1, threshold: 1, suppressed: true });
        expect(second[0]?.data).toMatchObject({ roll: { side: 'B', origin: 'table' } });
        expect(second[1]).toEqual({
          type: 'CloseCombatEnded',
          data: { unitIds: ['A1', 'B1'], turn: 3, inContact: true, escaped: [] },
        });
        expect(after.activation).toBeNull();
      });
  });

  it('C-1 each attack rolls one D6 per firepower point from its own side, and needs exactly those faces', () => {
    const given = aa.given(revealedOrders(bothFight, [{ firepower: 3 }]));
    given.when(resolve('A1'), [6, 6]).thenRefuses('C-1', 'invalid');
    given.when(resolve('A1'), [6, 5, 4]).then(([attack]) =>
      expect(attack?.data).toMatchObject({
        diceCount: 3,
        hits: 3,
        roll: { faces: [6, 5, 4], side: 'A', origin: 'table' },
      }),
    );
  });

  it('AA-10 AA-11 the range between the In-transit figures sets the threshold: 1 to 6", 2 to 12", 3 to 24"', () => {
    aa.given(fleeingUnpursued())
      .when(breakOff(6))
      .then((events) => expect(events[1]).toBeUndefined());
    const cases: [number, number][] = [
      [0.5, 1],
      [6, 1],
      [6.5, 2],
      [12, 2],
      [20, 3],
      [24, 3],
    ];
    for (const [range, threshold] of cases) {
      aa.given(escapedTo(range))
        .when(resolve('B1'), [5, 6])
        .then(([attack]) =>
          expect(attack?.data).toMatchObject({
            rangeInches: range,
            threshold,
            hits: 2,
            suppressed: threshold <= 2,
          }),
        );
    }
  });

  it('AA-11 no attack beyond 24": the attack is recorded as forgone and nothing is rolled', () => {
    aa.given(fleeingUnpursued())
      .when(breakOff(24.5))
      .then((events, after) => {
        expect(events).toEqual([
          {
            type: 'BreakOffReported',
            data: { unitId: 'A1', turn: 3, destination: 'd', inTransit: 't', rangeInches: 24.5 },
          },
          {
            type: 'CloseCombatAttackForgone',
            data: { attackerId: 'B1', targetId: 'A1', turn: 3, rangeInches: 24.5, reason: 'beyond-range' },
          },
          {
            type: 'CloseCombatEnded',
            data: { unitIds: ['A1', 'B1'], turn: 3, inContact: false, escaped: ['A1'] },
          },
        ]);
        expect(after.activation).toBeNull();
      });
  });

  it('Q-15 a unit whose flee stands does not attack; its opponent does', () => {
    const given = aa.given(escapedTo(3));
    given.when(resolve('A1'), [6, 6]).thenRefuses('AA-10', 'conflict');
    const events = given
      .when(resolve('B1'), [1, 1])
      .then((events) =>
        expect(events.map((e) => e.type)).toEqual(['CloseCombatAttackRolled', 'CloseCombatEnded']),
      );
    expect([...escapedTo(3), ...events].filter((e) => e.type === 'CloseCombatAttackRolled')).toHaveLength(1);
  });

  it('AA-11 Mass Fire doubles the attacker’s dice and Dig-in on the target makes each hit need 5', () => {
    const given = revealedOrders({
      a: 'JD',
      b: 'QS',
      aIntent: 'fight',
      bIntent: 'fight',
      aAction: 'mass-fire',
      bAction: 'dig-in',
    });
    const massFire = aa
      .given(given)
      .when(resolve('A1'), [4, 4, 5, 1])
      .then(([attack]) =>
        expect(attack?.data).toMatchObject({
          massFire: true,
          targetDugIn: true,
          diceCount: 4,
          hitOn: 5,
          hits: 1,
          suppressed: true,
        }),
      );
    aa.given([...given, ...massFire])
      .when(resolve('B1'), [4, 3])
      .then(([plain]) =>
        expect(plain?.data).toMatchObject({
          massFire: false,
          targetDugIn: false,
          diceCount: 2,
          hitOn: 4,
          hits: 1,
        }),
      );
  });

  it('Q-11 the stand-in is data: another hit number and other bands change the outcome', () => {
    const parameters = { rangedAttack: { hitOn: 6, rangeBands: [{ upTo: 30, threshold: 2 }] } };
    aa.given(fleeingUnpursued(parameters))
      .when(breakOff(28))
      .then((events) => expect(events.map((e) => e.type)).toEqual(['BreakOffReported']));
    aa.given(escapedTo(28, parameters))
      .when(resolve('B1'), [5, 6])
      .then(([attack]) =>
        expect(attack?.data).toMatchObject({ hitOn: 6, threshold: 2, hits: 1, suppressed: false }),
      );
  });

  it('AA-11 an ordinary ranged attack uses the stand-in; beyond 24" it is refused; no firepower rolls nothing', () => {
    const units = [
      matchCreated(),
      unitRegistered('A1', 'A', 'infantry', 6, 3),
      unitRegistered('V1', 'B', 'vehicle', 10, 2),
      unitRegistered('B0', 'B', 'infantry', 6, 0),
    ];
    const shot = aa
      .given(units)
      .when({ type: 'RangedAttack', attackerId: 'V1', targetId: 'A1', rangeInches: 10 }, [4, 6])
      .then([
        {
          type: 'RangedAttackRolled',
          data: {
            attackerId: 'V1',
            targetId: 'A1',
            turn: 1,
            rangeInches: 10,
            firepower: 2,
            massFire: false,
            targetDugIn: false,
            diceCount: 2,
            hitOn: 4,
            threshold: 2,
            roll: { purpose: 'ranged attack by V1 on A1', faces: [4, 6], origin: 'table', side: 'B' },
            hits: 2,
            suppressed: true,
          },
        },
      ]);
    const given = aa.given([...units, ...shot]);
    given
      .when({ type: 'RangedAttack', attackerId: 'A1', targetId: 'V1', rangeInches: 25 }, [6, 6, 6])
      .thenRefuses('AA-11', 'invalid');
    given
      .when({ type: 'RangedAttack', attackerId: 'A1', targetId: 'B0', rangeInches: -2 }, [6, 6, 6])
      .thenRefuses('AA-11', 'invalid');
    given
      .when({ type: 'RangedAttack', attackerId: 'B0', targetId: 'A1', rangeInches: 1 })
      .then(([none]) =>
        expect(none?.data).toMatchObject({ diceCount: 0, roll: null, hits: 0, suppressed: false }),
      );
  });

  it('AA-11 a revealed Mass Fire or Dig-in counts in ordinary shooting too; a sealed one does not', () => {
    const sealed = [
      matchCreated(),
      unitRegistered('A1', 'A', 'infantry', 6, 1),
      unitRegistered('B1', 'B', 'infantry', 6, 1),
      orderSealed('A1', 'A', 'KH', 1),
      orderSealed('B1', 'B', 'JS', 1),
    ];
    const shoot = { type: 'RangedAttack', attackerId: 'A1', targetId: 'B1', rangeInches: 4 } as const;
    const first = aa
      .given(sealed)
      .when(shoot, [4])
      .then(([attack]) =>
        expect(attack?.data).toMatchObject({ massFire: false, targetDugIn: false, diceCount: 1, hitOn: 4 }),
      );
    aa.given([
      ...sealed,
      ...first,
      orderRevealed('A1', 'A', 'KH', 'mass-fire', 1),
      orderRevealed('B1', 'B', 'JS', 'dig-in', 1),
    ])
      .when(shoot, [4, 5])
      .then(([open]) =>
        expect(open?.data).toMatchObject({
          massFire: true,
          targetDugIn: true,
          diceCount: 2,
          hitOn: 5,
          hits: 1,
        }),
      );
  });

  it('AA-12 a unit outside a close combat may not fire at a unit in close combat, nor may one in it shoot out', () => {
    const given = aa.given([...engaged().events, unitRegistered('A2', 'A'), unitRegistered('B2', 'B')]);
    given
      .when({ type: 'RangedAttack', attackerId: 'A2', targetId: 'B1', rangeInches: 4 }, [6, 6])
      .thenRefuses('AA-12', 'conflict');
    given
      .when({ type: 'RangedAttack', attackerId: 'B1', targetId: 'A2', rangeInches: 4 }, [6, 6])
      .thenRefuses('AA-4', 'conflict');
    given
      .when({ type: 'RangedAttack', attackerId: 'A2', targetId: 'B2', rangeInches: 4 }, [6, 6])
      .then(([attack]) => expect(attack?.type).toBe('RangedAttackRolled'));
  });

  it('AA-12 once a unit has broken off and escaped it is no longer in close combat and may be fired at', () => {
    const fought = [
      ...escapedTo(3),
      closeCombatAttackRolled('B1', 'A1', 'B', [1, 1], { rangeInches: 3 }),
      closeCombatEnded(['A1']),
      unitRegistered('B2', 'B', 'infantry', 6, 1),
    ];
    const shot = aa
      .given(fought)
      .when({ type: 'RangedAttack', attackerId: 'B2', targetId: 'A1', rangeInches: 8 }, [2])
      .then(([attack]) => expect(attack?.type).toBe('RangedAttackRolled'));
    // B1 stayed: it is no longer in contact either, so it may shoot again
    aa.given([...fought, ...shot])
      .when({ type: 'RangedAttack', attackerId: 'B1', targetId: 'A1', rangeInches: 8 }, [2, 3])
      .then(([attack]) => expect(attack?.type).toBe('RangedAttackRolled'));
  });
});
