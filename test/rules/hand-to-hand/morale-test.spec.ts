import {
  DEFAULT_PARAMETERS,
  HAND_TO_HAND_VERSIONS,
  handToHand,
  type MatchState,
} from '../../../src/rules/hand-to-hand/index.js';
import { degreeOfFailure, judgeTwoDice } from '../../../src/rules/hand-to-hand/morale-test.js';
import { spec } from '../../support/decider-spec.js';
import { meleeTest, rallyTest, shootingTest } from './fixtures.js';
import {
  chargedIntoContact,
  impactRolled,
  fledBroken,
  meleeTestOf,
  moraleTested,
  rallyTestRequired,
  standardTable,
  turnEnded,
} from '../../support/given-events/hand-to-hand.js';

const hh = spec(handToHand);
const matchOf = (state: unknown) => state as MatchState;

/** Z1 charged N1 (or `defender`) frontally in contact; its impact die showed `die` (+1 charge). */
function impactOn(defender: string, die: number, parameters?: Parameters<typeof standardTable>[0]) {
  return [
    ...standardTable(parameters),
    ...chargedIntoContact('C1', 'Z1', defender),
    impactRolled('C1', 'Z1', defender, die),
  ];
}

describe('hand-to-hand: morale tests (HH-2, HH-3, HH-14, HH-18)', () => {
  it('HH-2 a morale test passes at or under the effective morale and fails above it, by total − morale', () => {
    const table = standardTable();
    const [atMorale] = hh
      .given(table)
      .when(shootingTest('B1', 2), [3, 4]) // 9 − 2 = 7, rolls 7
      .then((events, after) => expect(matchOf(after).awaiting).toEqual([]));
    expect(atMorale?.data).toMatchObject({
      effectiveMorale: 7,
      total: 7,
      passed: true,
      margin: 0,
      outcome: 'passed',
    });
    hh.given([...table, atMorale!])
      .when(shootingTest('B1', 2), [3, 5])
      .then(([above]) =>
        expect(above?.data).toMatchObject({
          effectiveMorale: 7,
          total: 8,
          passed: false,
          margin: 1,
          outcome: 'reform',
        }),
      );
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
    hh.given(standardTable())
      .when(shootingTest('B1', 8), [5, 6])
      .then(([test]) =>
        expect(test?.data).toMatchObject({ effectiveMorale: 1, margin: 10, outcome: 'rout' }),
      );
  });

  it('HH-3 the degree-of-failure table is data: a published table changes the outcome', () => {
    hh.given(
      standardTable({
        degreeOfFailure: [
          { fromMargin: 1, toMargin: 1, outcome: 'reform' },
          { fromMargin: 2, toMargin: null, outcome: 'rout' },
        ],
      }),
    )
      .when(shootingTest('B1', 2), [4, 5]) // fails by 2
      .then(([test]) => expect(test?.data).toMatchObject({ margin: 2, outcome: 'rout' }));
  });

  it('Q-1 any double passes with doublesAutoPass, even far above the effective morale', () => {
    const table = standardTable();
    const [test] = hh
      .given(table)
      .when(shootingTest('B1', 7), [6, 6]) // 9 − 7 = 2, rolls 12
      .then((events, after) => expect(matchOf(after).awaiting).toEqual([]));
    expect(test?.data).toMatchObject({
      effectiveMorale: 2,
      total: 12,
      passed: true,
      autoPassedOnDouble: true,
      margin: 10,
      outcome: 'passed',
    });
    // a double under the morale is an ordinary pass
    hh.given([...table, test!])
      .when(shootingTest('B1'), [2, 2])
      .then(([ordinary]) =>
        expect(ordinary?.data).toMatchObject({ passed: true, autoPassedOnDouble: false, penalty: 0 }),
      );
  });

  it('E-2 Roman impact 4 on Britons of morale 9, who roll 5+5: with doublesAutoPass the Britons hold', () => {
    // Z1 plays the legion, B1 the Britons: impact die 3 + charge 1 = 4
    const given = impactOn('B1', 3);
    expect(given[given.length - 1]?.data).toMatchObject({ impact: 4 });
    hh.given(given)
      .when(meleeTest('B1'), [5, 5])
      .then((events, after) => {
        expect(events).toHaveLength(1);
        expect(events[0]?.data).toMatchObject({
          effectiveMorale: 5,
          total: 10,
          passed: true,
          autoPassedOnDouble: true,
          margin: 5,
          outcome: 'passed',
        });
        expect(matchOf(after).units.Z1?.victoriousInTurn).toBeNull();
      });
  });

  it('E-2 with doublesAutoPass off the Britons fail by 5 and Retreat', () => {
    hh.given(impactOn('B1', 3, { options: { doublesAutoPass: false } }))
      .when(meleeTest('B1'), [5, 5])
      .then((events, after) => {
        expect(events[0]?.data).toMatchObject({
          effectiveMorale: 5,
          total: 10,
          passed: false,
          autoPassedOnDouble: false,
          margin: 5,
          outcome: 'retreat',
        });
        expect(matchOf(after).awaiting).toEqual([
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
  });

  it('HH-14 a rout removes the unit at once, with no ground to report', () => {
    const table = standardTable();
    hh.given(table)
      .when(shootingTest('N1', 6), [4, 6]) // 7 − 6 = 1, rolls 10: fails by 9 → break
      .then((events) => expect(events[0]?.data).toMatchObject({ outcome: 'break' }));
    const rout = hh
      .given(table)
      .when(shootingTest('N1', 7), [5, 6]) // 0, rolls 11: fails by 11
      .then((events, after) => {
        expect(events).toEqual([
          events[0],
          { type: 'UnitRemoved', data: { unitId: 'N1', reason: 'rout', ruleId: 'HH-14' } },
        ]);
        expect(matchOf(after).awaiting).toEqual([]);
      });
    expect(
      hh
        .given([...table, ...rout])
        .when(shootingTest('N1', 0), [1, 2])
        .thenRefuses('HH-14').message,
    ).toBe('HH-14: unit N1 has routed');
  });

  it("HH-18 a shooting test subtracts the penalty, is rolled by the target's side, and leads to the shooting branches", () => {
    hh.given(standardTable())
      .when(shootingTest('N2', 3), [2, 4]) // 7 − 3 = 4, rolls 6: fails by 2
      .then((events, after) => {
        expect(events[0]?.data).toMatchObject({
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
        expect(events.map((e) => e.type)).not.toContain('AttackerVictorious');
        expect(matchOf(after).awaiting[0]).toMatchObject({ step: 'give-ground-report', cause: 'shooting' });
      });
  });

  it('HH-18 the penalty is a whole number ≥ 0, for shooting tests only', () => {
    const given = hh.given(standardTable());
    given.when(shootingTest('B1', -1)).thenRefuses('HH-18', 'invalid');
    given.when(shootingTest('B1', 1.5)).thenRefuses('HH-18');
    const melee = given
      .when({ type: 'TakeMoraleTest', unitId: 'B1', cause: 'melee', penalty: 1 })
      .thenRefuses('HH-18');
    expect(melee.message).toContain('penalty');
    given.when({ type: 'TakeMoraleTest', unitId: 'B1', cause: 'panic' as 'melee' }).thenRefuses('HH-2');
  });

  it('HH-18 a shooting test waits for any pending step, and comes before the melee phase (HH-4)', () => {
    const charged = [...standardTable(), ...chargedIntoContact('C1', 'Z1', 'N1')];
    hh.given(charged).when(shootingTest('B1', 1), [1, 2]).thenRefuses('HH-7');
    const held = moraleTested('N1', 7, [1, 2], { chargeId: 'C1', impact: 2 });
    hh.given([...charged, impactRolled('C1', 'Z1', 'N1', 1)])
      .when(meleeTest('N1'), [1, 2])
      .then([held]);
    const refusal = hh
      .given([...charged, impactRolled('C1', 'Z1', 'N1', 1), held])
      .when(shootingTest('B1', 1), [1, 2])
      .thenRefuses('HH-4');
    expect(refusal.message).toContain('melee phase of turn 1 has begun');
  });

  it('HH-2 the willpower test follows the same arithmetic: judgeTwoDice', () => {
    expect(judgeTwoDice([4, 4], 8, false)).toEqual({ total: 8, passed: true, autoPassedOnDouble: false });
    expect(judgeTwoDice([4, 5], 8, true)).toEqual({ total: 9, passed: false, autoPassedOnDouble: false });
    expect(judgeTwoDice([5, 5], 8, true)).toEqual({ total: 10, passed: true, autoPassedOnDouble: true });
    hh.given(impactOn('N1', 1))
      .when(meleeTest('N1'), [1, 2])
      .then((events, after) => expect(matchOf(after).units.N1?.status).toBe('active'));
  });

  /** What a test's label says it needs, as a judgement of 2D6: the player's reading of it. */
  function passesAsSaid(label: string, faces: [number, number]): boolean {
    const total = faces[0] + faces[1];
    const double = faces[0] === faces[1];
    const onDouble = label.endsWith(', or on any double') || /passes only on a double/.test(label);
    if (/passes on any roll/.test(label)) return true;
    if (/cannot pass/.test(label)) return false;
    const atMost = /passes on (\d+) or less \(2 dice\)/.exec(label);
    return (atMost !== null && total <= Number(atMost[1])) || (onDouble && double);
  }

  const ALL_FACES = [1, 2, 3, 4, 5, 6].flatMap((a) =>
    [1, 2, 3, 4, 5, 6].map((b): [number, number] => [a, b]),
  );

  it('HH-8 Q-1 given an impact on a unit, when its melee morale test is awaited, then its template says the target before the roll, as the test is then decided', () => {
    // N1 (morale 7) under an impact of 3 + 1 = 4 tests against 3.
    const state = hh.given(impactOn('N1', 3)).state;
    const [test] = handToHand.awaitedTemplates!(state, {});
    expect(test?.label).toBe(
      'Take the melee morale test of unit N1: passes on 3 or less (2 dice), or on any double',
    );
    const off = hh.given(impactOn('N1', 3, { options: { doublesAutoPass: false } })).state;
    expect(handToHand.awaitedTemplates!(off, {})[0]?.label).toBe(
      'Take the melee morale test of unit N1: passes on 3 or less (2 dice)',
    );
  });

  for (const ruleset of HAND_TO_HAND_VERSIONS) {
    it(`HH-8 HH-13 Q-1 Q-13 (${ruleset.version}) given any impact, the doubles rule on or off, when the melee or rally test is taken, then it passes exactly when its label said it would`, () => {
      const said = spec(ruleset);
      for (const doublesAutoPass of [true, false]) {
        const parameters = { options: { doublesAutoPass } };
        for (const die of [1, 2, 3, 4, 5, 6]) {
          for (const defender of ['N1', 'B1']) {
            const given = [
              ...standardTable(parameters, ruleset.version),
              ...chargedIntoContact('C1', 'Z1', defender),
              impactRolled('C1', 'Z1', defender, die),
            ];
            const [template] = ruleset.awaitedTemplates!(said.given(given).state, {});
            expect(template?.label).toMatch(/^Take the melee morale test of unit (N1|B1): /);
            for (const faces of ALL_FACES) {
              said
                .given(given)
                .when(meleeTest(defender), faces)
                .then(([test]) =>
                  expect([faces, test?.data]).toEqual([
                    faces,
                    expect.objectContaining({ passed: passesAsSaid(template!.label, faces) }),
                  ]),
                );
            }
          }
        }
        // HH-13: N1 broke in turn 1 (impact 4, 5 + 6 against 3) and owes its rally test in turn 2.
        const broken = [
          ...standardTable(parameters, ruleset.version),
          ...meleeTestOf(3, [5, 6]),
          fledBroken('N1', 2, { brokeContactWith: ['Z1'] }),
          turnEnded(1, 'A'),
          rallyTestRequired('N1', 'B', 2),
        ];
        const [rally] = ruleset.awaitedTemplates!(said.given(broken).state, {});
        expect(rally?.label).toBe(
          `Take the rally test of unit N1: passes on 7 or less (2 dice)${doublesAutoPass ? ', or on any double' : ''}`,
        );
        for (const faces of ALL_FACES) {
          said
            .given(broken)
            .when(rallyTest('N1'), faces)
            .then(([test]) =>
              expect([faces, test?.data]).toEqual([
                faces,
                expect.objectContaining({ passed: passesAsSaid(rally!.label, faces) }),
              ]),
            );
        }
      }
    });
  }
});
