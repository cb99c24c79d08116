import {
  atomicAfricaV2,
  atomicAfricaV2_1,
  type AtomicAfricaRuleset,
} from '../../../../src/rules/atomic-africa/index.js';
import { spec } from '../../../support/decider-spec.js';
import { battle } from '../v2/fixtures.js';

/**
 * 2.1.0: who may fire and be fired at once units touch (AA-12, Q-26, Q-27). Each scenario is played under
 * 2.1.0, where the new reading holds, and under 2.0.0, whose matches keep deciding as they always did.
 */

/**
 * B1 began turn 3 in close combat with A1 and with A2. A1 and B1 fight it out and stay in contact; A2
 * then activates on B1, which flees (7♠ stands), nobody pursues, and B1 escapes at 8": it has left every
 * contact. A3 stands apart with 4♦.
 */
function fledOutOfSecondPair(ruleset: AtomicAfricaRuleset) {
  const match = battle(
    { A1: {}, A2: {}, A3: {}, B1: {} },
    [
      ['A1', 'B1'],
      ['A2', 'B1'],
    ],
    ruleset,
  )
    .seal('A1', '5H')
    .seal('A2', '6D')
    .seal('A3', '4D')
    .seal('B1', '7S');
  match.run({ type: 'DeclareIntent', unitId: 'A1', intent: 'fight', opponentId: 'B1' });
  match.declare('B1', 'fight');
  match.reveal('A1', '5H');
  match.reveal('B1', '7S');
  match.run({ type: 'ResolveCloseCombat', unitId: 'A1' }, [1, 2]);
  match.run({ type: 'ResolveCloseCombat', unitId: 'B1' }, [3, 1]);
  match.run({ type: 'DeclareIntent', unitId: 'A2', intent: 'fight', opponentId: 'B1' });
  match.declare('B1', 'flee');
  match.reveal('A2', '6D');
  match.run({ type: 'Pursue', unitId: 'A1', pursue: false });
  match.run({ type: 'Pursue', unitId: 'A2', pursue: false });
  match.run({ type: 'ReportBreakOff', unitId: 'B1', destination: 'd', inTransit: 't', rangeInches: 8 });
  match.run({ type: 'ResolveCloseCombat', unitId: 'A2' }, [1, 1]);
  expect(match.state.contacts).toEqual([]);
  return match;
}

/**
 * B1 began turn 3 in close combat with A1; A2 (movement 8) reached it this turn. A1 activates, B1 flees
 * (7♠ stands); A1 declines the pursuit, A2 pursues with 9♣ and catches it (8" beats 6"). A3 stands apart.
 */
function caughtByAnotherPursuer(ruleset: AtomicAfricaRuleset) {
  const match = battle({ A1: {}, A2: { movement: 8 }, A3: {}, B1: {} }, [['A1', 'B1']], ruleset);
  match.contact('A2', 'B1');
  match.seal('A1', '5H').seal('A2', '9C').seal('A3', '4D').seal('B1', '7S');
  match.declare('A1', 'fight').declare('B1', 'flee');
  match.reveal('A1', '5H');
  match.reveal('B1', '7S');
  match.run({ type: 'Pursue', unitId: 'A1', pursue: false });
  const caught = match.run({ type: 'Pursue', unitId: 'A2', pursue: true, card: '9C' });
  return { match, caught };
}

/** A1 and B1, A2 and B2 face each other; A2 and B2 came into base contact this turn (turn 3). */
function touchedThisTurn(ruleset: AtomicAfricaRuleset) {
  const match = battle({ A1: {}, A2: {}, B1: {}, B2: {} }, [], ruleset);
  match.contact('A2', 'B2');
  return match.seal('A1', '3C').seal('A2', '4C');
}

const BOTH: [string, AtomicAfricaRuleset][] = [
  ['2.1.0', atomicAfricaV2_1],
  ['2.0.0', atomicAfricaV2],
];

describe('atomic-africa 2.1.0: no ranged attack by or at a unit in base contact', () => {
  describe('AA-12 a unit whose flee stood and that touches nobody is out of close combat', () => {
    const shot = { type: 'RangedAttack', attackerId: 'A3', targetId: 'B1', rangeInches: 10 } as const;

    it('AA-12 Q-26 2.1.0: it may be fired at like any other unit, though a pair of the turn it fought stayed in contact', () => {
      const match = fledOutOfSecondPair(atomicAfricaV2_1);
      spec(atomicAfricaV2_1)
        .given(match.events)
        .when({ ...shot, card: '4D' }, [5, 6])
        .then((events) => {
          expect(events.map((e) => e.type)).toEqual(['OrderRevealed', 'RangedAttackRolled']);
          expect(events[1]).toMatchObject({
            data: { targetId: 'B1', threshold: 2, hits: 2, suppressed: true },
          });
        });
    });

    it('AA-12 2.0.0 keeps its reading: the pair fought out first still counts it in close combat', () => {
      const match = fledOutOfSecondPair(atomicAfricaV2);
      spec(atomicAfricaV2)
        .given(match.events)
        .when({ ...shot, card: '4D' }, [5, 6])
        .thenRefuses('AA-12');
    });
  });

  describe('Q-26 a unit caught by a pursuer other than the activating opponent', () => {
    it('Q-26 the activating opponent’s attack at the In-transit range is forgone, in 2.1.0 as in 2.0.0', () => {
      for (const ruleset of [atomicAfricaV2_1, atomicAfricaV2]) {
        const { caught } = caughtByAnotherPursuer(ruleset);
        expect(caught.map((e) => e.type)).toEqual([
          'OrderRevealed',
          'PursuitDecided',
          'CloseCombatAttackForgone',
          'CloseCombatEnded',
        ]);
        expect(caught[1]).toMatchObject({ data: { unitId: 'A2', fleeingId: 'B1', outcome: 'thwarted' } });
        expect(caught[2]).toMatchObject({
          data: { attackerId: 'A1', targetId: 'B1', reason: 'target-in-close-combat' },
        });
      }
    });

    it('Q-26 AA-12 2.1.0: it is in close combat with its catcher, so a unit outside may not fire at it', () => {
      const { match } = caughtByAnotherPursuer(atomicAfricaV2_1);
      spec(atomicAfricaV2_1)
        .given(match.events)
        .when({ type: 'RangedAttack', attackerId: 'A3', targetId: 'B1', rangeInches: 10, card: '4D' }, [5, 6])
        .thenRefuses('AA-12', 'conflict');
    });

    it('Q-26 2.0.0 keeps its reading: the caught unit may be fired at from outside', () => {
      const { match } = caughtByAnotherPursuer(atomicAfricaV2);
      spec(atomicAfricaV2)
        .given(match.events)
        .when({ type: 'RangedAttack', attackerId: 'A3', targetId: 'B1', rangeInches: 10, card: '4D' }, [5, 6])
        .then((events) => expect(events.at(-1)).toMatchObject({ type: 'RangedAttackRolled' }));
    });

    it('Q-27 2.1.0: its catcher does not shoot it at 0" either: they fight through their close combat', () => {
      const { match } = caughtByAnotherPursuer(atomicAfricaV2_1);
      spec(atomicAfricaV2_1)
        .given(match.events)
        .when({ type: 'RangedAttack', attackerId: 'A2', targetId: 'B1', rangeInches: 0 }, [4, 4])
        .thenRefuses('Q-27', 'conflict');
    });

    it('Q-27 2.0.0 keeps its reading: the catcher may shoot the unit it caught', () => {
      const { match } = caughtByAnotherPursuer(atomicAfricaV2);
      spec(atomicAfricaV2)
        .given(match.events)
        .when({ type: 'RangedAttack', attackerId: 'A2', targetId: 'B1', rangeInches: 0 }, [4, 4])
        .then((events) => expect(events).toMatchObject([{ type: 'RangedAttackRolled' }]));
    });
  });

  describe('Q-27 a contact that began this turn counts as much as one from earlier', () => {
    it('Q-27 2.1.0: a unit that touched an enemy this turn makes no ranged attack', () => {
      spec(atomicAfricaV2_1)
        .given(touchedThisTurn(atomicAfricaV2_1).events)
        .when({ type: 'RangedAttack', attackerId: 'A2', targetId: 'B2', rangeInches: 0, card: '4C' }, [4, 4])
        .thenRefuses('Q-27', 'conflict');
    });

    it('Q-27 AA-12 2.1.0: nor is a unit that touched an enemy this turn fired at from outside', () => {
      spec(atomicAfricaV2_1)
        .given(touchedThisTurn(atomicAfricaV2_1).events)
        .when({ type: 'RangedAttack', attackerId: 'A1', targetId: 'B2', rangeInches: 5, card: '3C' }, [4, 4])
        .thenRefuses('AA-12', 'conflict');
    });

    it('Q-27 2.1.0: a unit touching nobody is still fired at, by a unit touching nobody', () => {
      spec(atomicAfricaV2_1)
        .given(touchedThisTurn(atomicAfricaV2_1).events)
        .when({ type: 'RangedAttack', attackerId: 'A1', targetId: 'B1', rangeInches: 5, card: '3C' }, [4, 1])
        .then((events) => expect(events.at(-1)).toMatchObject({ data: { hits: 1, suppressed: true } }));
    });

    it('Q-27 2.0.0 keeps its reading: close combat begins next turn, so both shots are accepted', () => {
      spec(atomicAfricaV2)
        .given(touchedThisTurn(atomicAfricaV2).events)
        .when({ type: 'RangedAttack', attackerId: 'A2', targetId: 'B2', rangeInches: 0, card: '4C' }, [4, 4])
        .then((events) => expect(events.at(-1)).toMatchObject({ type: 'RangedAttackRolled' }));
      spec(atomicAfricaV2)
        .given(touchedThisTurn(atomicAfricaV2).events)
        .when({ type: 'RangedAttack', attackerId: 'A1', targetId: 'B2', rangeInches: 5, card: '3C' }, [4, 4])
        .then((events) => expect(events.at(-1)).toMatchObject({ type: 'RangedAttackRolled' }));
    });
  });

  describe('Q-31 a pursuer whose contact began this turn pursues as part of the close combat', () => {
    /** As caughtByAnotherPursuer, A2 light infantry (4") with K♣, still sealed, offered B1's pursuit. */
    function offered(ruleset: AtomicAfricaRuleset) {
      const match = battle(
        { A1: {}, A2: { unitType: 'light-infantry', movement: 4 }, B1: {} },
        [['A1', 'B1']],
        ruleset,
      );
      match.contact('A2', 'B1');
      match.seal('A1', '5H').seal('A2', 'KC').seal('B1', '7S');
      match.declare('A1', 'fight').declare('B1', 'flee');
      match.reveal('A1', '5H');
      match.reveal('B1', '7S');
      match.run({ type: 'Pursue', unitId: 'A1', pursue: false });
      return match;
    }

    it.each(BOTH)(
      'Q-31 AA-7 %s: the face card it reveals to pursue may not announce an action outside close combat’s four',
      (_version, ruleset) => {
        spec(ruleset)
          .given(offered(ruleset).events)
          .when({ type: 'Pursue', unitId: 'A2', pursue: true, card: 'KC', specialAction: 'ambush' })
          .thenRefuses('AA-7', 'invalid');
      },
    );

    it.each(BOTH)(
      'Q-31 AA-9 %s: it may announce Sprint, and catches at twice its movement',
      (_version, ruleset) => {
        spec(ruleset)
          .given(offered(ruleset).events)
          .when({ type: 'Pursue', unitId: 'A2', pursue: true, card: 'KC', specialAction: 'sprint' })
          .then((events) => {
            expect(events[0]).toMatchObject({ type: 'OrderRevealed', data: { specialAction: 'sprint' } });
            expect(events[1]).toMatchObject({
              data: { pursuerMovement: 8, fleeingMovement: 6, outcome: 'thwarted' },
            });
          });
      },
    );
  });
});
