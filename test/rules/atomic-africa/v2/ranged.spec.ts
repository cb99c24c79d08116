import { atomicAfricaV2 } from '../../../../src/rules/atomic-africa/index.js';
import { spec } from '../../../support/decider-spec.js';
import { battle, revealedEvent } from './fixtures.js';

/** a ranged attack is an activation. */
describe('atomic-africa v2 ranged attacks (Q-24)', () => {
  /** A1 and B1 in close combat; A2 and B2 free. */
  const field = () => battle({ A1: {}, A2: {}, B1: {}, B2: {} }, [['A1', 'B1']]);

  it('Q-24 the attack reveals the attacker’s sealed card, and a face card announces its special action', () => {
    const match = field().seal('A2', 'KD');
    spec(atomicAfricaV2)
      .given(match.events)
      .when(
        {
          type: 'RangedAttack',
          attackerId: 'A2',
          targetId: 'B2',
          rangeInches: 10,
          card: 'KD',
          specialAction: 'mass-fire',
        },
        [4, 4, 1, 1],
      )
      .then((events) => {
        expect(events[0]).toEqual(revealedEvent('A2', 'KD', 'mass-fire'));
        // Mass Fire doubles A2's 2 dice; at 10" the threshold is 2.
        expect(events[1]).toMatchObject({
          type: 'RangedAttackRolled',
          data: { attackerId: 'A2', massFire: true, diceCount: 4, threshold: 2, hits: 2, suppressed: true },
        });
      });
  });

  it('Q-24 only the active side fires', () => {
    const match = field().seal('B2', '3C');
    spec(atomicAfricaV2)
      .given(match.events)
      .when({ type: 'RangedAttack', attackerId: 'B2', targetId: 'A2', rangeInches: 5, card: '3C' }, [4, 4])
      .thenRefuses('Q-24', 'conflict');
  });

  it('Q-24 once per turn', () => {
    const match = field().seal('A2', '3C');
    match.run({ type: 'RangedAttack', attackerId: 'A2', targetId: 'B2', rangeInches: 5, card: '3C' }, [1, 1]);
    spec(atomicAfricaV2)
      .given(match.events)
      .when({ type: 'RangedAttack', attackerId: 'A2', targetId: 'B2', rangeInches: 5 }, [4, 4])
      .thenRefuses('Q-24', 'conflict');
  });

  it('Q-24 AA-4 a unit in close combat fights through its activation, never by a ranged attack', () => {
    const match = battle({ A1: {}, B1: {}, B2: {} }, [['A1', 'B1']])
      .seal('A1', '3C')
      .seal('B1', '4C');
    // A1 is in close combat: it fights through its activation, never by shooting (AA-4).
    spec(atomicAfricaV2)
      .given(match.events)
      .when({ type: 'RangedAttack', attackerId: 'A1', targetId: 'B2', rangeInches: 5, card: '3C' }, [4, 4])
      .thenRefuses('AA-4', 'conflict');
  });

  it('Q-24 Q-15 a unit that fought a close combat this turn does not fire', () => {
    const match = battle({ A1: {}, B1: {}, B2: {} }, [['A1', 'B1']])
      .seal('A1', '9S')
      .seal('B1', '4H');
    match.declare('A1', 'flee').declare('B1', 'fight');
    match.reveal('A1', '9S');
    match.reveal('B1', '4H');
    match.run({ type: 'Pursue', unitId: 'B1', pursue: false });
    match.run({ type: 'ReportBreakOff', unitId: 'A1', destination: 'd', inTransit: 't', rangeInches: 30 });
    // A1 escaped (B1's attack at 30" is beyond range): it is out of close combat, yet does not fire.
    expect(match.state.closeCombats).toEqual([{ unitIds: ['A1', 'B1'], resolved: true, inContact: false }]);
    spec(atomicAfricaV2)
      .given(match.events)
      .when({ type: 'RangedAttack', attackerId: 'A1', targetId: 'B2', rangeInches: 5 }, [4, 4])
      .thenRefuses('Q-24', 'conflict');
  });

  it('Q-24 AA-12 never at a unit in close combat', () => {
    const match = field().seal('A2', '3C');
    spec(atomicAfricaV2)
      .given(match.events)
      .when({ type: 'RangedAttack', attackerId: 'A2', targetId: 'B1', rangeInches: 5, card: '3C' }, [4, 4])
      .thenRefuses('AA-12', 'conflict');
  });
});
