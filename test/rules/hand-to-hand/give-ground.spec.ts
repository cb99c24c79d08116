import {
  charge,
  chargeAndHold,
  endTurn,
  giveGround,
  givenMatch,
  givenMeleeTest,
  meleeTest,
  rallyTest,
  rollImpact,
  shootingTest,
  WILL_PASS,
  withdraw,
} from './fixtures.js';

/** Z1 charges N1 (morale 7) frontally, impact 4, N1 tests against 3 and rolls these faces. */
const REFORM = [2, 3]; // 5: fails by 2
const RETREAT = [3, 5]; // 8: fails by 5
const BREAK = [5, 6]; // 11: fails by 8

describe('hand-to-hand: giving ground after a failed test (HH-11 to HH-15)', () => {
  it('HH-11 a melee reform that can move: contact broken, cannot attack in its next phase, +1 for enemies in their next turn', () => {
    const given = givenMatch();
    givenMeleeTest(given, 3, REFORM);
    expect(given.do(giveGround('N1', true))).toEqual([
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
    expect(given.unit('Z1').contacts).toEqual([]);

    // turn 2 (N1's next phase): it cannot attack
    given.do(endTurn);
    const refusal = given.refused(charge('C2', 'N1', 'Z1'), WILL_PASS);
    expect(refusal.ruleId).toBe('HH-11');
    expect(refusal.message).toBe('HH-11: unit N1 cannot attack in turn 2');

    // turn 3 (the Zulus' next turn): any Zulu attacking N1 gets +1
    given.do(endTurn);
    given.do(charge('C3', 'Z2', 'N1'), WILL_PASS);
    const [impact] = given.do(rollImpact('C3'), [2]);
    expect(impact?.data).toMatchObject({
      modifiers: [
        { name: 'charge', value: 1, ruleId: 'HH-7' },
        { name: 'reform bonus', value: 1, ruleId: 'HH-11' },
      ],
      impact: 4,
    });
  });

  it("HH-11 the pending +1 applies in the enemy side's next turn only: not the same turn, not later", () => {
    const given = givenMatch();
    givenMeleeTest(given, 3, REFORM);
    given.do(giveGround('N1', true));
    // same turn 1: Z2 attacks N1 without the bonus
    given.do(charge('C2', 'Z2', 'N1'), WILL_PASS);
    const [sameTurn] = given.do(rollImpact('C2'), [1]);
    expect(sameTurn?.data).toMatchObject({
      modifiers: [{ name: 'charge', value: 1, ruleId: 'HH-7' }],
      impact: 2,
    });
    given.do(meleeTest('N1'), [1, 2]);
    given.do(endTurn);
    given.do(endTurn);
    expect(given.unit('N1').impactBonusAgainst).toEqual({ value: 1, inTurn: 3, ruleId: 'HH-11' });
    given.do(endTurn);
    // turn 4: expired
    expect(given.unit('N1').impactBonusAgainst).toBeNull();
    given.do(endTurn);
    // turn 5: Z3 attacks N1's flank: charge and flank only
    given.do(charge('C5', 'Z3', 'N1', 'left-flank'), WILL_PASS);
    const [later] = given.do(rollImpact('C5'), [1]);
    expect(later?.data).toMatchObject({
      modifiers: [
        { name: 'charge', value: 1, ruleId: 'HH-7' },
        { name: 'flank', value: 1, ruleId: 'HH-7' },
      ],
      impact: 3,
    });
  });

  it('HH-11 / Q-12 a stuck melee reform repeats the impact with +1, not cumulative; Q-7 the third in a row surrenders', () => {
    const given = givenMatch();
    givenMeleeTest(given, 3, REFORM);

    // first stuck reform: disordered, the process repeats
    expect(given.do(giveGround('N1', false))).toEqual([
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
    expect(given.match.awaiting).toEqual([
      { step: 'impact-roll', unitId: 'Z1', chargeId: 'C1', side: 'A', ruleId: 'HH-7' },
    ]);
    expect(given.unit('N1').contacts).toEqual([{ unitId: 'Z1', aspect: 'front', sinceTurn: 1 }]);

    const repeatedModifiers = [
      { name: 'charge', value: 1, ruleId: 'HH-7' },
      { name: 'repeated impact', value: 1, ruleId: 'HH-11' },
    ];
    const [second] = given.do(rollImpact('C1'), [3]);
    expect(second?.data).toMatchObject({ modifiers: repeatedModifiers, total: 5, impact: 5, repeat: true });
    const [secondTest] = given.do(meleeTest('N1'), [1, 3]); // 7 − 5 = 2, rolls 4: reform again
    expect(secondTest?.data).toMatchObject({ effectiveMorale: 2, margin: 2, outcome: 'reform' });
    expect(given.do(giveGround('N1', false))[1]).toEqual({
      type: 'ReformStuck',
      data: { unitId: 'N1', chargeId: 'C1', count: 2, surrenders: false },
    });

    // the third impact still has a single +1
    const [third] = given.do(rollImpact('C1'), [3]);
    expect(third?.data).toMatchObject({ modifiers: repeatedModifiers, total: 5, repeat: true });
    given.do(meleeTest('N1'), [1, 3]);
    const surrender = given.do(giveGround('N1', false));
    expect(given.types(surrender)).toEqual(['GroundGiven', 'ReformStuck', 'UnitRemoved']);
    expect(surrender[1]?.data).toEqual({ unitId: 'N1', chargeId: 'C1', count: 3, surrenders: true });
    expect(surrender[2]?.data).toEqual({ unitId: 'N1', reason: 'stuck-reform-surrender', ruleId: 'HH-11' });
    expect(given.match.awaiting).toEqual([]);
    expect(given.unit('N1').status).toBe('removed');
  });

  it('Q-7 the stuck-reform run resets when the unit passes, or when it moves', () => {
    const passes = givenMatch();
    givenMeleeTest(passes, 3, REFORM);
    passes.do(giveGround('N1', false));
    expect(passes.unit('N1').stuckReformCount).toBe(1);
    passes.do(rollImpact('C1'), [1]); // 1 + 1 + 1 = 3 → tests against 4
    passes.do(meleeTest('N1'), [1, 2]);
    expect(passes.unit('N1').stuckReformCount).toBe(0);
    expect(passes.match.awaiting).toEqual([]);
    // a new melee in turn 3 starts without the repeat bonus
    passes.do(endTurn);
    passes.do(endTurn);
    passes.do(charge('C3', 'Z2', 'N1', 'left-flank'), WILL_PASS);
    const [impact] = passes.do(rollImpact('C3'), [1]);
    expect(impact?.data).toMatchObject({ repeat: false, impact: 3 });

    const moves = givenMatch();
    givenMeleeTest(moves, 3, REFORM);
    moves.do(giveGround('N1', false));
    moves.do(rollImpact('C1'), [3]);
    moves.do(meleeTest('N1'), [1, 3]);
    moves.do(giveGround('N1', true));
    expect(moves.unit('N1').stuckReformCount).toBe(0);
  });

  it('HH-11 a shooting reform that cannot move: disordered, may not fire in its next phase, no repeat', () => {
    const given = givenMatch();
    const [test] = given.do(shootingTest('B1', 4), [3, 4]); // 9 − 4 = 5, rolls 7: reform
    expect(test?.data).toMatchObject({
      cause: 'shooting',
      penalty: 4,
      effectiveMorale: 5,
      margin: 2,
      outcome: 'reform',
    });
    expect(given.match.awaiting).toEqual([
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
    expect(given.do(giveGround('B1', false))).toEqual([
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
    expect(given.match.awaiting).toEqual([]);
    expect(given.unit('B1').cannotFire).toEqual({ inTurn: 2, ruleId: 'HH-11' });
  });

  it('HH-11 a shooting reform that can move may not advance in its next phase, but may return fire', () => {
    const given = givenMatch();
    given.do(shootingTest('B1', 4), [3, 4]);
    const [given_] = given.do(giveGround('B1', true));
    expect(given_?.data).toMatchObject({
      disordered: false,
      restrictions: [{ restriction: 'advance', inTurn: 2, ruleId: 'HH-11' }],
      impactBonusAgainst: null,
    });
    expect(given.unit('B1').cannotFire).toBeNull();
    given.do(endTurn);
    const refusal = given.refused(charge('C2', 'B1', 'Z1'), WILL_PASS);
    expect(refusal.ruleId).toBe('HH-11');
    expect(refusal.message).toBe('HH-11: unit B1 may not advance in turn 2');
    // the restriction expires after its turn
    given.do(endTurn);
    expect(given.unit('B1').cannotAdvance).toBeNull();
  });

  it('HH-12 a melee retreat that can move: disordered, cannot attack in its next phase, +2 for enemies in their next turn', () => {
    const given = givenMatch();
    const [test] = givenMeleeTest(given, 3, RETREAT);
    expect(test?.data).toMatchObject({ margin: 5, outcome: 'retreat' });
    const [given_] = given.do(giveGround('N1', true));
    expect(given_?.data).toMatchObject({
      outcome: 'retreat',
      brokeContactWith: ['Z1'],
      disordered: true,
      restrictions: [{ restriction: 'attack', inTurn: 2, ruleId: 'HH-12' }],
      impactBonusAgainst: { value: 2, inTurn: 3, ruleId: 'HH-12' },
    });
    given.do(endTurn);
    expect(given.refused(charge('C2', 'N1', 'Z2'), WILL_PASS).ruleId).toBe('HH-12');
    given.do(endTurn);
    given.do(charge('C3', 'Z2', 'N1'), WILL_PASS);
    const [impact] = given.do(rollImpact('C3'), [1]);
    expect(impact?.data).toMatchObject({
      modifiers: [
        { name: 'charge', value: 1, ruleId: 'HH-7' },
        { name: 'retreat bonus', value: 2, ruleId: 'HH-12' },
      ],
      impact: 4,
    });
  });

  it('HH-12 a retreat that cannot move is removed', () => {
    const given = givenMatch();
    givenMeleeTest(given, 3, RETREAT);
    const events = given.do(giveGround('N1', false));
    expect(given.types(events)).toEqual(['GroundGiven', 'UnitRemoved']);
    expect(events[1]?.data).toEqual({ unitId: 'N1', reason: 'retreat-blocked', ruleId: 'HH-12' });
    expect(given.unit('Z1').contacts).toEqual([]);
  });

  it('HH-12 after shooting, a retreat may neither advance nor return fire in its next phase', () => {
    const given = givenMatch();
    const [test] = given.do(shootingTest('B1', 4), [5, 6]); // 9 − 4 = 5, rolls 11: fails by 6
    expect(test?.data).toMatchObject({ margin: 6, outcome: 'retreat' });
    const [given_] = given.do(giveGround('B1', true));
    expect(given_?.data).toMatchObject({
      disordered: true,
      restrictions: [
        { restriction: 'advance', inTurn: 2, ruleId: 'HH-12' },
        { restriction: 'fire', inTurn: 2, ruleId: 'HH-12' },
      ],
      impactBonusAgainst: null,
    });
  });

  it('HH-13 a break that cannot move is removed', () => {
    const given = givenMatch();
    givenMeleeTest(given, 3, BREAK);
    const events = given.do(giveGround('N1', false));
    expect(events[1]?.data).toEqual({ unitId: 'N1', reason: 'break-blocked', ruleId: 'HH-13' });
  });

  it('HH-13 a broken unit does not move and takes a rally test at the start of its next turn; pass: it reforms, neither moves nor fires', () => {
    const given = givenMatch();
    const [test] = givenMeleeTest(given, 3, BREAK);
    expect(test?.data).toMatchObject({ margin: 8, outcome: 'break' });
    const [fled] = given.do(giveGround('N1', true));
    expect(fled?.data).toMatchObject({
      disordered: true,
      broken: true,
      restrictions: [{ restriction: 'move', inTurn: 2, ruleId: 'HH-13' }],
      impactBonusAgainst: null,
    });

    expect(given.do(endTurn)).toEqual([
      { type: 'TurnEnded', data: { endedTurn: 1, endedSide: 'A', turn: 2, activeSide: 'B' } },
      { type: 'RallyTestRequired', data: { unitId: 'N1', side: 'B', turn: 2 } },
    ]);
    expect(given.match.awaiting).toEqual([
      { step: 'rally-test', unitId: 'N1', chargeId: null, side: 'B', ruleId: 'HH-13' },
    ]);
    expect(given.refused(charge('C2', 'N2', 'Z2'), WILL_PASS).ruleId).toBe('HH-13');
    expect(given.refused(endTurn).ruleId).toBe('C-4');

    expect(given.do(rallyTest('N1'), [3, 4])).toEqual([
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
    expect(given.unit('N1')).toMatchObject({
      broken: false,
      disordered: false,
      cannotFire: { inTurn: 2, ruleId: 'HH-13' },
    });
    expect(given.refused(charge('C2', 'N1', 'Z1'), WILL_PASS).message).toBe(
      'HH-13: unit N1 may not move in turn 2',
    );
    given.do(endTurn);
    given.do(endTurn);
    expect(given.unit('N1')).toMatchObject({ cannotMove: null, cannotFire: null });
  });

  it('HH-13 / Q-13 the rally test is against base morale with the doubles rule; failing it removes the unit', () => {
    const fails = givenMatch();
    givenMeleeTest(fails, 3, BREAK);
    fails.do(giveGround('N1', true));
    fails.do(endTurn);
    const events = fails.do(rallyTest('N1'), [5, 6]);
    expect(events[0]?.data).toMatchObject({ effectiveMorale: 7, total: 11, passed: false, margin: 4 });
    expect(events[1]).toEqual({
      type: 'UnitRemoved',
      data: { unitId: 'N1', reason: 'failed-rally', ruleId: 'HH-13' },
    });
    expect(fails.match.awaiting).toEqual([]);

    const double = givenMatch();
    givenMeleeTest(double, 3, BREAK);
    double.do(giveGround('N1', true));
    double.do(endTurn);
    const [rally] = double.do(rallyTest('N1'), [6, 6]);
    expect(rally?.data).toMatchObject({
      total: 12,
      passed: true,
      autoPassedOnDouble: true,
      outcome: 'passed',
    });
  });

  it('HH-13 a broken unit cannot attack, and its rally test is due only in its own next turn', () => {
    const given = givenMatch();
    given.do(shootingTest('Z1', 5), [5, 5]); // doubles pass
    expect(given.unit('Z1').broken).toBe(false);
    given.do(shootingTest('Z1', 6), [5, 6]); // 8 − 6 = 2, rolls 11: fails by 9 → break
    given.do(giveGround('Z1', true));
    expect(given.unit('Z1').cannotMove).toEqual({ inTurn: 3, ruleId: 'HH-13' });
    const refusal = given.refused(charge('C1', 'Z1', 'N1'), WILL_PASS);
    expect(refusal.message).toBe('HH-13: unit Z1 is broken and cannot attack');
    expect(given.types(given.do(endTurn))).toEqual(['TurnEnded']);
    expect(given.do(endTurn)[1]).toEqual({
      type: 'RallyTestRequired',
      data: { unitId: 'Z1', side: 'A', turn: 3 },
    });
  });

  it('HH-15 a unit whose forced withdrawal takes it off the table is lost', () => {
    const given = givenMatch();
    givenMeleeTest(given, 3, REFORM);
    const events = given.do(giveGround('N1', true, true));
    expect(given.types(events)).toEqual(['GroundGiven', 'UnitRemoved']);
    expect(events[0]?.data).toMatchObject({
      couldMove: true,
      leftTable: true,
      restrictions: [],
      impactBonusAgainst: null,
    });
    expect(events[1]?.data).toEqual({ unitId: 'N1', reason: 'left-the-table', ruleId: 'HH-15' });
    expect(given.refused(charge('C2', 'Z2', 'N1'), WILL_PASS).message).toBe(
      'HH-15: unit N1 has left the table',
    );
  });

  it('HH-15 leftTable without couldMove is invalid; a report nobody waits for is refused', () => {
    const given = givenMatch();
    expect(given.refused(giveGround('N1', true)).ruleId).toBe('HH-11');
    givenMeleeTest(given, 3, REFORM);
    const refusal = given.refused(giveGround('N1', false, true));
    expect(refusal.ruleId).toBe('HH-15');
    expect(refusal.kind).toBe('invalid');
    const wrongUnit = given.refused(giveGround('N2', true));
    expect(wrongUnit.ruleId).toBe('HH-11');
    expect(wrongUnit.message).toContain('how unit N1 gave ground');
  });

  it('HH-15 a unit may withdraw from contact in its own movement; off the table it is lost', () => {
    const given = givenMatch();
    chargeAndHold(given, 'C1', 'Z1', 'N1', 'front');
    // not in its own turn
    expect(given.refused(withdraw('N1')).ruleId).toBe('C-4');
    // not after the melee phase has begun
    expect(given.refused(withdraw('Z1')).ruleId).toBe('HH-4');
    given.do(endTurn);
    expect(given.do(withdraw('N1'))).toEqual([
      { type: 'UnitWithdrew', data: { unitId: 'N1', leftTable: false, brokeContactWith: ['Z1'] } },
    ]);
    expect(given.unit('N1').contacts).toEqual([]);
    expect(given.unit('Z1').contacts).toEqual([]);
    expect(given.refused(withdraw('N1')).message).toBe('HH-15: unit N1 is not in contact with an enemy');

    const offTable = givenMatch();
    chargeAndHold(offTable, 'C1', 'Z1', 'N1', 'front');
    offTable.do(endTurn);
    expect(offTable.types(offTable.do(withdraw('N1', true)))).toEqual(['UnitWithdrew', 'UnitRemoved']);
    expect(offTable.unit('N1')).toMatchObject({ status: 'removed', removedBecause: 'left-the-table' });
  });
});
