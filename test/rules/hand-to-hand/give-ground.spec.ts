import { handToHand, type HandToHandEvent } from '../../../src/rules/hand-to-hand/index.js';
import { spec } from '../../support/decider-spec.js';
import {
  chargedAndHeld,
  chargedIntoContact,
  fledBroken,
  groundGiven,
  impactRolled,
  meleeTested,
  meleeTestOf,
  moraleTested,
  rallyTestRequired,
  reformStuck,
  restriction,
  standardTable,
  turnEnded,
} from '../../support/given-events/hand-to-hand.js';
import {
  charge,
  endTurn,
  giveGround,
  matchOf,
  meleeTest,
  rallyTest,
  rollImpact,
  shootingTest,
  unitIn,
  WILL_PASS,
  withdraw,
} from './fixtures.js';

const hh = spec(handToHand);

/** Z1 charges N1 (morale 7) frontally, impact 4, N1 tests against 3 and rolls these faces. */
const REFORM: [number, number] = [2, 3]; // 5: fails by 2
const RETREAT: [number, number] = [3, 5]; // 8: fails by 5
const BREAK: [number, number] = [5, 6]; // 11: fails by 8

/** The standard table, and N1's melee test against Z1's impact of 4 with these faces. */
const failed = (faces: [number, number]) => [...standardTable(), ...meleeTestOf(3, faces)];

/** Z1 hit N1 with an impact of 4: the match waits for N1's melee test. */
const impactOf4 = [
  ...standardTable(),
  ...chargedIntoContact('C1', 'Z1', 'N1'),
  impactRolled('C1', 'Z1', 'N1', 3),
];

/** HH-11: N1 reformed and could move, in turn 1. */
const REFORMED = groundGiven('N1', 'reform', {
  couldMove: true,
  brokeContactWith: ['Z1'],
  restrictions: [restriction('attack', 2, 'HH-11')],
  impactBonusAgainst: { value: 1, inTurn: 3, ruleId: 'HH-11' },
});

/** HH-11: N1's reform stuck `times` times in a row (each repeat: impact die 3 +1, test 1+3, reform). */
function stuck(times: number): HandToHandEvent[] {
  const events = [...failed(REFORM), ...reformStuck('N1', 1)];
  for (let count = 2; count <= times; count++) {
    const impact = impactRolled('C1', 'Z1', 'N1', 3, { repeat: true });
    events.push(impact, ...meleeTested(impact, 7, [1, 3]), ...reformStuck('N1', count));
  }
  return events;
}

/** HH-13: N1 broke in turn 1 and fled; side A ended the turn, so N1 owes its rally test. */
const brokenAndDue = [
  ...failed(BREAK),
  fledBroken('N1', 2, { brokeContactWith: ['Z1'] }),
  turnEnded(1, 'A'),
  rallyTestRequired('N1', 'B', 2),
];

describe('hand-to-hand: giving ground after a failed test (HH-11 to HH-15)', () => {
  it('HH-11 a melee reform that can move: contact broken, cannot attack in its next phase, +1 for enemies in their next turn', () => {
    const gave = hh
      .given(failed(REFORM))
      .when(giveGround('N1', true))
      .then([
        {
          type: 'GroundGiven',
          data: {
            unitId: 'N1',
            chargeId: 'C1',
            cause: 'melee',
            outcome: 'reform',
            couldMove: true,
            leftTable: false,
            brokeContactWith: ['Z1'],
            disordered: false,
            broken: false,
            restrictions: [{ restriction: 'attack', inTurn: 2, ruleId: 'HH-11' }],
            impactBonusAgainst: { value: 1, inTurn: 3, ruleId: 'HH-11' },
          },
        },
      ]);
    const reformed = [...failed(REFORM), ...gave];
    expect(unitIn(hh.given(reformed).state, 'Z1').contacts).toEqual([]);

    // turn 2 (N1's next phase): it cannot attack
    const refusal = hh
      .given([...reformed, turnEnded(1, 'A')])
      .when(charge('C2', 'N1', 'Z1'), WILL_PASS)
      .thenRefuses('HH-11');
    expect(refusal.message).toBe('HH-11: unit N1 cannot attack in turn 2');

    // turn 3 (the Zulus' next turn): any Zulu attacking N1 gets +1
    hh.given([
      ...reformed,
      turnEnded(1, 'A'),
      turnEnded(2, 'B'),
      ...chargedIntoContact('C3', 'Z2', 'N1', { turn: 3 }),
    ])
      .when(rollImpact('C3'), [2])
      .then(([impact]) =>
        expect(impact?.data).toMatchObject({
          modifiers: [
            { name: 'charge', value: 1, ruleId: 'HH-7' },
            { name: 'reform bonus', value: 1, ruleId: 'HH-11' },
          ],
          impact: 4,
        }),
      );
  });

  it("HH-11 the pending +1 applies in the enemy side's next turn only: not the same turn, not later", () => {
    // same turn 1: Z2 attacks N1 without the bonus
    const sameTurnGiven = [...failed(REFORM), REFORMED, ...chargedIntoContact('C2', 'Z2', 'N1')];
    const sameTurn = hh
      .given(sameTurnGiven)
      .when(rollImpact('C2'), [1])
      .then(([impact]) =>
        expect(impact?.data).toMatchObject({
          modifiers: [{ name: 'charge', value: 1, ruleId: 'HH-7' }],
          impact: 2,
        }),
      );
    const held = [
      ...sameTurnGiven,
      ...sameTurn,
      moraleTested('N1', 7, [1, 2], { chargeId: 'C2', impact: 2 }),
      turnEnded(1, 'A'),
      turnEnded(2, 'B'),
    ];
    expect(unitIn(hh.given(held).state, 'N1').impactBonusAgainst).toEqual({
      value: 1,
      inTurn: 3,
      ruleId: 'HH-11',
    });
    // turn 4: expired
    const expired = [...held, turnEnded(3, 'A')];
    expect(unitIn(hh.given(expired).state, 'N1').impactBonusAgainst).toBeNull();
    // turn 5: Z3 attacks N1's flank: charge and flank only
    hh.given([
      ...expired,
      turnEnded(4, 'B'),
      ...chargedIntoContact('C5', 'Z3', 'N1', { aspect: 'left-flank', turn: 5 }),
    ])
      .when(rollImpact('C5'), [1])
      .then(([later]) =>
        expect(later?.data).toMatchObject({
          modifiers: [
            { name: 'charge', value: 1, ruleId: 'HH-7' },
            { name: 'flank', value: 1, ruleId: 'HH-7' },
          ],
          impact: 3,
        }),
      );
  });

  it('HH-11 / Q-12 a stuck melee reform repeats the impact with +1, not cumulative; Q-7 the third in a row surrenders', () => {
    // first stuck reform: disordered, the process repeats
    const first = hh
      .given(failed(REFORM))
      .when(giveGround('N1', false))
      .then([
        {
          type: 'GroundGiven',
          data: {
            unitId: 'N1',
            chargeId: 'C1',
            cause: 'melee',
            outcome: 'reform',
            couldMove: false,
            leftTable: false,
            brokeContactWith: [],
            disordered: true,
            broken: false,
            restrictions: [],
            impactBonusAgainst: null,
          },
        },
        { type: 'ReformStuck', data: { unitId: 'N1', chargeId: 'C1', count: 1, surrenders: false } },
      ]);
    const afterFirst = hh.given([...failed(REFORM), ...first]).state;
    expect(matchOf(afterFirst).awaiting).toEqual([
      { step: 'impact-roll', unitId: 'Z1', chargeId: 'C1', side: 'A', ruleId: 'HH-7' },
    ]);
    expect(unitIn(afterFirst, 'N1').contacts).toEqual([{ unitId: 'Z1', aspect: 'front', sinceTurn: 1 }]);

    const repeatedModifiers = [
      { name: 'charge', value: 1, ruleId: 'HH-7' },
      { name: 'repeated impact', value: 1, ruleId: 'HH-11' },
    ];
    hh.given(stuck(1))
      .when(rollImpact('C1'), [3])
      .then(([second]) =>
        expect(second?.data).toMatchObject({
          modifiers: repeatedModifiers,
          total: 5,
          impact: 5,
          repeat: true,
        }),
      );
    const secondImpact = impactRolled('C1', 'Z1', 'N1', 3, { repeat: true });
    hh.given([...stuck(1), secondImpact])
      .when(meleeTest('N1'), [1, 3]) // 7 − 5 = 2, rolls 4: reform again
      .then(([secondTest]) =>
        expect(secondTest?.data).toMatchObject({ effectiveMorale: 2, margin: 2, outcome: 'reform' }),
      );
    hh.given([...stuck(1), secondImpact, ...meleeTested(secondImpact, 7, [1, 3])])
      .when(giveGround('N1', false))
      .then((events) =>
        expect(events[1]).toEqual({
          type: 'ReformStuck',
          data: { unitId: 'N1', chargeId: 'C1', count: 2, surrenders: false },
        }),
      );

    // the third impact still has a single +1
    hh.given(stuck(2))
      .when(rollImpact('C1'), [3])
      .then(([third]) =>
        expect(third?.data).toMatchObject({ modifiers: repeatedModifiers, total: 5, repeat: true }),
      );
    hh.given([...stuck(2), secondImpact, ...meleeTested(secondImpact, 7, [1, 3])])
      .when(giveGround('N1', false))
      .then((surrender, after) => {
        expect(surrender.map((event) => event.type)).toEqual(['GroundGiven', 'ReformStuck', 'UnitRemoved']);
        expect(surrender[1]?.data).toEqual({ unitId: 'N1', chargeId: 'C1', count: 3, surrenders: true });
        expect(surrender[2]?.data).toEqual({
          unitId: 'N1',
          reason: 'stuck-reform-surrender',
          ruleId: 'HH-11',
        });
        expect(matchOf(after).awaiting).toEqual([]);
        expect(unitIn(after, 'N1').status).toBe('removed');
      });
  });

  it('Q-7 the stuck-reform run resets when the unit passes, or when it moves', () => {
    expect(unitIn(hh.given(stuck(1)).state, 'N1').stuckReformCount).toBe(1);
    const repeat = impactRolled('C1', 'Z1', 'N1', 1, { repeat: true }); // 1 + 1 + 1 = 3 → tests against 4
    const passed = hh
      .given([...stuck(1), repeat])
      .when(meleeTest('N1'), [1, 2])
      .then((events, after) => {
        expect(unitIn(after, 'N1').stuckReformCount).toBe(0);
        expect(matchOf(after).awaiting).toEqual([]);
      });
    // a new melee in turn 3 starts without the repeat bonus
    hh.given([
      ...stuck(1),
      repeat,
      ...passed,
      turnEnded(1, 'A'),
      turnEnded(2, 'B'),
      ...chargedIntoContact('C3', 'Z2', 'N1', { aspect: 'left-flank', turn: 3 }),
    ])
      .when(rollImpact('C3'), [1])
      .then(([impact]) => expect(impact?.data).toMatchObject({ repeat: false, impact: 3 }));

    const moved = impactRolled('C1', 'Z1', 'N1', 3, { repeat: true });
    hh.given([...stuck(1), moved, ...meleeTested(moved, 7, [1, 3])])
      .when(giveGround('N1', true))
      .then((events, after) => expect(unitIn(after, 'N1').stuckReformCount).toBe(0));
  });

  it('HH-11 a shooting reform that cannot move: disordered, may not fire in its next phase, no repeat', () => {
    const tested = hh
      .given(standardTable())
      .when(shootingTest('B1', 4), [3, 4]) // 9 − 4 = 5, rolls 7: reform
      .then(([test], after) => {
        expect(test?.data).toMatchObject({
          cause: 'shooting',
          penalty: 4,
          effectiveMorale: 5,
          margin: 2,
          outcome: 'reform',
        });
        expect(matchOf(after).awaiting).toEqual([
          {
            step: 'give-ground-report',
            unitId: 'B1',
            chargeId: null,
            side: 'B',
            ruleId: 'HH-11',
            cause: 'shooting',
            outcome: 'reform',
          },
        ]);
      });
    const gave = hh
      .given([...standardTable(), ...tested])
      .when(giveGround('B1', false))
      .then([
        {
          type: 'GroundGiven',
          data: {
            unitId: 'B1',
            chargeId: null,
            cause: 'shooting',
            outcome: 'reform',
            couldMove: false,
            leftTable: false,
            brokeContactWith: [],
            disordered: true,
            broken: false,
            restrictions: [{ restriction: 'fire', inTurn: 2, ruleId: 'HH-11' }],
            impactBonusAgainst: null,
          },
        },
      ]);
    const after = hh.given([...standardTable(), ...tested, ...gave]).state;
    expect(matchOf(after).awaiting).toEqual([]);
    expect(unitIn(after, 'B1').cannotFire).toEqual({ inTurn: 2, ruleId: 'HH-11' });
  });

  it('HH-11 a shooting reform that can move may not advance in its next phase, but may return fire', () => {
    const tested = [
      ...standardTable(),
      moraleTested('B1', 9, [3, 4], { cause: 'shooting', penalty: 4 }), // 9 − 4 = 5, rolls 7: reform
    ];
    const gave = hh
      .given(tested)
      .when(giveGround('B1', true))
      .then(([given_], after) => {
        expect(given_?.data).toMatchObject({
          disordered: false,
          restrictions: [{ restriction: 'advance', inTurn: 2, ruleId: 'HH-11' }],
          impactBonusAgainst: null,
        });
        expect(unitIn(after, 'B1').cannotFire).toBeNull();
      });
    const refusal = hh
      .given([...tested, ...gave, turnEnded(1, 'A')])
      .when(charge('C2', 'B1', 'Z1'), WILL_PASS)
      .thenRefuses('HH-11');
    expect(refusal.message).toBe('HH-11: unit B1 may not advance in turn 2');
    // the restriction expires after its turn
    const later = hh.given([...tested, ...gave, turnEnded(1, 'A'), turnEnded(2, 'B')]).state;
    expect(unitIn(later, 'B1').cannotAdvance).toBeNull();
  });

  it('HH-12 a melee retreat that can move: disordered, cannot attack in its next phase, +2 for enemies in their next turn', () => {
    hh.given(impactOf4)
      .when(meleeTest('N1'), RETREAT)
      .then(([test]) => expect(test?.data).toMatchObject({ margin: 5, outcome: 'retreat' }));
    const gave = hh
      .given(failed(RETREAT))
      .when(giveGround('N1', true))
      .then(([given_]) =>
        expect(given_?.data).toMatchObject({
          outcome: 'retreat',
          brokeContactWith: ['Z1'],
          disordered: true,
          restrictions: [{ restriction: 'attack', inTurn: 2, ruleId: 'HH-12' }],
          impactBonusAgainst: { value: 2, inTurn: 3, ruleId: 'HH-12' },
        }),
      );
    const retreated = [...failed(RETREAT), ...gave, turnEnded(1, 'A')];
    hh.given(retreated)
      .when(charge('C2', 'N1', 'Z2'), WILL_PASS)
      .thenRefuses('HH-12');
    hh.given([...retreated, turnEnded(2, 'B'), ...chargedIntoContact('C3', 'Z2', 'N1', { turn: 3 })])
      .when(rollImpact('C3'), [1])
      .then(([impact]) =>
        expect(impact?.data).toMatchObject({
          modifiers: [
            { name: 'charge', value: 1, ruleId: 'HH-7' },
            { name: 'retreat bonus', value: 2, ruleId: 'HH-12' },
          ],
          impact: 4,
        }),
      );
  });

  it('HH-12 a retreat that cannot move is removed', () => {
    hh.given(failed(RETREAT))
      .when(giveGround('N1', false))
      .then((events, after) => {
        expect(events.map((event) => event.type)).toEqual(['GroundGiven', 'UnitRemoved']);
        expect(events[1]?.data).toEqual({ unitId: 'N1', reason: 'retreat-blocked', ruleId: 'HH-12' });
        expect(unitIn(after, 'Z1').contacts).toEqual([]);
      });
  });

  it('HH-12 after shooting, a retreat may neither advance nor return fire in its next phase', () => {
    const tested = hh
      .given(standardTable())
      .when(shootingTest('B1', 4), [5, 6]) // 9 − 4 = 5, rolls 11: fails by 6
      .then(([test]) => expect(test?.data).toMatchObject({ margin: 6, outcome: 'retreat' }));
    hh.given([...standardTable(), ...tested])
      .when(giveGround('B1', true))
      .then(([given_]) =>
        expect(given_?.data).toMatchObject({
          disordered: true,
          restrictions: [
            { restriction: 'advance', inTurn: 2, ruleId: 'HH-12' },
            { restriction: 'fire', inTurn: 2, ruleId: 'HH-12' },
          ],
          impactBonusAgainst: null,
        }),
      );
  });

  it('HH-13 a break that cannot move is removed', () => {
    hh.given(failed(BREAK))
      .when(giveGround('N1', false))
      .then((events) =>
        expect(events[1]?.data).toEqual({ unitId: 'N1', reason: 'break-blocked', ruleId: 'HH-13' }),
      );
  });

  it('HH-13 a broken unit does not move and takes a rally test at the start of its next turn; pass: it reforms, neither moves nor fires', () => {
    hh.given(impactOf4)
      .when(meleeTest('N1'), BREAK)
      .then(([test]) => expect(test?.data).toMatchObject({ margin: 8, outcome: 'break' }));
    const fled = hh
      .given(failed(BREAK))
      .when(giveGround('N1', true))
      .then(([given_]) =>
        expect(given_?.data).toMatchObject({
          disordered: true,
          broken: true,
          restrictions: [{ restriction: 'move', inTurn: 2, ruleId: 'HH-13' }],
          impactBonusAgainst: null,
        }),
      );

    const ended = hh
      .given([...failed(BREAK), ...fled])
      .when(endTurn)
      .then([
        { type: 'TurnEnded', data: { endedTurn: 1, endedSide: 'A', turn: 2, activeSide: 'B' } },
        { type: 'RallyTestRequired', data: { unitId: 'N1', side: 'B', turn: 2 } },
      ]);
    const due = hh.given([...failed(BREAK), ...fled, ...ended]);
    expect(matchOf(due.state).awaiting).toEqual([
      { step: 'rally-test', unitId: 'N1', chargeId: null, side: 'B', ruleId: 'HH-13' },
    ]);
    due.when(charge('C2', 'N2', 'Z2'), WILL_PASS).thenRefuses('HH-13');
    due.when(endTurn).thenRefuses('C-4');

    const rallied = due.when(rallyTest('N1'), [3, 4]).then([
      {
        type: 'MoraleTested',
        data: {
          unitId: 'N1',
          chargeId: null,
          cause: 'rally',
          roll: { purpose: 'rally test', faces: [3, 4], origin: 'table', side: 'B' },
          baseMorale: 7,
          impact: null,
          penalty: null,
          effectiveMorale: 7,
          total: 7,
          passed: true,
          autoPassedOnDouble: false,
          margin: 0,
          outcome: 'passed',
        },
      },
      {
        type: 'UnitRallied',
        data: {
          unitId: 'N1',
          restrictions: [
            { restriction: 'move', inTurn: 2, ruleId: 'HH-13' },
            { restriction: 'fire', inTurn: 2, ruleId: 'HH-13' },
          ],
        },
      },
    ]);
    const afterRally = hh.given([...brokenAndDue, ...rallied]);
    expect(unitIn(afterRally.state, 'N1')).toMatchObject({
      broken: false,
      disordered: false,
      cannotFire: { inTurn: 2, ruleId: 'HH-13' },
    });
    expect(afterRally.when(charge('C2', 'N1', 'Z1'), WILL_PASS).thenRefuses('HH-13').message).toBe(
      'HH-13: unit N1 may not move in turn 2',
    );
    const later = hh.given([...brokenAndDue, ...rallied, turnEnded(2, 'B'), turnEnded(3, 'A')]).state;
    expect(unitIn(later, 'N1')).toMatchObject({ cannotMove: null, cannotFire: null });
  });

  it('HH-13 / Q-13 the rally test is against base morale with the doubles rule; failing it removes the unit', () => {
    hh.given(brokenAndDue)
      .when(rallyTest('N1'), [5, 6])
      .then((events, after) => {
        expect(events[0]?.data).toMatchObject({ effectiveMorale: 7, total: 11, passed: false, margin: 4 });
        expect(events[1]).toEqual({
          type: 'UnitRemoved',
          data: { unitId: 'N1', reason: 'failed-rally', ruleId: 'HH-13' },
        });
        expect(matchOf(after).awaiting).toEqual([]);
      });

    hh.given(brokenAndDue)
      .when(rallyTest('N1'), [6, 6])
      .then(([rally]) =>
        expect(rally?.data).toMatchObject({
          total: 12,
          passed: true,
          autoPassedOnDouble: true,
          outcome: 'passed',
        }),
      );
  });

  it('HH-13 a broken unit cannot attack, and its rally test is due only in its own next turn', () => {
    const held = hh
      .given(standardTable())
      .when(shootingTest('Z1', 5), [5, 5]) // doubles pass
      .then((events, after) => expect(unitIn(after, 'Z1').broken).toBe(false));
    const broke = [
      ...standardTable(),
      ...held,
      // 8 − 6 = 2, rolls 11: fails by 9 → break
      moraleTested('Z1', 8, [5, 6], { cause: 'shooting', penalty: 6, side: 'A' }),
    ];
    const fled = hh
      .given(broke)
      .when(giveGround('Z1', true))
      .then((events, after) =>
        expect(unitIn(after, 'Z1').cannotMove).toEqual({ inTurn: 3, ruleId: 'HH-13' }),
      );
    const given = hh.given([...broke, ...fled]);
    const refusal = given.when(charge('C1', 'Z1', 'N1'), WILL_PASS).thenRefuses('HH-13');
    expect(refusal.message).toBe('HH-13: unit Z1 is broken and cannot attack');
    given.when(endTurn).then((events) => expect(events.map((event) => event.type)).toEqual(['TurnEnded']));
    hh.given([...broke, ...fled, turnEnded(1, 'A')])
      .when(endTurn)
      .then((events) =>
        expect(events[1]).toEqual({
          type: 'RallyTestRequired',
          data: { unitId: 'Z1', side: 'A', turn: 3 },
        }),
      );
  });

  it('HH-15 a unit whose forced withdrawal takes it off the table is lost', () => {
    const lost = hh
      .given(failed(REFORM))
      .when(giveGround('N1', true, true))
      .then((events) => {
        expect(events.map((event) => event.type)).toEqual(['GroundGiven', 'UnitRemoved']);
        expect(events[0]?.data).toMatchObject({
          couldMove: true,
          leftTable: true,
          restrictions: [],
          impactBonusAgainst: null,
        });
        expect(events[1]?.data).toEqual({ unitId: 'N1', reason: 'left-the-table', ruleId: 'HH-15' });
      });
    expect(
      hh
        .given([...failed(REFORM), ...lost])
        .when(charge('C2', 'Z2', 'N1'), WILL_PASS)
        .thenRefuses('HH-15').message,
    ).toBe('HH-15: unit N1 has left the table');
  });

  it('HH-15 leftTable without couldMove is invalid; a report nobody waits for is refused', () => {
    hh.given(standardTable()).when(giveGround('N1', true)).thenRefuses('HH-11');
    const waiting = hh.given(failed(REFORM));
    waiting.when(giveGround('N1', false, true)).thenRefuses('HH-15', 'invalid');
    const wrongUnit = waiting.when(giveGround('N2', true)).thenRefuses('HH-11');
    expect(wrongUnit.message).toContain('how unit N1 gave ground');
  });

  it('HH-15 a unit may withdraw from contact in its own movement; off the table it is lost', () => {
    const held = [...standardTable(), ...chargedAndHeld('C1', 'Z1', 'N1', 'front')];
    // not in its own turn
    hh.given(held).when(withdraw('N1')).thenRefuses('C-4');
    // not after the melee phase has begun
    hh.given(held).when(withdraw('Z1')).thenRefuses('HH-4');
    const withdrew = hh
      .given([...held, turnEnded(1, 'A')])
      .when(withdraw('N1'))
      .then([{ type: 'UnitWithdrew', data: { unitId: 'N1', leftTable: false, brokeContactWith: ['Z1'] } }]);
    const after = hh.given([...held, turnEnded(1, 'A'), ...withdrew]);
    expect(unitIn(after.state, 'N1').contacts).toEqual([]);
    expect(unitIn(after.state, 'Z1').contacts).toEqual([]);
    expect(after.when(withdraw('N1')).thenRefuses('HH-15').message).toBe(
      'HH-15: unit N1 is not in contact with an enemy',
    );

    hh.given([...held, turnEnded(1, 'A')])
      .when(withdraw('N1', true))
      .then((events, offTable) => {
        expect(events.map((event) => event.type)).toEqual(['UnitWithdrew', 'UnitRemoved']);
        expect(unitIn(offTable, 'N1')).toMatchObject({ status: 'removed', removedBecause: 'left-the-table' });
      });
  });
});
