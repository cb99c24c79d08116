import { initialLogContext } from '../../../src/rules/common/index.js';
import { handToHandV2, type HandToHandEvent } from '../../../src/rules/hand-to-hand/index.js';
import {
  charge,
  endTurn,
  Given,
  giveGround,
  givenMatchV2,
  meleeTest,
  rollImpact,
  WILL_FAIL,
  WILL_PASS,
} from './fixtures.js';
import { chargedAndHeld, standardTable, turnEnded } from '../../support/given-events/hand-to-hand.js';

/**
 * Q-17 (version 2.0.0): the melee phase declares before it resolves. The active side declares all its
 * attacks; the first impact roll closes the declarations; surrender (HH-9) is judged then, once; the
 * impacts follow in declared order, and an attack whose defender left contact ends without an impact.
 */
describe('hand-to-hand 2.0.0: the melee phase declares before it resolves (Q-17)', () => {
  it('Q-17 a second charge is declared while the first waits for the impact roll that will close the declarations', () => {
    const given = givenMatchV2();
    given.do(charge('C1', 'Z1', 'N1'), WILL_PASS);
    expect(handToHandV2.awaiting(given.state)).toEqual([
      { command: 'RollImpact', side: 'A', unitId: 'Z1', ruleId: 'Q-17' },
    ]);
    expect(given.types(given.do(charge('C2', 'Z2', 'N2'), WILL_PASS))).toEqual([
      'ChargeDeclared',
      'WillpowerTested',
      'ContactMade',
    ]);
    expect(handToHandV2.progress(given.state)).toEqual({
      turn: 1,
      activeSide: 'A',
      phase: 'melee-declaring',
    });
    // HH-5: each willpower test is rolled as its charge is declared; a faltered one is no attack to resolve
    given.do(charge('C3', 'Z3', 'B1'), WILL_FAIL);
    expect(handToHandV2.awaiting(given.state)).toEqual([
      { command: 'RollImpact', side: 'A', unitId: 'Z1', ruleId: 'Q-17' },
    ]);
  });

  it('Q-17 the first impact roll closes the declarations: a charge after it is refused, and the impacts follow in declared order', () => {
    const given = givenMatchV2();
    given.do(charge('C1', 'Z1', 'N1'), WILL_PASS);
    given.do(charge('C2', 'Z2', 'N2'), WILL_PASS);
    const refusedOrder = given.refused(rollImpact('C2'), [3]);
    expect(refusedOrder.ruleId).toBe('Q-17');
    expect(refusedOrder.message).toContain('charge C1');
    expect(given.types(given.do(rollImpact('C1'), [1]))).toEqual(['ImpactRolled']);
    expect(handToHandV2.progress(given.state).phase).toBe('melee-resolving');
    const late = given.refused(charge('C3', 'Z3', 'B1'), WILL_PASS);
    expect(late.ruleId).toBe('Q-17');
    expect(late.message).toContain('closed at its first impact roll');
    given.do(meleeTest('N1'), [1, 2]);
    expect(handToHandV2.awaiting(given.state)).toEqual([
      { command: 'RollImpact', side: 'A', unitId: 'Z2', ruleId: 'HH-7' },
    ]);
    expect(given.refused(endTurn).ruleId).toBe('C-4');
    given.do(rollImpact('C2'), [1]);
    given.do(meleeTest('N2'), [1, 2]);
    expect(handToHandV2.awaiting(given.state)).toEqual([]);
    expect(given.types(given.do(endTurn))).toEqual(['TurnEnded']);
  });

  it('Q-17 HH-9 surrender is judged once, at the first impact roll: contacted on both flanks, the defender surrenders before any impact, and the attacks on it end without one', () => {
    const given = givenMatchV2();
    given.do(charge('C1', 'Z1', 'N1', 'left-flank'), WILL_PASS);
    given.do(charge('C2', 'Z2', 'N1', 'right-flank'), WILL_PASS);
    // no surrender yet: it waits for the close of the declarations
    expect(given.unit('N1').status).toBe('active');
    // once surrender is judged no attack would strike: nothing to roll until another attack is declared
    expect(handToHandV2.awaiting(given.state)).toEqual([]);
    given.do(charge('C3', 'Z3', 'N2'), WILL_PASS);
    expect(handToHandV2.awaiting(given.state)).toEqual([
      { command: 'RollImpact', side: 'A', unitId: 'Z3', ruleId: 'Q-17' },
    ]);
    const closing = given.do(rollImpact('C3'), [2]);
    expect(closing.slice(0, 4)).toEqual([
      {
        type: 'DefenderSurrendered',
        data: { chargeId: 'C1', unitId: 'N1', contactAspects: ['left-flank', 'right-flank'] },
      },
      { type: 'UnitRemoved', data: { unitId: 'N1', reason: 'surrendered', ruleId: 'HH-9' } },
      {
        type: 'AttackEndedWithoutImpact',
        data: { chargeId: 'C1', attackerId: 'Z1', defenderId: 'N1', reason: 'defender-surrendered' },
      },
      {
        type: 'AttackEndedWithoutImpact',
        data: { chargeId: 'C2', attackerId: 'Z2', defenderId: 'N1', reason: 'defender-surrendered' },
      },
    ]);
    expect(given.types(closing.slice(4))).toEqual(['ImpactRolled']);
    expect(given.match.charges.map((c) => [c.chargeId, c.status])).toEqual([
      ['C1', 'ended'],
      ['C2', 'ended'],
      ['C3', 'struck'],
    ]);
    // an attack that ended without an impact stays the unit's attack of the phase: no other is declared
    expect(given.refused(charge('C4', 'Z1', 'N2'), WILL_PASS).ruleId).toBe('Q-17');
  });

  it('Q-17 HH-9 a flank and the rear also make it surrender; with every defender surrendering, ending the turn closes the declarations', () => {
    const given = givenMatchV2();
    given.do(charge('C1', 'Z1', 'N1', 'left-flank'), WILL_PASS);
    given.do(charge('C2', 'Z2', 'N1', 'rear'), WILL_PASS);
    expect(given.types(given.do(endTurn))).toEqual([
      'DefenderSurrendered',
      'UnitRemoved',
      'AttackEndedWithoutImpact',
      'AttackEndedWithoutImpact',
      'TurnEnded',
    ]);
    expect(given.unit('N1')).toMatchObject({ status: 'removed', removedBecause: 'surrendered' });
  });

  it('Q-17 HH-9 an enemy touching its front prevents the surrender, even an attack declared after the flank attacks', () => {
    const given = givenMatchV2();
    given.do(charge('C1', 'Z1', 'N1', 'left-flank'), WILL_PASS);
    given.do(charge('C2', 'Z2', 'N1', 'right-flank'), WILL_PASS);
    given.do(charge('C3', 'Z3', 'N1', 'front'), WILL_PASS);
    expect(given.types(given.do(rollImpact('C1'), [1]))).toEqual(['ImpactRolled']);
    expect(given.unit('N1').status).toBe('active');
  });

  it('Q-17 HH-9 an enemy standing in contact with its front from an earlier turn prevents it too', () => {
    const spec = Given.from([
      ...standardTable(undefined, '2.0.0'),
      ...chargedAndHeld('C0', 'Z3', 'N1', 'front'),
      turnEnded(1, 'A'),
      turnEnded(2, 'B'),
    ]);
    spec.do(charge('C1', 'Z1', 'N1', 'left-flank'), WILL_PASS);
    spec.do(charge('C2', 'Z2', 'N1', 'right-flank'), WILL_PASS);
    expect(spec.types(spec.do(rollImpact('C1'), [1]))).toEqual(['ImpactRolled']);
    expect(spec.unit('N1').status).toBe('active');
  });

  it('Q-17 HH-10 a unit already in contact attacks again beside the new charges, and its contact counts for the surrender', () => {
    const spec = Given.from([
      ...standardTable(undefined, '2.0.0'),
      ...chargedAndHeld('C0', 'Z1', 'N1', 'left-flank'),
      turnEnded(1, 'A'),
      turnEnded(2, 'B'),
    ]);
    const again = spec.do(charge('C1', 'Z1', 'N1', 'left-flank'));
    expect(again[0]).toMatchObject({ type: 'ChargeDeclared', data: { kind: 'fight-back' } });
    spec.do(charge('C2', 'Z2', 'N1', 'right-flank'), WILL_PASS);
    expect(spec.types(spec.do(endTurn))).toEqual([
      'DefenderSurrendered',
      'UnitRemoved',
      'AttackEndedWithoutImpact',
      'AttackEndedWithoutImpact',
      'TurnEnded',
    ]);
  });

  it('Q-17 an attack whose defender gave ground before its turn ends without an impact, recorded, and its unit has attacked', () => {
    const given = givenMatchV2();
    given.do(charge('C1', 'Z1', 'N1'), WILL_PASS);
    given.do(charge('C2', 'Z2', 'N1', 'left-flank'), WILL_PASS);
    given.do(rollImpact('C1'), [2]); // impact 3: N1 tests against 4
    given.do(meleeTest('N1'), [3, 5]); // 8, over by 4: Reform
    expect(given.do(giveGround('N1', true))).toEqual([
      expect.objectContaining({ type: 'GroundGiven' }),
      {
        type: 'AttackEndedWithoutImpact',
        data: { chargeId: 'C2', attackerId: 'Z2', defenderId: 'N1', reason: 'defender-left-contact' },
      },
    ]);
    expect(handToHandV2.awaiting(given.state)).toEqual([]);
    expect(handToHandV2.progress(given.state).phase).toBe('melee-resolving');
    expect(given.refused(charge('C3', 'Z2', 'N1', 'left-flank'), WILL_PASS).ruleId).toBe('Q-17');
    expect(given.types(given.do(endTurn))).toEqual(['TurnEnded']);
  });

  it('Q-17 an attack whose defender was removed (routed) by an earlier attack ends without an impact', () => {
    const given = givenMatchV2();
    given.do(charge('C1', 'Z1', 'N1'), WILL_PASS);
    given.do(charge('C2', 'Z2', 'N1', 'left-flank'), WILL_PASS);
    given.do(rollImpact('C1'), [6]); // impact 7: N1 tests against 0
    const events = given.do(meleeTest('N1'), [6, 4]); // over by 10: Rout
    expect(given.types(events)).toEqual([
      'MoraleTested',
      'AttackerVictorious',
      'UnitRemoved',
      'AttackEndedWithoutImpact',
    ]);
    expect(events.at(-1)).toMatchObject({ data: { chargeId: 'C2', reason: 'defender-removed' } });
  });
});

describe('hand-to-hand 2.0.0: the turn log of the declarations (Q-17)', () => {
  function logOf(events: readonly HandToHandEvent[]) {
    let context = initialLogContext(handToHandV2.id);
    return events.map((event) => {
      const line = handToHandV2.describe(event, context);
      context = handToHandV2.logContextAfter(context, event);
      return line;
    });
  }

  it('Q-17 HH-9 the log tells a surrender before any impact, and each attack that ended without one, under its rule', () => {
    const given = givenMatchV2();
    given.do(charge('C1', 'Z1', 'N1', 'left-flank'), WILL_PASS);
    given.do(charge('C2', 'Z2', 'N1', 'right-flank'), WILL_PASS);
    const closing = given.do(endTurn);
    const lines = logOf([...given.events.slice(0, -closing.length), ...closing]).slice(-closing.length);
    expect(lines.map(({ sentence, ruleIds }) => ({ sentence, ruleIds }))).toEqual([
      {
        sentence:
          'Turn 1: the unit N1, contacted on its left flank and right flank and not to its front, surrendered at once.',
        ruleIds: ['HH-9'],
      },
      { sentence: 'Turn 1: the unit N1 was removed: it surrendered.', ruleIds: ['HH-9'] },
      {
        sentence:
          "Turn 1: the unit Z1's attack on the unit N1 ended without an impact: the unit N1 had surrendered before its turn.",
        ruleIds: ['Q-17', 'HH-9'],
      },
      {
        sentence:
          "Turn 1: the unit Z2's attack on the unit N1 ended without an impact: the unit N1 had surrendered before its turn.",
        ruleIds: ['Q-17', 'HH-9'],
      },
      expect.objectContaining({ ruleIds: ['C-4'] }),
    ]);
    expect(closing.slice(2, 4).map((event) => handToHandV2.ruleIdOf(event, ['data', 'reason']))).toEqual([
      'Q-17',
      'Q-17',
    ]);
  });

  it('Q-18 Q-19 the log names the rule that bars a withdrawn or rallied unit from attacking', () => {
    const withdrew: HandToHandEvent = {
      type: 'UnitWithdrew',
      data: {
        unitId: 'N1',
        leftTable: false,
        brokeContactWith: ['Z1'],
        restrictions: [{ restriction: 'attack', inTurn: 2, ruleId: 'Q-19' }],
      },
    };
    const [line] = logOf([...standardTable(undefined, '2.0.0'), turnEnded(1, 'A'), withdrew]).slice(-1);
    expect(line).toMatchObject({
      sentence: 'Turn 2: the unit N1 withdrew from contact with the unit Z1; it may not attack in turn 2.',
      ruleIds: ['HH-15', 'Q-19'],
    });
    expect(handToHandV2.ruleIdOf(withdrew, ['data', 'restrictions', 0, 'inTurn'])).toBe('Q-19');
    expect(handToHandV2.eventTypes).toContain('AttackEndedWithoutImpact');
  });
});
