import { atomicAfricaV2 } from '../../../../src/rules/atomic-africa/index.js';
import { spec } from '../../../support/decider-spec.js';
import { battle, declaredAndRevealed, foughtOut, revealedEvent, sealedEvent } from './fixtures.js';

/** each activating unit activates once a turn; a reacting unit may be engaged again. */
describe('atomic-africa v2 engagements (Q-22)', () => {
  /** A1 and A2 both in close combat with B1; A1's close combat is fought out, both staying. */
  function afterFirstCloseCombat() {
    const match = battle({ A1: {}, A2: { movement: 8 }, B1: {} }, [
      ['A1', 'B1'],
      ['A2', 'B1'],
    ]);
    return match.given(
      sealedEvent('A1', '5H'),
      sealedEvent('A2', '6D'),
      sealedEvent('B1', '9C'),
      ...declaredAndRevealed(['A1', '5H', 'fight'], ['B1', '9C', 'fight']),
      ...foughtOut('A1', 'B1'),
    );
  }

  it('Q-22 a reacting unit engaged again by another activating enemy declares afresh, and its first revealed card stands', () => {
    const match = afterFirstCloseCombat();
    spec(atomicAfricaV2)
      .given(match.events)
      .when({ type: 'DeclareIntent', unitId: 'A2', intent: 'fight' })
      .then([
        {
          type: 'IntentDeclared',
          data: { unitId: 'A2', side: 'A', turn: 3, role: 'activating', intent: 'fight', opponentId: 'B1' },
        },
      ]);
    match.declare('A2', 'fight');
    spec(atomicAfricaV2)
      .given(match.events)
      .when({ type: 'DeclareIntent', unitId: 'B1', intent: 'flee' })
      .then((events) => expect(events).toMatchObject([{ data: { role: 'reacting', intent: 'flee' } }]));
    match.declare('B1', 'flee');
    // B1's 9♣ stands from its first reaction: only A2 reveals, and B1's flee is judged on the 9♣.
    expect(atomicAfricaV2.awaiting(match.state)).toEqual([
      {
        command: 'RevealOrder',
        side: 'A',
        unitId: 'A2',
        ruleId: 'AA-5',
        combat: { kind: 'close-combat', unitIds: ['A2', 'B1'] },
      },
    ]);
    spec(atomicAfricaV2)
      .given(match.events)
      .when({ type: 'RevealOrder', unitId: 'A2', card: '6D' })
      .then([
        revealedEvent('A2', '6D'),
        {
          type: 'FleeJudged',
          data: { unitId: 'B1', turn: 3, verdict: 'stands', allowsMovement: true, posture: 'defensive' },
        },
      ]);
  });

  it('Q-22 each activating unit activates once per turn, whichever enemy it names', () => {
    const match = battle({ A1: {}, B1: {}, B2: {} }, [
      ['A1', 'B1'],
      ['A1', 'B2'],
    ]);
    match.given(
      sealedEvent('A1', '5H'),
      sealedEvent('B1', '9C'),
      sealedEvent('B2', '8C'),
      ...declaredAndRevealed(['A1', '5H', 'fight'], ['B1', '9C', 'fight']),
      ...foughtOut('A1', 'B1'),
    );
    spec(atomicAfricaV2)
      .given(match.events)
      .when({ type: 'DeclareIntent', unitId: 'A1', intent: 'fight', opponentId: 'B2' })
      .thenRefuses('Q-22', 'conflict');
  });
});
