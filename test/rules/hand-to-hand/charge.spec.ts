import type { DiceRoll, DiceSource } from '../../../src/rules/common/index.js';
import { handToHand, type HandToHandEvent } from '../../../src/rules/hand-to-hand/index.js';
import { spec } from '../../support/decider-spec.js';
import {
  chargedIntoContact,
  chargeFaltered,
  impactRolled,
  meleeTested,
  moraleTested,
  standardTable,
} from '../../support/given-events/hand-to-hand.js';
import {
  charge,
  giveGround,
  matchOf,
  meleeTest,
  rollImpact,
  unitIn,
  WILL_FAIL,
  WILL_PASS,
} from './fixtures.js';

const hh = spec(handToHand);

function impactOf(events: readonly HandToHandEvent[]) {
  const rolled = events.find((event) => event.type === 'ImpactRolled');
  if (rolled?.type !== 'ImpactRolled') throw new Error('no ImpactRolled');
  return rolled.data;
}

/** Z1 charged N1 (or `defender`) on `aspect` and `slope`, passed willpower, and is in contact. */
const inContact = (
  options: Parameters<typeof chargedIntoContact>[3] = {},
  defender = 'N1',
  parameters?: Parameters<typeof standardTable>[0],
) => [...standardTable(parameters), ...chargedIntoContact('C1', 'Z1', defender, options)];

describe('hand-to-hand: charge, willpower, impact', () => {
  it('HH-4 full charge flow: declared → willpower → contact → impact → test → outcome', () => {
    // when Z1 charges the front of N1 and passes willpower (3+4 = 7 ≤ 8)
    hh.given(standardTable())
      .when(charge('C1', 'Z1', 'N1'), [3, 4])
      .then((events, after) => {
        expect(events).toEqual([
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
        expect(matchOf(after).awaiting).toEqual([
          { step: 'impact-roll', unitId: 'Z1', chargeId: 'C1', side: 'A', ruleId: 'HH-7' },
        ]);
        expect(unitIn(after, 'N1').contacts).toEqual([{ unitId: 'Z1', aspect: 'front', sinceTurn: 1 }]);
        expect(unitIn(after, 'Z1').contacts).toEqual([{ unitId: 'N1', aspect: 'front', sinceTurn: 1 }]);
      });

    // when the impact die shows 3: +1 charge → 4
    hh.given(inContact())
      .when(rollImpact('C1'), [3])
      .then((events, after) => {
        expect(events).toEqual([
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
        expect(matchOf(after).awaiting).toEqual([
          { step: 'morale-test', unitId: 'N1', chargeId: 'C1', side: 'B', ruleId: 'HH-8' },
        ]);
      });

    // when N1 (7 − 4 = 3) rolls 2+3 = 5: fails by 2 → Reform, Z1 victorious in turn 3
    const impact = impactRolled('C1', 'Z1', 'N1', 3);
    hh.given([...inContact(), impact])
      .when(meleeTest('N1'), [2, 3])
      .then((events, after) => {
        expect(events).toEqual([
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
        expect(matchOf(after).awaiting).toEqual([
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
      });

    // when side B reports N1 gave ground: the melee is over, contact broken
    hh.given([...inContact(), impact, ...meleeTested(impact, 7, [2, 3])])
      .when(giveGround('N1', true))
      .then((events, after) => {
        expect(matchOf(after).awaiting).toEqual([]);
        expect(unitIn(after, 'N1').contacts).toEqual([]);
        expect(unitIn(after, 'Z1').contacts).toEqual([]);
      });
  });

  it('HH-5 the charger must roll at most its own morale: 8 on 2D6 passes for morale 8', () => {
    hh.given(standardTable())
      .when(charge('C1', 'Z1', 'N1'), [2, 6])
      .then(([, willpower], after) => {
        expect(willpower?.data).toMatchObject({ total: 8, morale: 8, passed: true });
        expect(matchOf(after).charges[0]?.status).toBe('contact');
      });
  });

  it('HH-5 / Q-3 a failed willpower test falters: no contact, no impact, the unit stays', () => {
    const events = hh
      .given(standardTable())
      .when(charge('C1', 'Z1', 'N1', 'left-flank'), WILL_FAIL)
      .then((events, after) => {
        expect(events.map((event) => event.type)).toEqual([
          'ChargeDeclared',
          'WillpowerTested',
          'ChargeFaltered',
        ]);
        expect(events[1]?.data).toMatchObject({ total: 11, passed: false, autoPassedOnDouble: false });
        expect(events[2]).toEqual({
          type: 'ChargeFaltered',
          data: { chargeId: 'C1', attackerId: 'Z1', defenderId: 'N1' },
        });
        expect(matchOf(after).awaiting).toEqual([]);
        expect(unitIn(after, 'Z1').contacts).toEqual([]);
        expect(unitIn(after, 'N1').contacts).toEqual([]);
        expect(matchOf(after).charges[0]?.status).toBe('faltered');
      });
    const refusal = hh
      .given([...standardTable(), ...events])
      .when(rollImpact('C1'), [4])
      .thenRefuses('HH-7');
    expect(refusal.message).toContain('charge C1 is not waiting for an impact roll');
  });

  it('Q-4 a double passes the willpower test; with willpowerDoublesAutoPass off it fails', () => {
    hh.given(standardTable())
      .when(charge('C1', 'Z1', 'N1'), [5, 5])
      .then(([, passed]) =>
        expect(passed?.data).toMatchObject({ total: 10, passed: true, autoPassedOnDouble: true }),
      );

    hh.given(standardTable({ options: { willpowerDoublesAutoPass: false } }))
      .when(charge('C1', 'Z1', 'N1'), [5, 5])
      .then((events) => {
        expect(events[1]?.data).toMatchObject({ total: 10, passed: false, autoPassedOnDouble: false });
        expect(events[2]?.type).toBe('ChargeFaltered');
      });
  });

  it('HH-6 only the attacker strikes: its side rolls one impact die, the defender only tests', () => {
    hh.given(inContact())
      .when(rollImpact('C1'), [2])
      .then(([impact]) =>
        expect(impact?.type === 'ImpactRolled' && impact.data.roll).toEqual({
          purpose: 'impact',
          faces: [2],
          origin: 'table',
          side: 'A',
        }),
      );
    // the attacker's morale is untouched, the defender takes the test
    hh.given([...inContact(), impactRolled('C1', 'Z1', 'N1', 2)])
      .when(meleeTest('N1'), [1, 1])
      .then(([test], after) => {
        expect(test?.type === 'MoraleTested' && test.data.roll.side).toBe('B');
        expect(unitIn(after, 'Z1')).toMatchObject({ baseMorale: 8, disordered: false, status: 'active' });
      });
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
    const rolls: DiceRoll[] = [];
    const collect = (events: HandToHandEvent[]) => {
      for (const event of events) if ('roll' in event.data) rolls.push(event.data.roll);
    };
    hh.given(standardTable())
      .when(charge('C1', 'Z1', 'N1'), server)
      .then(collect);
    hh.given(inContact()).when(rollImpact('C1'), server).then(collect);
    hh.given([...inContact(), impactRolled('C1', 'Z1', 'N1', 5)])
      .when(meleeTest('N1'), server)
      .then(collect);
    expect(rolls).toEqual([
      { purpose: 'willpower', faces: [3, 4], origin: 'server', side: 'A', index: 41 },
      { purpose: 'impact', faces: [5], origin: 'server', side: 'A', index: 42 },
      { purpose: 'morale test', faces: [1, 2], origin: 'server', side: 'B', index: 43 },
    ]);
  });

  it('HH-7 flank adds +1 to impact', () => {
    hh.given(inContact({ aspect: 'left-flank' }))
      .when(rollImpact('C1'), [3])
      .then((events) => {
        const impact = impactOf(events);
        expect(impact.modifiers).toEqual([
          { name: 'charge', value: 1, ruleId: 'HH-7' },
          { name: 'flank', value: 1, ruleId: 'HH-7' },
        ]);
        expect(impact.total).toBe(5);
        expect(impact.impact).toBe(5);
      });
  });

  it('HH-7 rear adds +2 and uphill +1', () => {
    hh.given(inContact({ aspect: 'rear', slope: 'uphill' }))
      .when(rollImpact('C1'), [2])
      .then((events) => {
        const impact = impactOf(events);
        expect(impact.modifiers).toEqual([
          { name: 'charge', value: 1, ruleId: 'HH-7' },
          { name: 'rear', value: 2, ruleId: 'HH-7' },
          { name: 'uphill', value: 1, ruleId: 'HH-7' },
        ]);
        expect(impact.impact).toBe(6);
      });
  });

  it('Q-2 flank and rear are counted once, though the source names them twice', () => {
    hh.given(inContact({ aspect: 'right-flank' }))
      .when(rollImpact('C1'), [4])
      .then((events) => {
        const impact = impactOf(events);
        expect(impact.modifiers.filter((m) => m.name === 'flank')).toHaveLength(1);
        expect(impact.total).toBe(6);
      });
  });

  it('Q-5 an impact below 0 counts as 0, and the defender then tests against its full morale', () => {
    const given = inContact({ slope: 'downhill' }, 'N1', { modifiers: { downhill: -3 } });
    const rolled = hh
      .given(given)
      .when(rollImpact('C1'), [1])
      .then((events) => {
        const impact = impactOf(events);
        expect(impact.total).toBe(-1);
        expect(impact.impact).toBe(0);
      });
    hh.given([...given, ...rolled])
      .when(meleeTest('N1'), [3, 4])
      .then(([test]) =>
        expect(test?.data).toMatchObject({ impact: 0, effectiveMorale: 7, passed: true, margin: 0 }),
      );
  });

  it('E-1 / Q-14 Zulus downhill of the NNC: charge +1, downhill −1, die 4 → impact 4; NNC morale 7 needs 3 or less', () => {
    const given = inContact({ slope: 'downhill' });
    hh.given(given)
      .when(rollImpact('C1'), [4])
      .then((events) => {
        const impact = impactOf(events);
        expect(impact.modifiers).toEqual([
          { name: 'charge', value: 1, ruleId: 'HH-7' },
          { name: 'downhill', value: -1, ruleId: 'HH-7' },
        ]);
        expect(impact.impact).toBe(4);
      });
    // HH-8: 3 passes, 4 fails by 1
    const impact4 = impactRolled('C1', 'Z1', 'N1', 4, { slope: 'downhill' });
    hh.given([...given, impact4])
      .when(meleeTest('N1'), [2, 1])
      .then(([holds]) =>
        expect(holds?.data).toMatchObject({ effectiveMorale: 3, total: 3, passed: true, outcome: 'passed' }),
      );
    hh.given([...given, impact4])
      .when(meleeTest('N1'), [1, 3])
      .then(([fails]) =>
        expect(fails?.data).toMatchObject({
          effectiveMorale: 3,
          total: 4,
          passed: false,
          margin: 1,
          outcome: 'reform',
        }),
      );
  });

  it('HH-8 the defender tests at once against base morale minus the impact', () => {
    const given = hh.given([
      ...inContact({ aspect: 'left-flank' }, 'B1'),
      impactRolled('C1', 'Z1', 'B1', 2, { aspect: 'left-flank' }),
    ]);
    // refused: the test is the defender's, not some other unit's
    given.when(meleeTest('N1'), [1, 2]).thenRefuses('HH-8');
    given.when(meleeTest('B1'), [2, 3]).then(([test], after) => {
      expect(test?.data).toMatchObject({
        baseMorale: 9,
        impact: 4,
        effectiveMorale: 5,
        total: 5,
        passed: true,
      });
      expect(matchOf(after).awaiting).toEqual([]);
    });
  });

  it('C-4 only a unit of the active side may charge', () => {
    const refusal = hh
      .given(standardTable())
      .when(charge('C1', 'N1', 'Z1'), WILL_PASS)
      .thenRefuses('C-4', 'conflict');
    expect(refusal.message).toContain('unit N1');
  });

  it('HH-4 a unit charges an enemy, once per melee phase; a charge id is never reused', () => {
    hh.given(standardTable())
      .when(charge('C1', 'Z1', 'Z2'))
      .thenRefuses('HH-4');
    const faltered = hh.given([...standardTable(), ...chargeFaltered('C1', 'Z1', 'N1')]);
    const again = faltered.when(charge('C2', 'Z1', 'N2'), WILL_PASS).thenRefuses('HH-4');
    expect(again.message).toContain('already attacked');
    faltered.when(charge('C1', 'Z2', 'N2'), WILL_PASS).thenRefuses('C-6');
  });

  it('HH-9 (1.0.0) charges resolve one at a time: a second charge waits for the pending step, refused under its rule', () => {
    const whileImpact = hh
      .given(inContact())
      .when(charge('C2', 'Z2', 'N1', 'left-flank'), WILL_PASS)
      .thenRefuses('HH-7');
    expect(whileImpact.message).toContain("impact roll of unit Z1's attack on unit N1 (Zulus)");
    const impact = impactRolled('C1', 'Z1', 'N1', 1);
    hh.given([...inContact(), impact])
      .when(charge('C2', 'Z2', 'N1', 'left-flank'), WILL_PASS)
      .thenRefuses('HH-8');
    hh.given([...inContact(), impact, moraleTested('N1', 7, [1, 2], { chargeId: 'C1', impact: 2 })])
      .when(charge('C2', 'Z2', 'N1', 'left-flank'), WILL_PASS)
      .then((events) => expect(events.map((event) => event.type)).toContain('ContactMade'));
  });

  it('HH-16 winners are intact: a victorious attacker keeps its morale and state; no casualties are tallied', () => {
    const before = unitIn(hh.given(standardTable()).state, 'Z1');
    // impact 7, N1 tests against 0, fails by 11 → rout
    hh.given([...inContact(), impactRolled('C1', 'Z1', 'N1', 6)])
      .when(meleeTest('N1'), [6, 5])
      .then((events, after) => {
        expect(unitIn(after, 'N1')).toMatchObject({ status: 'removed', removedBecause: 'rout' });
        expect(unitIn(after, 'Z1')).toEqual({ ...before, victoriousInTurn: 3 });
        expect(Object.keys(unitIn(after, 'Z1'))).not.toContain('strength');
      });
  });
});
