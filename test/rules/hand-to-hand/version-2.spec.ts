import { NO_DICE } from '../../../src/rules/common/index.js';
import { handToHandV1, handToHandV2, type HandToHandEvent } from '../../../src/rules/hand-to-hand/index.js';
import {
  charge,
  createMatch,
  endTurn,
  Given,
  giveGround,
  givenMatch,
  givenMatchV2,
  meleeTest,
  rallyTest,
  rollImpact,
  shootingTest,
  withdraw,
  WILL_PASS,
} from './fixtures.js';
import { chargedAndHeld, chargedIntoContact, impactRolled, standardTable, turnEnded } from '../../support/given-events/hand-to-hand.js';

/** Version 2.0.0 beside 1.0.0: the fix and Q-18 … Q-20; a match keeps the rules it was created under. */

function impactOf(events: readonly HandToHandEvent[]) {
  const rolled = events.find((event) => event.type === 'ImpactRolled');
  if (rolled?.type !== 'ImpactRolled') throw new Error('no ImpactRolled');
  return rolled.data;
}

/**
 * Z1 was victorious in turn 1 (its +1 is for turn 3); in turn 3 it charges N1, impact die 1; N1 (morale 7)
 * fails by 3 and Reforms, and cannot move: the impact repeats. Returns the repeated impact.
 */
function repeatAfterVictory(version: '1.0.0' | '2.0.0') {
  const given = Given.from([
    ...standardTable(undefined, version),
    { type: 'AttackerVictorious', data: { chargeId: 'C0', unitId: 'Z1', inTurn: 3 } },
    turnEnded(1, 'A'),
    turnEnded(2, 'B'),
  ]);
  given.do(charge('C1', 'Z1', 'N1'), WILL_PASS);
  const first = impactOf(given.do(rollImpact('C1'), [1]));
  given.do(meleeTest('N1'), [3, 4]); // against 7 − 3 = 4: 7, over by 3, Reform
  given.do(giveGround('N1', false));
  return { first, repeat: impactOf(given.do(rollImpact('C1'), [1])) };
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
   * N1 breaks after shooting in turn 2 (penalty 4: morale 3, rolls 11), flees; in turn 3 Z1 charges it
   * and it holds; turn 4 opens with its rally test, which it passes.
   */
  function rallied(given: Given): void {
    given.do(endTurn);
    given.do(shootingTest('N1', 4), [5, 6]);
    given.do(giveGround('N1', true));
    given.do(endTurn);
    given.do(charge('C1', 'Z1', 'N1'), WILL_PASS);
    given.do(rollImpact('C1'), [1]);
    given.do(meleeTest('N1'), [1, 2]);
    given.do(endTurn);
    given.do(rallyTest('N1'), [1, 2]);
  }

  it('Q-18 a rallied unit makes no attack that turn, neither a charge nor fighting back; it can still be attacked', () => {
    const given = givenMatchV2();
    rallied(given);
    expect(given.events.at(-1)).toEqual({
      type: 'UnitRallied',
      data: {
        unitId: 'N1',
        restrictions: [
          { restriction: 'move', inTurn: 4, ruleId: 'HH-13' },
          { restriction: 'fire', inTurn: 4, ruleId: 'HH-13' },
          { restriction: 'attack', inTurn: 4, ruleId: 'Q-18' },
        ],
      },
    });
    // fighting back against Z1, the enemy to its front
    const fightBack = given.refused(charge('C2', 'N1', 'Z1'));
    expect(fightBack.ruleId).toBe('Q-18');
    expect(fightBack.message).toBe('Q-18: unit N1 rallied this turn and makes no attack in it');
    given.do(endTurn);
    // Z1 attacks it again in turn 5
    expect(given.types(given.do(charge('C3', 'Z1', 'N1')))).toEqual(['ChargeDeclared', 'ContactMade']);
  });

  it('Q-18 (1.0.0) logs keep their rules: there the rallied unit fought back', () => {
    const given = givenMatch();
    rallied(given);
    expect(given.types(given.do(charge('C2', 'N1', 'Z1')))).toEqual(['ChargeDeclared', 'ContactMade']);
  });

  function withdrawnInTurn2(version: '1.0.0' | '2.0.0'): Given {
    return Given.from([
      ...standardTable(undefined, version),
      ...chargedAndHeld('C1', 'Z1', 'N1', 'front'),
      turnEnded(1, 'A'),
    ]);
  }

  it('Q-19 a unit that withdrew from contact in its movement does not charge that turn', () => {
    const given = withdrawnInTurn2('2.0.0');
    expect(given.do(withdraw('N1'))).toEqual([
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
    const refusal = given.refused(charge('C2', 'N1', 'Z2'), WILL_PASS);
    expect(refusal.ruleId).toBe('Q-19');
    expect(refusal.message).toContain('withdrew from contact in its movement');
    // the next turn of its side, it charges again
    given.do(endTurn);
    given.do(endTurn);
    expect(given.types(given.do(charge('C3', 'N1', 'Z2'), [3, 3]))).toContain('ContactMade');
  });

  it('Q-19 (1.0.0) logs keep their rules: there the unit charged after withdrawing', () => {
    const given = withdrawnInTurn2('1.0.0');
    expect(given.do(withdraw('N1'))[0]).toEqual({
      type: 'UnitWithdrew',
      data: { unitId: 'N1', leftTable: false, brokeContactWith: ['Z1'] },
    });
    expect(given.types(given.do(charge('C2', 'N1', 'Z2'), [3, 3]))).toContain('ContactMade');
  });

  it('Q-20 two pending bonuses against one defender in the same enemy turn: the larger stands (1.0.0, one charge at a time)', () => {
    const given = givenMatch();
    given.do(charge('C1', 'Z1', 'N1'), WILL_PASS);
    given.do(rollImpact('C1'), [4]); // impact 5: N1 tests against 2
    given.do(meleeTest('N1'), [3, 5]); // over by 6: Retreat, +2 for turn 3
    given.do(giveGround('N1', true));
    given.do(charge('C2', 'Z2', 'N1'), WILL_PASS);
    given.do(rollImpact('C2'), [2]); // impact 3: N1 tests against 4
    given.do(meleeTest('N1'), [3, 4]); // over by 3: Reform, +1 for turn 3
    const [reform] = given.do(giveGround('N1', true));
    expect(reform).toMatchObject({ data: { impactBonusAgainst: { value: 2, inTurn: 3, ruleId: 'HH-12' } } });
  });

  it('Q-20 two pending bonuses against one defender in the same enemy turn: the larger stands (2.0.0, a guard)', () => {
    // Q-17 lets a defender give ground at most once a phase; the guard is shown on a log written by hand:
    // N1 retreated earlier in turn 1 (+2 for turn 3), then fails a second test by 3 and Reforms.
    const given = Given.from([
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
    ]);
    given.do(meleeTest('N1'), [3, 4]); // against 4: over by 3, Reform
    const [reform] = given.do(giveGround('N1', true));
    expect(reform).toMatchObject({ data: { impactBonusAgainst: { value: 2, inTurn: 3, ruleId: 'HH-12' } } });
  });
});
