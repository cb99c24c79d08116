import { NO_DICE } from '../../../src/rules/common/index.js';
import { handToHandV1, handToHandV2, type HandToHandEvent } from '../../../src/rules/hand-to-hand/index.js';
import { spec } from '../../support/decider-spec.js';
import {
  attackerVictorious,
  chargedAndHeld,
  chargedIntoContact,
  fledBroken,
  groundGiven,
  impactRolled,
  meleeTested,
  moraleTested,
  rallyTestRequired,
  reformStuck,
  restriction,
  standardTable,
  turnEnded,
  VICTORIOUS,
} from '../../support/given-events/hand-to-hand.js';
import { charge, createMatch, giveGround, rallyTest, rollImpact, withdraw, WILL_PASS } from './fixtures.js';

/** Version 2.0.0 beside 1.0.0: the fix and Q-18 … Q-20; a match keeps the rules it was created under. */

type Version = '1.0.0' | '2.0.0';
const RULESET: Record<Version, typeof handToHandV1> = { '1.0.0': handToHandV1, '2.0.0': handToHandV2 };
const rules = (version: Version) => spec(RULESET[version]);

const types = (events: readonly HandToHandEvent[]) => events.map((event) => event.type);

function impactOf(events: readonly HandToHandEvent[]) {
  const rolled = events.find((event) => event.type === 'ImpactRolled');
  if (rolled?.type !== 'ImpactRolled') throw new Error('no ImpactRolled');
  return rolled.data;
}

/**
 * Z1 was victorious in turn 1 (its +1 is for turn 3); in turn 3 it charges N1, impact die 1; N1 (morale 7)
 * fails by 3 and Reforms, and cannot move: the impact repeats. Returns the first and the repeated impact,
 * each decided on the events before it.
 */
function repeatAfterVictory(version: Version) {
  const charged = [
    ...standardTable(undefined, version),
    attackerVictorious('C0', 'Z1', 3),
    turnEnded(1, 'A'),
    turnEnded(2, 'B'),
    ...chargedIntoContact('C1', 'Z1', 'N1', { turn: 3 }),
  ];
  const first = impactOf(
    rules(version)
      .given(charged)
      .when(rollImpact('C1'), [1])
      .then(() => undefined),
  );
  const impact = impactRolled('C1', 'Z1', 'N1', 1, { more: [VICTORIOUS] });
  const stuck = [
    ...charged,
    impact,
    ...meleeTested(impact, 7, [3, 4], 5), // against 7 − 3 = 4: 7, over by 3, Reform; Z1 victorious again, for turn 5
    ...reformStuck('N1', 1),
  ];
  const repeat = impactOf(
    rules(version)
      .given(stuck)
      .when(rollImpact('C1'), [1])
      .then(() => undefined),
  );
  return { first, repeat };
}

describe('hand-to-hand 2.0.0: the repeated impact, Q-18, Q-19, Q-20', () => {
  it('C-3 a match records the version it is created under; each version lists the events it can record', () => {
    for (const ruleset of [handToHandV1, handToHandV2]) {
      const [created] = ruleset.decider.decide(ruleset.decider.initialState(), createMatch(), NO_DICE);
      expect(created).toMatchObject({ data: { ruleset: { id: 'hand-to-hand', version: ruleset.version } } });
    }
    expect([handToHandV1.version, handToHandV2.version]).toEqual(['1.0.0', '2.0.0']);
    expect(handToHandV1.eventTypes).not.toContain('AttackEndedWithoutImpact');
    expect(handToHandV2.eventTypes).toContain('AttackEndedWithoutImpact');
  });

  it('HH-7 HH-11 HH-17 a repeated impact after a stuck Reform counts every modifier again, the victorious +1 included', () => {
    const { first, repeat } = repeatAfterVictory('2.0.0');
    expect(first.modifiers.map((m) => m.name)).toEqual(['charge', 'victorious']);
    expect(repeat).toMatchObject({
      modifiers: [
        { name: 'charge', value: 1, ruleId: 'HH-7' },
        { name: 'victorious', value: 1, ruleId: 'HH-17' },
        { name: 'repeated impact', value: 1, ruleId: 'HH-11' },
      ],
      total: 4,
      repeat: true,
    });
  });

  it('HH-17 (1.0.0) logs keep their rules: there the new victory replaced the one the repeat needed', () => {
    const { first, repeat } = repeatAfterVictory('1.0.0');
    expect(first.modifiers.map((m) => m.name)).toEqual(['charge', 'victorious']);
    expect(repeat.modifiers.map((m) => m.name)).toEqual(['charge', 'repeated impact']);
    expect(repeat.total).toBe(3);
  });

  /**
   * N1 broke after shooting in turn 2 (penalty 4: morale 3, rolls 11) and fled; in turn 3 Z1 charged it
   * and it held; turn 4 opens with its rally test.
   */
  function dueToRally(version: Version): HandToHandEvent[] {
    return [
      ...standardTable(undefined, version),
      turnEnded(1, 'A'),
      moraleTested('N1', 7, [5, 6], { cause: 'shooting', penalty: 4 }),
      fledBroken('N1', 4, { chargeId: null, cause: 'shooting' }),
      turnEnded(2, 'B'),
      ...chargedIntoContact('C1', 'Z1', 'N1', { turn: 3 }),
      impactRolled('C1', 'Z1', 'N1', 1),
      moraleTested('N1', 7, [1, 2], { chargeId: 'C1', impact: 2 }),
      turnEnded(3, 'A'),
      rallyTestRequired('N1', 'B', 4),
    ];
  }

  /** ...and it passed its rally test on 1+2, under the version's rules. */
  function rallied(version: Version): HandToHandEvent[] {
    return [
      ...dueToRally(version),
      moraleTested('N1', 7, [1, 2], { cause: 'rally' }),
      {
        type: 'UnitRallied',
        data: {
          unitId: 'N1',
          restrictions: [
            restriction('move', 4, 'HH-13'),
            restriction('fire', 4, 'HH-13'),
            ...(version === '2.0.0' ? [restriction('attack', 4, 'Q-18')] : []),
          ],
        },
      },
    ];
  }

  it('Q-18 a rallied unit makes no attack that turn, neither a charge nor fighting back; it can still be attacked', () => {
    rules('2.0.0')
      .given(dueToRally('2.0.0'))
      .when(rallyTest('N1'), [1, 2])
      .then((events) =>
        expect(events.at(-1)).toEqual({
          type: 'UnitRallied',
          data: {
            unitId: 'N1',
            restrictions: [
              { restriction: 'move', inTurn: 4, ruleId: 'HH-13' },
              { restriction: 'fire', inTurn: 4, ruleId: 'HH-13' },
              { restriction: 'attack', inTurn: 4, ruleId: 'Q-18' },
            ],
          },
        }),
      );
    // fighting back against Z1, the enemy to its front
    const fightBack = rules('2.0.0')
      .given(rallied('2.0.0'))
      .when(charge('C2', 'N1', 'Z1'))
      .thenRefuses('Q-18');
    expect(fightBack.message).toBe('Q-18: unit N1 rallied this turn and makes no attack in it');
    // Z1 attacks it again in turn 5
    rules('2.0.0')
      .given([...rallied('2.0.0'), turnEnded(4, 'B')])
      .when(charge('C3', 'Z1', 'N1'))
      .then((events) => expect(types(events)).toEqual(['ChargeDeclared', 'ContactMade']));
  });

  it('Q-18 (1.0.0) logs keep their rules: there the rallied unit fought back', () => {
    rules('1.0.0')
      .given(dueToRally('1.0.0'))
      .when(rallyTest('N1'), [1, 2])
      .then((events) => expect(events).toEqual(rallied('1.0.0').slice(-2)));
    rules('1.0.0')
      .given(rallied('1.0.0'))
      .when(charge('C2', 'N1', 'Z1'))
      .then((events) => expect(types(events)).toEqual(['ChargeDeclared', 'ContactMade']));
  });

  function withdrawnInTurn2(version: Version): HandToHandEvent[] {
    return [
      ...standardTable(undefined, version),
      ...chargedAndHeld('C1', 'Z1', 'N1', 'front'),
      turnEnded(1, 'A'),
    ];
  }

  it('Q-19 a unit that withdrew from contact in its movement does not charge that turn', () => {
    const withdrew = rules('2.0.0')
      .given(withdrawnInTurn2('2.0.0'))
      .when(withdraw('N1'))
      .then([
        {
          type: 'UnitWithdrew',
          data: {
            unitId: 'N1',
            leftTable: false,
            brokeContactWith: ['Z1'],
            restrictions: [{ restriction: 'attack', inTurn: 2, ruleId: 'Q-19' }],
          },
        },
      ]);
    const given = [...withdrawnInTurn2('2.0.0'), ...withdrew];
    const refusal = rules('2.0.0')
      .given(given)
      .when(charge('C2', 'N1', 'Z2'), WILL_PASS)
      .thenRefuses('Q-19');
    expect(refusal.message).toContain('withdrew from contact in its movement');
    // the next turn of its side, it charges again
    rules('2.0.0')
      .given([...given, turnEnded(2, 'B'), turnEnded(3, 'A')])
      .when(charge('C3', 'N1', 'Z2'), [3, 3])
      .then((events) => expect(types(events)).toContain('ContactMade'));
  });

  it('Q-19 (1.0.0) logs keep their rules: there the unit charged after withdrawing', () => {
    const withdrew = rules('1.0.0')
      .given(withdrawnInTurn2('1.0.0'))
      .when(withdraw('N1'))
      .then((events) =>
        expect(events[0]).toEqual({
          type: 'UnitWithdrew',
          data: { unitId: 'N1', leftTable: false, brokeContactWith: ['Z1'] },
        }),
      );
    rules('1.0.0')
      .given([...withdrawnInTurn2('1.0.0'), ...withdrew])
      .when(charge('C2', 'N1', 'Z2'), [3, 3])
      .then((events) => expect(types(events)).toContain('ContactMade'));
  });

  it('Q-20 two pending bonuses against one defender in the same enemy turn: the larger stands (1.0.0, one charge at a time)', () => {
    const first = impactRolled('C1', 'Z1', 'N1', 4); // impact 5: N1 tests against 2
    const second = impactRolled('C2', 'Z2', 'N1', 2); // impact 3: N1 tests against 4
    rules('1.0.0')
      .given([
        ...standardTable(),
        ...chargedIntoContact('C1', 'Z1', 'N1'),
        first,
        ...meleeTested(first, 7, [3, 5]), // over by 6: Retreat, +2 for turn 3
        groundGiven('N1', 'retreat', {
          couldMove: true,
          brokeContactWith: ['Z1'],
          disordered: true,
          restrictions: [restriction('attack', 2, 'HH-12')],
          impactBonusAgainst: { value: 2, inTurn: 3, ruleId: 'HH-12' },
        }),
        ...chargedIntoContact('C2', 'Z2', 'N1'),
        second,
        ...meleeTested(second, 7, [3, 4]), // over by 3: Reform, +1 for turn 3
      ])
      .when(giveGround('N1', true))
      .then(([reform]) =>
        expect(reform).toMatchObject({
          data: { impactBonusAgainst: { value: 2, inTurn: 3, ruleId: 'HH-12' } },
        }),
      );
  });

  it('Q-20 two pending bonuses against one defender in the same enemy turn: the larger stands (2.0.0, a guard)', () => {
    // Q-17 lets a defender give ground at most once a phase; the guard is shown on a log written by hand:
    // N1 retreated earlier in turn 1 (+2 for turn 3), then fails a second test by 3 and Reforms.
    rules('2.0.0')
      .given([
        ...standardTable(undefined, '2.0.0'),
        {
          type: 'GroundGiven',
          data: {
            unitId: 'N1',
            chargeId: 'C0',
            cause: 'melee',
            outcome: 'retreat',
            couldMove: true,
            leftTable: false,
            brokeContactWith: [],
            disordered: true,
            broken: false,
            restrictions: [{ restriction: 'attack', inTurn: 2, ruleId: 'HH-12' }],
            impactBonusAgainst: { value: 2, inTurn: 3, ruleId: 'HH-12' },
          },
        },
        ...chargedIntoContact('C1', 'Z1', 'N1'),
        impactRolled('C1', 'Z1', 'N1', 2),
        moraleTested('N1', 7, [3, 4], { chargeId: 'C1', impact: 3 }), // against 4: over by 3, Reform
        attackerVictorious('C1', 'Z1'),
      ])
      .when(giveGround('N1', true))
      .then(([reform]) =>
        expect(reform).toMatchObject({
          data: { impactBonusAgainst: { value: 2, inTurn: 3, ruleId: 'HH-12' } },
        }),
      );
  });
});
