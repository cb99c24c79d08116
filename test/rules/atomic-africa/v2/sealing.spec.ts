import { atomicAfricaV2 } from '../../../../src/rules/atomic-africa/index.js';
import { spec } from '../../../support/decider-spec.js';
import { battle, duel } from './fixtures.js';

/** both sides seal before the turn's first activation; a unit with no card cannot activate. */
describe('atomic-africa v2 sealing (Q-21)', () => {
  const fourUnits = () => battle({ A1: {}, A2: {}, B1: {}, B2: {} }, [['A1', 'B1']]);

  it('Q-21 sealing closes at the turn’s first declaration: neither side seals after it', () => {
    const match = fourUnits().seal('A1', '5H').seal('B1', '9C');
    match.declare('A1', 'fight');
    spec(atomicAfricaV2)
      .given(match.events)
      .when({ type: 'SealOrder', unitId: 'B2', turn: 3, card: '2D' })
      .thenRefuses('Q-21', 'conflict');
    spec(atomicAfricaV2)
      .given(match.events)
      .when({ type: 'SealOrder', unitId: 'A2', turn: 3, card: '2D' })
      .thenRefuses('Q-21', 'conflict');
  });

  it('Q-21 a reveal outside close combat is an activation and closes sealing', () => {
    const match = fourUnits().seal('A2', '4S');
    match.reveal('A2', '4S');
    spec(atomicAfricaV2)
      .given(match.events)
      .when({ type: 'SealOrder', unitId: 'B2', turn: 3, card: '3D' })
      .thenRefuses('Q-21', 'conflict');
  });

  it('Q-21 a ranged attack closes sealing, for the other side too', () => {
    const match = fourUnits().seal('A2', '4S');
    match.run({ type: 'RangedAttack', attackerId: 'A2', targetId: 'B2', rangeInches: 5, card: '4S' }, [4, 2]);
    spec(atomicAfricaV2)
      .given(match.events)
      .when({ type: 'SealOrder', unitId: 'B1', turn: 3, card: '3D' })
      .thenRefuses('Q-21', 'conflict');
  });

  it('Q-21 before the first activation either side seals, in any order, and the new turn opens sealing again', () => {
    const match = fourUnits();
    spec(atomicAfricaV2)
      .given(match.events)
      .when({ type: 'SealOrder', unitId: 'B2', turn: 3, card: '3D' })
      .then([
        {
          type: 'OrderSealed',
          data: { unitId: 'B2', side: 'B', turn: 3, sealedAs: 'card', card: '3D', commitment: null },
        },
      ]);
    match.seal('A1', '5H').seal('B1', '9C').declare('A1', 'fight').declare('B1', 'fight');
    match.reveal('A1', '5H');
    match.reveal('B1', '9C');
    match.run({ type: 'ResolveCloseCombat', unitId: 'A1' }, [1, 1]);
    match.run({ type: 'ResolveCloseCombat', unitId: 'B1' }, [1, 1]);
    match.endTurn();
    spec(atomicAfricaV2)
      .given(match.events)
      .when({ type: 'SealOrder', unitId: 'B2', turn: 4, card: '3D' })
      .then((events) => expect(events.map((e) => e.type)).toEqual(['OrderSealed']));
  });

  it('Q-21 a unit with no sealed card cannot activate: no declaration, no ranged attack', () => {
    const match = fourUnits().seal('B1', '9C');
    spec(atomicAfricaV2)
      .given(match.events)
      .when({ type: 'DeclareIntent', unitId: 'A1', intent: 'fight' })
      .thenRefuses('Q-21', 'conflict');
    spec(atomicAfricaV2)
      .given(match.events)
      .when({ type: 'RangedAttack', attackerId: 'A2', targetId: 'B2', rangeInches: 5 }, [4, 4])
      .thenRefuses('Q-21', 'conflict');
  });

  it('Q-21 an engaged unit with no card must fight: flee is refused, it reveals nothing and attacks with no special action', () => {
    const match = duel().seal('A1', 'KH');
    match.run({ type: 'DeclareIntent', unitId: 'A1', intent: 'fight' });
    spec(atomicAfricaV2)
      .given(match.events)
      .when({ type: 'DeclareIntent', unitId: 'B1', intent: 'flee' })
      .thenRefuses('Q-21', 'conflict');
    match.declare('B1', 'fight');
    // Only A1 has a card to reveal.
    expect(atomicAfricaV2.awaiting(match.state)).toEqual([
      {
        command: 'RevealOrder',
        side: 'A',
        unitId: 'A1',
        ruleId: 'AA-5',
        combat: { kind: 'close-combat', unitIds: ['A1', 'B1'] },
      },
    ]);
    match.reveal('A1', 'KH', 'dig-in');
    match.run({ type: 'ResolveCloseCombat', unitId: 'A1' }, [5, 4]);
    spec(atomicAfricaV2)
      .given(match.events)
      .when({ type: 'ResolveCloseCombat', unitId: 'B1' }, [4, 5])
      .then((events) => {
        // B1 has no Mass Fire (no card), and A1's Dig-in makes each hit need 5.
        expect(events[0]).toMatchObject({
          type: 'CloseCombatAttackRolled',
          data: { attackerId: 'B1', massFire: false, targetDugIn: true, hitOn: 5, hits: 1, suppressed: true },
        });
        expect(events[1]).toMatchObject({ type: 'CloseCombatEnded', data: { inContact: true } });
      });
  });
});
