import { type Aspect, handToHand } from '../../../src/rules/hand-to-hand/index.js';
import { spec } from '../../support/decider-spec.js';
import { charge, rollImpact, WILL_PASS } from './fixtures.js';
import { chargedAndHeld, standardTable, turnEnded } from '../../support/given-events/hand-to-hand.js';

const hh = spec(handToHand);

/** Z1 hit N1 on `aspect` in turn 1 and N1 held; side A ended its turn. */
function heldThenTurnEnded(aspect: Aspect) {
  return [...standardTable(), ...chargedAndHeld('C1', 'Z1', 'N1', aspect), turnEnded(1, 'A')];
}

describe('hand-to-hand: fighting back (HH-10)', () => {
  it('HH-10 a defender fights back in its own turn against the enemy to its front: no willpower test, no charge bonus', () => {
    // given Z1 hit N1's front in turn 1 and N1 held
    const given = heldThenTurnEnded('front');

    // when N1 attacks Z1 in turn 2 (no dice: no willpower test)
    const fightBack = hh
      .given(given)
      .when(charge('C2', 'N1', 'Z1'))
      .then([
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
    hh.given([...given, ...fightBack])
      .when(rollImpact('C2'), [3])
      .then(([impact]) => {
        expect(impact?.data).toMatchObject({ die: 3, modifiers: [], total: 3, impact: 3 });
        expect(impact?.type === 'ImpactRolled' && impact.data.roll.side).toBe('B');
      });
  });

  it('HH-10 an engaged unit may not charge any other enemy', () => {
    const refusal = hh
      .given(heldThenTurnEnded('front'))
      .when(charge('C2', 'N1', 'Z2', 'left-flank'), WILL_PASS)
      .thenRefuses('HH-10', 'conflict');
    expect(refusal.message).toContain('only fight the enemy to its front (unit Z1), not unit Z2');
  });

  it('HH-10 a unit touched only on a flank has no adversary to its front and cannot attack', () => {
    const given = hh.given(heldThenTurnEnded('left-flank'));
    given.when(charge('C2', 'N1', 'Z1'), WILL_PASS).thenRefuses('HH-10');
    expect(given.when(charge('C2', 'N1', 'Z2'), WILL_PASS).thenRefuses('HH-10').message).toContain(
      'has no enemy to its front',
    );
  });

  it('HH-10 the fight-back strikes where the units touch: another aspect is refused', () => {
    const refusal = hh
      .given(heldThenTurnEnded('front'))
      .when(charge('C2', 'N1', 'Z1', 'rear'))
      .thenRefuses('HH-10');
    expect(refusal.message).toContain('in contact with the front of unit Z1, not its rear');
  });

  it('HH-10 the flank attacker, still in contact, attacks again in its next turn as a fight-back with the flank bonus', () => {
    const given = [...heldThenTurnEnded('left-flank'), turnEnded(2, 'B')];
    const events = hh
      .given(given)
      .when(charge('C3', 'Z1', 'N1', 'left-flank'))
      .then(([declared]) => expect(declared?.data).toMatchObject({ kind: 'fight-back', turn: 3 }));
    hh.given([...given, ...events])
      .when(rollImpact('C3'), [2])
      .then(([impact]) =>
        expect(impact?.data).toMatchObject({
          modifiers: [{ name: 'flank', value: 1, ruleId: 'HH-7' }],
          impact: 3,
        }),
      );
  });
});
