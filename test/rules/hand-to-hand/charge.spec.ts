import type { DiceRoll, DiceSource } from '../../../src/rules/common/index.js';
import type { HandToHandEvent } from '../../../src/rules/hand-to-hand/index.js';
import {
  charge,
  decide,
  giveGround,
  givenMatch,
  givenMeleeTest,
  meleeTest,
  replay,
  rollImpact,
  WILL_FAIL,
  WILL_PASS,
} from './fixtures.js';

function impactOf(events: readonly HandToHandEvent[]) {
  const rolled = events.find((event) => event.type === 'ImpactRolled');
  if (rolled?.type !== 'ImpactRolled') throw new Error('no ImpactRolled');
  return rolled.data;
}

describe('hand-to-hand: charge, willpower, impact', () => {
  it('HH-4 full charge flow: declared → willpower → contact → impact → test → outcome', () => {
    const given = givenMatch();

    // when Z1 charges the front of N1 and passes willpower (3+4 = 7 ≤ 8)
    expect(given.do(charge('C1', 'Z1', 'N1'), [3, 4])).toEqual([
      {
        type: 'ChargeDeclared',
        data: {
          chargeId: 'C1',
          attackerId: 'Z1',
          defenderId: 'N1',
          aspect: 'front',
          slope: 'level',
          kind: 'charge',
          turn: 1,
        },
      },
      {
        type: 'WillpowerTested',
        data: {
          chargeId: 'C1',
          unitId: 'Z1',
          roll: { purpose: 'willpower', faces: [3, 4], origin: 'table', side: 'A' },
          morale: 8,
          total: 7,
          passed: true,
          autoPassedOnDouble: false,
        },
      },
      {
        type: 'ContactMade',
        data: { chargeId: 'C1', attackerId: 'Z1', defenderId: 'N1', aspect: 'front', turn: 1 },
      },
    ]);
    expect(given.match.awaiting).toEqual([
      { step: 'impact-roll', unitId: 'Z1', chargeId: 'C1', side: 'A', ruleId: 'HH-7' },
    ]);
    expect(given.unit('N1').contacts).toEqual([{ unitId: 'Z1', aspect: 'front', sinceTurn: 1 }]);
    expect(given.unit('Z1').contacts).toEqual([{ unitId: 'N1', aspect: 'front', sinceTurn: 1 }]);

    // when the impact die shows 3: +1 charge → 4
    expect(given.do(rollImpact('C1'), [3])).toEqual([
      {
        type: 'ImpactRolled',
        data: {
          chargeId: 'C1',
          attackerId: 'Z1',
          defenderId: 'N1',
          roll: { purpose: 'impact', faces: [3], origin: 'table', side: 'A' },
          die: 3,
          modifiers: [{ name: 'charge', value: 1, ruleId: 'HH-7' }],
          total: 4,
          impact: 4,
          repeat: false,
        },
      },
    ]);
    expect(given.match.awaiting).toEqual([
      { step: 'morale-test', unitId: 'N1', chargeId: 'C1', side: 'B', ruleId: 'HH-8' },
    ]);

    // when N1 (7 − 4 = 3) rolls 2+3 = 5: fails by 2 → Reform, Z1 victorious in turn 3
    expect(given.do(meleeTest('N1'), [2, 3])).toEqual([
      {
        type: 'MoraleTested',
        data: {
          unitId: 'N1',
          chargeId: 'C1',
          cause: 'melee',
          roll: { purpose: 'morale test', faces: [2, 3], origin: 'table', side: 'B' },
          baseMorale: 7,
          impact: 4,
          penalty: null,
          effectiveMorale: 3,
          total: 5,
          passed: false,
          autoPassedOnDouble: false,
          margin: 2,
          outcome: 'reform',
        },
      },
      { type: 'AttackerVictorious', data: { chargeId: 'C1', unitId: 'Z1', inTurn: 3 } },
    ]);
    expect(given.match.awaiting).toEqual([
      {
        step: 'give-ground-report',
        unitId: 'N1',
        chargeId: 'C1',
        side: 'B',
        ruleId: 'HH-11',
        cause: 'melee',
        outcome: 'reform',
      },
    ]);

    // when side B reports N1 gave ground: the melee is over, contact broken
    given.do(giveGround('N1', true));
    expect(given.match.awaiting).toEqual([]);
    expect(given.unit('N1').contacts).toEqual([]);
    expect(given.unit('Z1').contacts).toEqual([]);
  });

  it('HH-5 the charger must roll at most its own morale: 8 on 2D6 passes for morale 8', () => {
    const given = givenMatch();
    const [, willpower] = given.do(charge('C1', 'Z1', 'N1'), [2, 6]);
    expect(willpower?.data).toMatchObject({ total: 8, morale: 8, passed: true });
    expect(given.match.charges[0]?.status).toBe('contact');
  });

  it('HH-5 / Q-3 a failed willpower test falters: no contact, no impact, the unit stays', () => {
    const given = givenMatch();
    const events = given.do(charge('C1', 'Z1', 'N1', 'left-flank'), WILL_FAIL);
    expect(given.types(events)).toEqual(['ChargeDeclared', 'WillpowerTested', 'ChargeFaltered']);
    expect(events[1]?.data).toMatchObject({ total: 11, passed: false, autoPassedOnDouble: false });
    expect(events[2]).toEqual({
      type: 'ChargeFaltered',
      data: { chargeId: 'C1', attackerId: 'Z1', defenderId: 'N1' },
    });
    expect(given.match.awaiting).toEqual([]);
    expect(given.unit('Z1').contacts).toEqual([]);
    expect(given.unit('N1').contacts).toEqual([]);
    expect(given.match.charges[0]?.status).toBe('faltered');
    const refusal = given.refused(rollImpact('C1'), [4]);
    expect(refusal.ruleId).toBe('HH-7');
    expect(refusal.message).toContain('charge C1 is not waiting for an impact roll');
  });

  it('Q-4 a double passes the willpower test; with willpowerDoublesAutoPass off it fails', () => {
    const on = givenMatch();
    const [, passed] = on.do(charge('C1', 'Z1', 'N1'), [5, 5]);
    expect(passed?.data).toMatchObject({ total: 10, passed: true, autoPassedOnDouble: true });

    const off = givenMatch({ options: { willpowerDoublesAutoPass: false } });
    const events = off.do(charge('C1', 'Z1', 'N1'), [5, 5]);
    expect(events[1]?.data).toMatchObject({ total: 10, passed: false, autoPassedOnDouble: false });
    expect(events[2]?.type).toBe('ChargeFaltered');
  });

  it('HH-6 only the attacker strikes: its side rolls one impact die, the defender only tests', () => {
    const given = givenMatch();
    given.do(charge('C1', 'Z1', 'N1'), WILL_PASS);
    const [impact] = given.do(rollImpact('C1'), [2]);
    expect(impact?.type === 'ImpactRolled' && impact.data.roll).toEqual({
      purpose: 'impact',
      faces: [2],
      origin: 'table',
      side: 'A',
    });
    // the attacker's morale is untouched, the defender takes the test
    const [test] = given.do(meleeTest('N1'), [1, 1]);
    expect(test?.type === 'MoraleTested' && test.data.roll.side).toBe('B');
    expect(given.unit('Z1')).toMatchObject({ baseMorale: 8, disordered: false, status: 'active' });
  });

  it('C-1 every roll records purpose, faces, origin and side; server dice also their roll index', () => {
    let index = 41;
    const faces = [[3, 4], [5], [1, 2]];
    const server: DiceSource = {
      roll({ purpose, count, side }): DiceRoll {
        const next = faces.shift() ?? [];
        expect(next).toHaveLength(count);
        return { purpose, faces: next, origin: 'server', side, index: index++ };
      },
    };
    const given = givenMatch();
    let state = given.state;
    const rolls: DiceRoll[] = [];
    for (const command of [charge('C1', 'Z1', 'N1'), rollImpact('C1'), meleeTest('N1')]) {
      const events = decide(state, command, server);
      state = replay(events, state);
      for (const event of events) if ('roll' in event.data) rolls.push(event.data.roll);
    }
    expect(rolls).toEqual([
      { purpose: 'willpower', faces: [3, 4], origin: 'server', side: 'A', index: 41 },
      { purpose: 'impact', faces: [5], origin: 'server', side: 'A', index: 42 },
      { purpose: 'morale test', faces: [1, 2], origin: 'server', side: 'B', index: 43 },
    ]);
  });

  it('HH-7 flank adds +1 to impact', () => {
    const given = givenMatch();
    given.do(charge('C1', 'Z1', 'N1', 'left-flank'), WILL_PASS);
    const impact = impactOf(given.do(rollImpact('C1'), [3]));
    expect(impact.modifiers).toEqual([
      { name: 'charge', value: 1, ruleId: 'HH-7' },
      { name: 'flank', value: 1, ruleId: 'HH-7' },
    ]);
    expect(impact.total).toBe(5);
    expect(impact.impact).toBe(5);
  });

  it('HH-7 rear adds +2 and uphill +1', () => {
    const given = givenMatch();
    given.do(charge('C1', 'Z1', 'N1', 'rear', 'uphill'), WILL_PASS);
    const impact = impactOf(given.do(rollImpact('C1'), [2]));
    expect(impact.modifiers).toEqual([
      { name: 'charge', value: 1, ruleId: 'HH-7' },
      { name: 'rear', value: 2, ruleId: 'HH-7' },
      { name: 'uphill', value: 1, ruleId: 'HH-7' },
    ]);
    expect(impact.impact).toBe(6);
  });

  it('Q-2 flank and rear are counted once, though the source names them twice', () => {
    const given = givenMatch();
    given.do(charge('C1', 'Z1', 'N1', 'right-flank'), WILL_PASS);
    const impact = impactOf(given.do(rollImpact('C1'), [4]));
    expect(impact.modifiers.filter((m) => m.name === 'flank')).toHaveLength(1);
    expect(impact.total).toBe(6);
  });

  it('Q-5 an impact below 0 counts as 0, and the defender then tests against its full morale', () => {
    const given = givenMatch({ modifiers: { downhill: -3 } });
    given.do(charge('C1', 'Z1', 'N1', 'front', 'downhill'), WILL_PASS);
    const impact = impactOf(given.do(rollImpact('C1'), [1]));
    expect(impact.total).toBe(-1);
    expect(impact.impact).toBe(0);
    const [test] = given.do(meleeTest('N1'), [3, 4]);
    expect(test?.data).toMatchObject({ impact: 0, effectiveMorale: 7, passed: true, margin: 0 });
  });

  it('E-1 / Q-14 Zulus downhill of the NNC: charge +1, downhill −1, die 4 → impact 4; NNC morale 7 needs 3 or less', () => {
    const given = givenMatch();
    given.do(charge('C1', 'Z1', 'N1', 'front', 'downhill'), WILL_PASS);
    const impact = impactOf(given.do(rollImpact('C1'), [4]));
    expect(impact.modifiers).toEqual([
      { name: 'charge', value: 1, ruleId: 'HH-7' },
      { name: 'downhill', value: -1, ruleId: 'HH-7' },
    ]);
    expect(impact.impact).toBe(4);
    // HH-8: 3 passes, 4 fails by 1
    const [holds] = given.do(meleeTest('N1'), [2, 1]);
    expect(holds?.data).toMatchObject({ effectiveMorale: 3, total: 3, passed: true, outcome: 'passed' });
    const fails = givenMatch();
    givenMeleeTest(fails, 3, [1, 3]);
    expect(fails.events.at(-2)?.data).toMatchObject({
      effectiveMorale: 3,
      total: 4,
      passed: false,
      margin: 1,
      outcome: 'reform',
    });
  });

  it('HH-8 the defender tests at once against base morale minus the impact', () => {
    const given = givenMatch();
    given.do(charge('C1', 'Z1', 'B1', 'left-flank'), WILL_PASS);
    given.do(rollImpact('C1'), [2]);
    // refused: the test is the defender's, not some other unit's
    expect(given.refused(meleeTest('N1'), [1, 2]).ruleId).toBe('HH-8');
    const [test] = given.do(meleeTest('B1'), [2, 3]);
    expect(test?.data).toMatchObject({
      baseMorale: 9,
      impact: 4,
      effectiveMorale: 5,
      total: 5,
      passed: true,
    });
    expect(given.match.awaiting).toEqual([]);
  });

  it('C-4 only a unit of the active side may charge', () => {
    const given = givenMatch();
    const refusal = given.refused(charge('C1', 'N1', 'Z1'), WILL_PASS);
    expect(refusal.ruleId).toBe('C-4');
    expect(refusal.kind).toBe('conflict');
    expect(refusal.message).toContain('unit N1');
  });

  it('HH-4 a unit charges an enemy, once per melee phase; a charge id is never reused', () => {
    const given = givenMatch();
    expect(given.refused(charge('C1', 'Z1', 'Z2')).ruleId).toBe('HH-4');
    given.do(charge('C1', 'Z1', 'N1'), WILL_FAIL);
    const again = given.refused(charge('C2', 'Z1', 'N2'), WILL_PASS);
    expect(again.ruleId).toBe('HH-4');
    expect(again.message).toContain('already attacked');
    expect(given.refused(charge('C1', 'Z2', 'N2'), WILL_PASS).ruleId).toBe('C-6');
  });

  it('HH-9 (1.0.0) charges resolve one at a time: a second charge waits for the pending step, refused under its rule', () => {
    const given = givenMatch();
    given.do(charge('C1', 'Z1', 'N1'), WILL_PASS);
    const whileImpact = given.refused(charge('C2', 'Z2', 'N1', 'left-flank'), WILL_PASS);
    expect(whileImpact.ruleId).toBe('HH-7');
    expect(whileImpact.message).toContain('impact roll of charge C1');
    given.do(rollImpact('C1'), [1]);
    expect(given.refused(charge('C2', 'Z2', 'N1', 'left-flank'), WILL_PASS).ruleId).toBe('HH-8');
    given.do(meleeTest('N1'), [1, 2]);
    expect(given.types(given.do(charge('C2', 'Z2', 'N1', 'left-flank'), WILL_PASS))).toContain('ContactMade');
  });

  it('HH-16 winners are intact: a victorious attacker keeps its morale and state; no casualties are tallied', () => {
    const given = givenMatch();
    const before = given.unit('Z1');
    givenMeleeTest(given, 6, [6, 5]); // impact 7, N1 tests against 0, fails by 11 → rout
    expect(given.unit('N1')).toMatchObject({ status: 'removed', removedBecause: 'rout' });
    expect(given.unit('Z1')).toEqual({ ...before, victoriousInTurn: 3 });
    expect(Object.keys(given.unit('Z1'))).not.toContain('strength');
  });
});
