import { handToHand } from '../../../src/rules/hand-to-hand/index.js';
import { spec } from '../../support/decider-spec.js';
import {
  chargedAndHeld,
  chargedIntoContact,
  groundGiven,
  impactRolled,
  meleeTested,
  meleeTestOf,
  restriction,
  standardTable,
} from '../../support/given-events/hand-to-hand.js';
import { charge, matchOf, unitIn, WILL_FAIL, WILL_PASS } from './fixtures.js';

const hh = spec(handToHand);

describe('hand-to-hand: several attackers and surrender (HH-9)', () => {
  it('HH-9 a defender contacted on both flanks, and not to its front, surrenders at once', () => {
    // given Z1 hit N1 on the left flank and N1 held
    const given = [...standardTable(), ...chargedAndHeld('C1', 'Z1', 'N1', 'left-flank')];

    // when Z2 makes contact on the right flank: no impact roll, N1 surrenders
    const events = hh
      .given(given)
      .when(charge('C2', 'Z2', 'N1', 'right-flank'), WILL_PASS)
      .then((events, after) => {
        expect(events.map((event) => event.type)).toEqual([
          'ChargeDeclared',
          'WillpowerTested',
          'ContactMade',
          'DefenderSurrendered',
          'UnitRemoved',
        ]);
        expect(events[3]).toEqual({
          type: 'DefenderSurrendered',
          data: { chargeId: 'C2', unitId: 'N1', contactAspects: ['left-flank', 'right-flank'] },
        });
        expect(events[4]).toEqual({
          type: 'UnitRemoved',
          data: { unitId: 'N1', reason: 'surrendered', ruleId: 'HH-9' },
        });
        expect(matchOf(after).awaiting).toEqual([]);
        expect(unitIn(after, 'N1')).toMatchObject({
          status: 'removed',
          removedBecause: 'surrendered',
          contacts: [],
        });
        expect(unitIn(after, 'Z1').contacts).toEqual([]);
        expect(unitIn(after, 'Z2').contacts).toEqual([]);
      });

    // then the surrendered unit can be neither charged nor tested
    const refusal = hh
      .given([...given, ...events])
      .when(charge('C3', 'Z3', 'N1'), WILL_PASS)
      .thenRefuses('HH-9');
    expect(refusal.message).toBe('HH-9: unit N1 has already surrendered');
  });

  it('HH-9 a flank and the rear also make it surrender', () => {
    hh.given([...standardTable(), ...chargedAndHeld('C1', 'Z1', 'N1', 'rear')])
      .when(charge('C2', 'Z2', 'N1', 'left-flank'), WILL_PASS)
      .then((events, after) => {
        expect(events.at(-2)).toEqual({
          type: 'DefenderSurrendered',
          data: { chargeId: 'C2', unitId: 'N1', contactAspects: ['left-flank', 'rear'] },
        });
        expect(unitIn(after, 'N1').status).toBe('removed');
      });
  });

  it('HH-9 no surrender while an enemy touches its front', () => {
    hh.given([
      ...standardTable(),
      ...chargedAndHeld('C1', 'Z1', 'N1', 'front'),
      ...chargedAndHeld('C2', 'Z2', 'N1', 'left-flank'),
    ])
      .when(charge('C3', 'Z3', 'N1', 'right-flank'), WILL_PASS)
      .then((events, after) => {
        expect(events.map((event) => event.type)).toEqual([
          'ChargeDeclared',
          'WillpowerTested',
          'ContactMade',
        ]);
        expect(unitIn(after, 'N1').status).toBe('active');
        expect(unitIn(after, 'N1').contacts.map((c) => c.aspect)).toEqual([
          'front',
          'left-flank',
          'right-flank',
        ]);
        expect(matchOf(after).awaiting[0]).toMatchObject({ step: 'impact-roll', chargeId: 'C3' });
      });
  });

  it('HH-9 faltered charges do not count', () => {
    // given Z1 hit N1 on the left flank and N1 held
    const given = [...standardTable(), ...chargedAndHeld('C1', 'Z1', 'N1', 'left-flank')];
    const faltered = hh
      .given(given)
      .when(charge('C2', 'Z2', 'N1', 'right-flank'), WILL_FAIL)
      .then((events, after) => {
        expect(events.map((event) => event.type)).toEqual([
          'ChargeDeclared',
          'WillpowerTested',
          'ChargeFaltered',
        ]);
        expect(unitIn(after, 'N1').status).toBe('active');
      });
    // a later charge on the rear still finds the left flank in contact: surrender
    hh.given([...given, ...faltered])
      .when(charge('C3', 'Z3', 'N1', 'rear'), WILL_PASS)
      .then((rear) =>
        expect(rear.at(-2)?.data).toEqual({
          chargeId: 'C3',
          unitId: 'N1',
          contactAspects: ['left-flank', 'rear'],
        }),
      );
  });

  it('HH-9 the contacts must stand at once: a defender that fell back from one flank does not surrender to the other', () => {
    // Z1 hit N1's left flank (2 + 1 + 1 = 4); N1 (7 − 4 = 3) rolled 7: reform, and it gave ground
    const impact = impactRolled('C1', 'Z1', 'N1', 2, { aspect: 'left-flank' });
    hh.given([
      ...standardTable(),
      ...chargedIntoContact('C1', 'Z1', 'N1', { aspect: 'left-flank' }),
      impact,
      ...meleeTested(impact, 7, [3, 4]),
      groundGiven('N1', 'reform', {
        couldMove: true,
        brokeContactWith: ['Z1'],
        restrictions: [restriction('attack', 2, 'HH-11')],
        impactBonusAgainst: { value: 1, inTurn: 3, ruleId: 'HH-11' },
      }),
    ])
      .when(charge('C2', 'Z2', 'N1', 'right-flank'), WILL_PASS)
      .then((events, after) => {
        expect(events.map((event) => event.type)).toEqual([
          'ChargeDeclared',
          'WillpowerTested',
          'ContactMade',
        ]);
        expect(unitIn(after, 'N1').status).toBe('active');
      });
  });

  it('HH-9 a unit removed in an earlier charge of the phase is refused under the rule that removed it', () => {
    // impact 7 → effective 0, rolls 10 → rout
    const refusal = hh
      .given([...standardTable(), ...meleeTestOf(6, [6, 4])])
      .when(charge('C2', 'Z2', 'N1'), WILL_PASS)
      .thenRefuses('HH-14');
    expect(refusal.message).toBe('HH-14: unit N1 has routed');
  });
});
