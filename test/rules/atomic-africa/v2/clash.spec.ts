import { atomicAfricaV2, orderCommitment } from '../../../../src/rules/atomic-africa/index.js';
import { spec } from '../../../support/decider-spec.js';
import { battle, sealCommitment } from './fixtures.js';

const SALT_A1 = 'a1-salt-0c9d8e7f6a5b4c3d2e1f';
const SALT_A2 = 'a2-salt-1f2e3d4c5b6a7f8e9d0c';

/** a commitment revealing a card the side already revealed is a clash; the match goes on. */
describe('atomic-africa v2 clashes (Q-25)', () => {
  /** Side A committed both A1 and A2 to the 7♠ (its own commitments: nobody could check them). */
  function twoSevens() {
    const match = battle({ A1: {}, A2: {}, B1: {}, B2: {} }, [['A1', 'B1']]);
    sealCommitment(match, 'A1', '7S', SALT_A1);
    sealCommitment(match, 'A2', '7S', SALT_A2);
    match.seal('B1', '5H').seal('B2', '4D');
    return match;
  }

  it('Q-25 the second reveal of a card is recorded as a clash and leaves that unit with no card: it cannot activate (Q-21)', () => {
    const match = battle({ A2: {}, A3: {}, B2: {} });
    sealCommitment(match, 'A2', '7S', SALT_A2);
    sealCommitment(match, 'A3', '7S', SALT_A1);
    match.run({ type: 'RevealOrder', unitId: 'A2', card: '7S', salt: SALT_A2 });
    const attack = {
      type: 'RangedAttack',
      attackerId: 'A3',
      targetId: 'B2',
      rangeInches: 5,
      card: '7S',
      salt: SALT_A1,
    } as const;
    spec(atomicAfricaV2)
      .given(match.events)
      .when(attack, [])
      .then([
        {
          type: 'OrderClashed',
          data: { unitId: 'A3', side: 'A', turn: 3, card: '7S', salt: SALT_A1, clashesWith: 'A2' },
        },
      ]);
    match.run(attack);
    spec(atomicAfricaV2)
      .given(match.events)
      .when({ type: 'RangedAttack', attackerId: 'A3', targetId: 'B2', rangeInches: 5 }, [4, 4])
      .thenRefuses('Q-21', 'conflict');
  });

  it('Q-25 a clash in a close combat does not stall it: the unit fights with no card, its flee refused', () => {
    const match = twoSevens();
    match.run({ type: 'RevealOrder', unitId: 'A2', card: '7S', salt: SALT_A2 });
    match.declare('A1', 'flee').declare('B1', 'fight');
    spec(atomicAfricaV2)
      .given(match.events)
      .when({ type: 'RevealOrder', unitId: 'A1', card: '7S', salt: SALT_A1 })
      .then([
        {
          type: 'OrderClashed',
          data: { unitId: 'A1', side: 'A', turn: 3, card: '7S', salt: SALT_A1, clashesWith: 'A2' },
        },
      ]);
    match.run({ type: 'RevealOrder', unitId: 'A1', card: '7S', salt: SALT_A1 });
    spec(atomicAfricaV2)
      .given(match.events)
      .when({ type: 'RevealOrder', unitId: 'B1', card: '5H' })
      .then((events) =>
        expect(events[1]).toEqual({
          type: 'FleeJudged',
          data: {
            unitId: 'A1',
            turn: 3,
            verdict: 'refused',
            allowsMovement: false,
            posture: 'none',
            noCard: true,
          },
        }),
      );
    match.reveal('B1', '5H');
    expect(atomicAfricaV2.awaiting(match.state)).toEqual([
      {
        command: 'ResolveCloseCombat',
        side: 'A',
        unitId: 'A1',
        ruleId: 'AA-11',
        combat: { kind: 'close-combat', unitIds: ['A1', 'B1'] },
      },
    ]);
  });

  it('Q-25 a reveal that does not match its commitment is still refused, and nothing is recorded (AA-2)', () => {
    const match = twoSevens();
    spec(atomicAfricaV2)
      .given(match.events)
      .when({ type: 'RevealOrder', unitId: 'A2', card: '8S', salt: SALT_A2 })
      .thenRefuses('AA-2', 'conflict');
    expect(orderCommitment('7S', 'A2', 3, SALT_A2)).toBe(match.state.orders.A2?.commitment);
  });
});
