import {
  charge,
  chargeAndHold,
  Given,
  giveGround,
  givenMatch,
  givenMeleeTest,
  WILL_FAIL,
  WILL_PASS,
} from './fixtures.js';
import { chargedAndHeld, standardTable } from '../../support/given-events/hand-to-hand.js';

describe('hand-to-hand: several attackers and surrender (HH-9)', () => {
  it('HH-9 a defender contacted on both flanks, and not to its front, surrenders at once', () => {
    // given Z1 hit N1 on the left flank and N1 held
    const given = Given.from([...standardTable(), ...chargedAndHeld('C1', 'Z1', 'N1', 'left-flank')]);

    // when Z2 makes contact on the right flank: no impact roll, N1 surrenders
    const events = given.do(charge('C2', 'Z2', 'N1', 'right-flank'), WILL_PASS);
    expect(given.types(events)).toEqual([
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
    expect(given.match.awaiting).toEqual([]);
    expect(given.unit('N1')).toMatchObject({
      status: 'removed',
      removedBecause: 'surrendered',
      contacts: [],
    });
    expect(given.unit('Z1').contacts).toEqual([]);
    expect(given.unit('Z2').contacts).toEqual([]);

    // then the surrendered unit can be neither charged nor tested
    const refusal = given.refused(charge('C3', 'Z3', 'N1'), WILL_PASS);
    expect(refusal.ruleId).toBe('HH-9');
    expect(refusal.message).toBe('HH-9: unit N1 has already surrendered');
  });

  it('HH-9 a flank and the rear also make it surrender', () => {
    const given = givenMatch();
    chargeAndHold(given, 'C1', 'Z1', 'N1', 'rear');
    const events = given.do(charge('C2', 'Z2', 'N1', 'left-flank'), WILL_PASS);
    expect(events.at(-2)).toEqual({
      type: 'DefenderSurrendered',
      data: { chargeId: 'C2', unitId: 'N1', contactAspects: ['left-flank', 'rear'] },
    });
    expect(given.unit('N1').status).toBe('removed');
  });

  it('HH-9 no surrender while an enemy touches its front', () => {
    const given = givenMatch();
    chargeAndHold(given, 'C1', 'Z1', 'N1', 'front');
    chargeAndHold(given, 'C2', 'Z2', 'N1', 'left-flank');
    const events = given.do(charge('C3', 'Z3', 'N1', 'right-flank'), WILL_PASS);
    expect(given.types(events)).toEqual(['ChargeDeclared', 'WillpowerTested', 'ContactMade']);
    expect(given.unit('N1').status).toBe('active');
    expect(given.unit('N1').contacts.map((c) => c.aspect)).toEqual(['front', 'left-flank', 'right-flank']);
    expect(given.match.awaiting[0]).toMatchObject({ step: 'impact-roll', chargeId: 'C3' });
  });

  it('HH-9 faltered charges do not count', () => {
    // given Z1 hit N1 on the left flank and N1 held
    const given = Given.from([...standardTable(), ...chargedAndHeld('C1', 'Z1', 'N1', 'left-flank')]);
    const faltered = given.do(charge('C2', 'Z2', 'N1', 'right-flank'), WILL_FAIL);
    expect(given.types(faltered)).toEqual(['ChargeDeclared', 'WillpowerTested', 'ChargeFaltered']);
    expect(given.unit('N1').status).toBe('active');
    // a later charge on the rear still finds the left flank in contact: surrender
    const rear = given.do(charge('C3', 'Z3', 'N1', 'rear'), WILL_PASS);
    expect(rear.at(-2)?.data).toEqual({
      chargeId: 'C3',
      unitId: 'N1',
      contactAspects: ['left-flank', 'rear'],
    });
  });

  it('HH-9 the contacts must stand at once: a defender that fell back from one flank does not surrender to the other', () => {
    const given = givenMatch();
    given.do(charge('C1', 'Z1', 'N1', 'left-flank'), WILL_PASS);
    given.do({ type: 'RollImpact', chargeId: 'C1' }, [2]);
    given.do({ type: 'TakeMoraleTest', unitId: 'N1', cause: 'melee' }, [3, 4]); // 7 − 4 = 3, rolls 7: reform
    given.do(giveGround('N1', true));
    const events = given.do(charge('C2', 'Z2', 'N1', 'right-flank'), WILL_PASS);
    expect(given.types(events)).toEqual(['ChargeDeclared', 'WillpowerTested', 'ContactMade']);
    expect(given.unit('N1').status).toBe('active');
  });

  it('HH-9 a unit removed in an earlier charge of the phase is refused under the rule that removed it', () => {
    const given = givenMatch();
    givenMeleeTest(given, 6, [6, 4]); // impact 7 → effective 0, rolls 10 → rout
    const refusal = given.refused(charge('C2', 'Z2', 'N1'), WILL_PASS);
    expect(refusal.ruleId).toBe('HH-14');
    expect(refusal.message).toBe('HH-14: unit N1 has routed');
  });
});
