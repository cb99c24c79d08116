import { charge, chargeAndHold, endTurn, givenMatch, rollImpact, WILL_PASS } from './fixtures.js';

describe('hand-to-hand: fighting back (HH-10)', () => {
  it('HH-10 a defender fights back in its own turn against the enemy to its front: no willpower test, no charge bonus', () => {
    // given Z1 hit N1's front in turn 1 and N1 held
    const given = givenMatch();
    chargeAndHold(given, 'C1', 'Z1', 'N1', 'front');
    given.do(endTurn);

    // when N1 attacks Z1 in turn 2 (no dice: no willpower test)
    expect(given.do(charge('C2', 'N1', 'Z1'))).toEqual([
      {
        type: 'ChargeDeclared',
        data: {
          chargeId: 'C2',
          attackerId: 'N1',
          defenderId: 'Z1',
          aspect: 'front',
          slope: 'level',
          kind: 'fight-back',
          turn: 2,
        },
      },
      {
        type: 'ContactMade',
        data: { chargeId: 'C2', attackerId: 'N1', defenderId: 'Z1', aspect: 'front', turn: 2 },
      },
    ]);
    // then the impact carries no charge +1
    const [impact] = given.do(rollImpact('C2'), [3]);
    expect(impact?.data).toMatchObject({ die: 3, modifiers: [], total: 3, impact: 3 });
    expect(impact?.type === 'ImpactRolled' && impact.data.roll.side).toBe('B');
  });

  it('HH-10 an engaged unit may not charge any other enemy', () => {
    const given = givenMatch();
    chargeAndHold(given, 'C1', 'Z1', 'N1', 'front');
    given.do(endTurn);
    const refusal = given.refused(charge('C2', 'N1', 'Z2', 'left-flank'), WILL_PASS);
    expect(refusal.ruleId).toBe('HH-10');
    expect(refusal.kind).toBe('conflict');
    expect(refusal.message).toContain('only fight the enemy to its front (Z1), not unit Z2');
  });

  it('HH-10 a unit touched only on a flank has no adversary to its front and cannot attack', () => {
    const given = givenMatch();
    chargeAndHold(given, 'C1', 'Z1', 'N1', 'left-flank');
    given.do(endTurn);
    expect(given.refused(charge('C2', 'N1', 'Z1'), WILL_PASS).ruleId).toBe('HH-10');
    expect(given.refused(charge('C2', 'N1', 'Z2'), WILL_PASS).message).toContain('has no enemy to its front');
  });

  it('HH-10 the fight-back strikes where the units touch: another aspect is refused', () => {
    const given = givenMatch();
    chargeAndHold(given, 'C1', 'Z1', 'N1', 'front');
    given.do(endTurn);
    const refusal = given.refused(charge('C2', 'N1', 'Z1', 'rear'));
    expect(refusal.ruleId).toBe('HH-10');
    expect(refusal.message).toContain('in contact with the front of unit Z1, not its rear');
  });

  it('HH-10 the flank attacker, still in contact, attacks again in its next turn as a fight-back with the flank bonus', () => {
    const given = givenMatch();
    chargeAndHold(given, 'C1', 'Z1', 'N1', 'left-flank');
    given.do(endTurn);
    given.do(endTurn);
    const events = given.do(charge('C3', 'Z1', 'N1', 'left-flank'));
    expect(events[0]?.data).toMatchObject({ kind: 'fight-back', turn: 3 });
    const [impact] = given.do(rollImpact('C3'), [2]);
    expect(impact?.data).toMatchObject({
      modifiers: [{ name: 'flank', value: 1, ruleId: 'HH-7' }],
      impact: 3,
    });
  });
});
