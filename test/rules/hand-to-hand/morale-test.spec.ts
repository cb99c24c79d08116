import { DEFAULT_PARAMETERS } from '../../../src/rules/hand-to-hand/index.js';
import { degreeOfFailure, judgeTwoDice } from '../../../src/rules/hand-to-hand/morale-test.js';
import {
  charge,
  chargeAndHold,
  givenMatch,
  meleeTest,
  rollImpact,
  shootingTest,
  WILL_PASS,
} from './fixtures.js';

describe('hand-to-hand: morale tests (HH-2, HH-3, HH-14, HH-18)', () => {
  it('HH-2 a morale test passes at or under the effective morale and fails above it, by total − morale', () => {
    const given = givenMatch();
    const [atMorale] = given.do(shootingTest('B1', 2), [3, 4]); // 9 − 2 = 7, rolls 7
    expect(atMorale?.data).toMatchObject({
      effectiveMorale: 7,
      total: 7,
      passed: true,
      margin: 0,
      outcome: 'passed',
    });
    expect(given.match.awaiting).toEqual([]);
    const [above] = given.do(shootingTest('B1', 2), [3, 5]);
    expect(above?.data).toMatchObject({
      effectiveMorale: 7,
      total: 8,
      passed: false,
      margin: 1,
      outcome: 'reform',
    });
  });

  it('HH-3 margins 1–4 reform, 5–7 retreat, 8–9 break, 10 or more rout', () => {
    const table = DEFAULT_PARAMETERS.degreeOfFailure;
    expect([1, 4, 5, 7, 8, 9, 10, 15].map((margin) => degreeOfFailure(margin, table))).toEqual([
      'reform',
      'reform',
      'retreat',
      'retreat',
      'break',
      'break',
      'rout',
      'rout',
    ]);
    // through the rules: B1 (morale 9) under a penalty of 8 tests against 1; 5+6 fails by 10
    const given = givenMatch();
    const [test] = given.do(shootingTest('B1', 8), [5, 6]);
    expect(test?.data).toMatchObject({ effectiveMorale: 1, margin: 10, outcome: 'rout' });
  });

  it('HH-3 the degree-of-failure table is data: a published table changes the outcome', () => {
    const given = givenMatch({
      degreeOfFailure: [
        { fromMargin: 1, toMargin: 1, outcome: 'reform' },
        { fromMargin: 2, toMargin: null, outcome: 'rout' },
      ],
    });
    const [test] = given.do(shootingTest('B1', 2), [4, 5]); // fails by 2
    expect(test?.data).toMatchObject({ margin: 2, outcome: 'rout' });
  });

  it('Q-1 any double passes with doublesAutoPass, even far above the effective morale', () => {
    const given = givenMatch();
    const [test] = given.do(shootingTest('B1', 7), [6, 6]); // 9 − 7 = 2, rolls 12
    expect(test?.data).toMatchObject({
      effectiveMorale: 2,
      total: 12,
      passed: true,
      autoPassedOnDouble: true,
      margin: 10,
      outcome: 'passed',
    });
    expect(given.match.awaiting).toEqual([]);
    // a double under the morale is an ordinary pass
    const [ordinary] = given.do(shootingTest('B1'), [2, 2]);
    expect(ordinary?.data).toMatchObject({ passed: true, autoPassedOnDouble: false, penalty: 0 });
  });

  it('E-2 Roman impact 4 on Britons of morale 9, who roll 5+5: with doublesAutoPass the Britons hold', () => {
    // Z1 plays the legion, B1 the Britons: impact die 3 + charge 1 = 4
    const given = givenMatch();
    given.do(charge('C1', 'Z1', 'B1'), WILL_PASS);
    const [impact] = given.do(rollImpact('C1'), [3]);
    expect(impact?.data).toMatchObject({ impact: 4 });
    const events = given.do(meleeTest('B1'), [5, 5]);
    expect(events).toHaveLength(1);
    expect(events[0]?.data).toMatchObject({
      effectiveMorale: 5,
      total: 10,
      passed: true,
      autoPassedOnDouble: true,
      margin: 5,
      outcome: 'passed',
    });
    expect(given.unit('Z1').victoriousInTurn).toBeNull();
  });

  it('E-2 with doublesAutoPass off the Britons fail by 5 and Retreat', () => {
    const given = givenMatch({ options: { doublesAutoPass: false } });
    given.do(charge('C1', 'Z1', 'B1'), WILL_PASS);
    given.do(rollImpact('C1'), [3]);
    const events = given.do(meleeTest('B1'), [5, 5]);
    expect(events[0]?.data).toMatchObject({
      effectiveMorale: 5,
      total: 10,
      passed: false,
      autoPassedOnDouble: false,
      margin: 5,
      outcome: 'retreat',
    });
    expect(given.match.awaiting).toEqual([
      {
        step: 'give-ground-report',
        unitId: 'B1',
        chargeId: 'C1',
        side: 'B',
        ruleId: 'HH-12',
        cause: 'melee',
        outcome: 'retreat',
      },
    ]);
  });

  it('HH-14 a rout removes the unit at once, with no ground to report', () => {
    const given = givenMatch();
    const events = given.do(shootingTest('N1', 6), [4, 6]); // 7 − 6 = 1, rolls 10: fails by 9 → break
    expect(events[0]?.data).toMatchObject({ outcome: 'break' });
    const routed = givenMatch();
    const rout = routed.do(shootingTest('N1', 7), [5, 6]); // 0, rolls 11: fails by 11
    expect(rout).toEqual([
      rout[0],
      { type: 'UnitRemoved', data: { unitId: 'N1', reason: 'rout', ruleId: 'HH-14' } },
    ]);
    expect(routed.match.awaiting).toEqual([]);
    expect(routed.refused(shootingTest('N1', 0), [1, 2]).message).toBe('HH-14: unit N1 has routed');
  });

  it("HH-18 a shooting test subtracts the penalty, is rolled by the target's side, and leads to the shooting branches", () => {
    const given = givenMatch();
    const [test] = given.do(shootingTest('N2', 3), [2, 4]); // 7 − 3 = 4, rolls 6: fails by 2
    expect(test?.data).toMatchObject({
      unitId: 'N2',
      chargeId: null,
      cause: 'shooting',
      roll: { purpose: 'morale test', faces: [2, 4], origin: 'table', side: 'B' },
      baseMorale: 7,
      impact: null,
      penalty: 3,
      effectiveMorale: 4,
      outcome: 'reform',
    });
    // no attacker, so nobody becomes victorious
    expect(given.types()).not.toContain('AttackerVictorious');
    expect(given.match.awaiting[0]).toMatchObject({ step: 'give-ground-report', cause: 'shooting' });
  });

  it('HH-18 the penalty is a whole number ≥ 0, for shooting tests only', () => {
    const given = givenMatch();
    expect(given.refused(shootingTest('B1', -1)).kind).toBe('invalid');
    expect(given.refused(shootingTest('B1', 1.5)).ruleId).toBe('HH-18');
    const melee = given.refused({ type: 'TakeMoraleTest', unitId: 'B1', cause: 'melee', penalty: 1 });
    expect(melee.ruleId).toBe('HH-18');
    expect(melee.message).toContain('penalty');
    expect(given.refused({ type: 'TakeMoraleTest', unitId: 'B1', cause: 'panic' as 'melee' }).ruleId).toBe(
      'HH-2',
    );
  });

  it('HH-18 a shooting test waits for any pending step, and comes before the melee phase (HH-4)', () => {
    const given = givenMatch();
    given.do(charge('C1', 'Z1', 'N1'), WILL_PASS);
    expect(given.refused(shootingTest('B1', 1), [1, 2]).ruleId).toBe('HH-7');
    given.do(rollImpact('C1'), [1]);
    given.do(meleeTest('N1'), [1, 2]);
    const refusal = given.refused(shootingTest('B1', 1), [1, 2]);
    expect(refusal.ruleId).toBe('HH-4');
    expect(refusal.message).toContain('melee phase of turn 1 has begun');
  });

  it('HH-2 the willpower test follows the same arithmetic: judgeTwoDice', () => {
    expect(judgeTwoDice([4, 4], 8, false)).toEqual({ total: 8, passed: true, autoPassedOnDouble: false });
    expect(judgeTwoDice([4, 5], 8, true)).toEqual({ total: 9, passed: false, autoPassedOnDouble: false });
    expect(judgeTwoDice([5, 5], 8, true)).toEqual({ total: 10, passed: true, autoPassedOnDouble: true });
    const given = givenMatch();
    chargeAndHold(given, 'C1', 'Z1', 'N1', 'front');
    expect(given.unit('N1').status).toBe('active');
  });
});
