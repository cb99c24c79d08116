import {
  atomicAfrica,
  type AtomicAfricaCommand,
  type Intent,
} from '../../../src/rules/atomic-africa/index.js';
import { spec } from '../../support/decider-spec.js';
import {
  closeCombatAttackRolled,
  closeCombatEnded,
  contactReported,
  intentDeclared,
  matchCreated,
  type Orders,
  orderRevealed,
  ordersRevealed,
  orderSealed,
  turnEnded,
  unitRegistered,
} from '../../support/given-events/atomic-africa.js';
import { card, engaged, type Fighter } from './fixtures.js';

const aa = spec(atomicAfrica);

const declare = (unitId: string, intent: Intent, opponentId?: string): AtomicAfricaCommand => ({
  type: 'DeclareIntent',
  unitId,
  intent,
  ...(opponentId === undefined ? {} : { opponentId }),
});

const reveal = (unitId: string, code: string, specialAction?: string): AtomicAfricaCommand => ({
  type: 'RevealOrder',
  unitId,
  card: card(code),
  specialAction,
});

/**
 * A1 and B1 in close combat in turn 3: both sealed, both declared, and A1 revealed its card. B1's
 * reveal, the last, is the one that judges each flee (AA-6), so the tests of the verdict decide it.
 */
function beforeLastReveal(orders: Orders, a: Fighter = {}, parameters?: unknown) {
  return aa.given([...engaged(a, {}, parameters).events, ...ordersRevealed(orders).slice(0, 5)]);
}

const lastReveal = (orders: Orders) => reveal('B1', orders.b, orders.bAction);

const fleeJudgedIn = (events: { type: string; data: unknown }[]) =>
  events.filter((e) => e.type === 'FleeJudged').map((e) => e.data);

describe('atomic-africa: declaring fight or flee, revealing, and whether a flee stands', () => {
  it('AA-4 declaring for a unit not in close combat is refused', () => {
    const given = aa.given([...engaged().events, unitRegistered('A2', 'A'), orderSealed('A2', 'A', '7S')]);
    given.when(declare('A2', 'fight')).thenRefuses('AA-4', 'conflict');
    given.when(declare('A1', 'charge' as never)).thenRefuses('AA-4', 'invalid');
  });

  it('AA-4 the activating player declares first, then the reacting player for the opposing unit only', () => {
    const sealed = [
      ...engaged().events,
      unitRegistered('B2', 'B'),
      orderSealed('A1', 'A', '7S'),
      orderSealed('B1', 'B', '8C'),
    ];
    // the reacting side cannot open the close combat
    aa.given(sealed).when(declare('B1', 'fight')).thenRefuses('AA-4', 'conflict');
    aa.given(sealed)
      .when(declare('A1', 'flee'))
      .then((events, after) => {
        expect(events).toEqual([
          {
            type: 'IntentDeclared',
            data: { unitId: 'A1', side: 'A', turn: 3, role: 'activating', intent: 'flee', opponentId: 'B1' },
          },
        ]);
        expect(after.activation).toMatchObject({
          activating: { unitId: 'A1', intent: 'flee' },
          reacting: { unitId: 'B1', intent: null },
        });
      });
    const activated = [...sealed, intentDeclared('A1', 'A', 'activating', 'flee', 'B1')];
    const given = aa.given(activated);
    given.when(declare('B2', 'fight')).thenRefuses('AA-4', 'conflict');
    given.when(declare('A1', 'fight')).thenRefuses('AA-4', 'conflict');
    given.when(declare('B1', 'fight')).then(([reacting]) =>
      expect(reacting?.data).toMatchObject({
        role: 'reacting',
        side: 'B',
        intent: 'fight',
        opponentId: 'A1',
      }),
    );
    aa.given([...activated, intentDeclared('B1', 'B', 'reacting', 'fight', 'A1')])
      .when(declare('B1', 'flee'))
      .thenRefuses('AA-4', 'conflict');
  });

  it('AA-4 AA-1 both orders cards are sealed before anybody declares', () => {
    aa.given([...engaged().events, orderSealed('A1', 'A', '7S')])
      .when(declare('A1', 'flee'))
      .thenRefuses('AA-1', 'conflict');
  });

  it('AA-4 a unit in close combat with two enemies names its opponent, and fights one close combat a turn', () => {
    const sealed = [
      matchCreated(),
      unitRegistered('A1', 'A'),
      unitRegistered('B1', 'B'),
      unitRegistered('B2', 'B'),
      ...turnEnded(1, 'B'),
      contactReported('A1', 'B1', 2),
      contactReported('A1', 'B2', 2),
      ...turnEnded(2, 'A', [
        ['A1', 'B1'],
        ['A1', 'B2'],
      ]),
      orderSealed('A1', 'A', '7H'),
      orderSealed('B1', 'B', '8H'),
      orderSealed('B2', 'B', '9H'),
    ];
    aa.given(sealed).when(declare('A1', 'fight')).thenRefuses('AA-4', 'invalid');
    aa.given(sealed)
      .when(declare('A1', 'fight', 'B2'))
      .then((events, after) => expect(after.activation).toMatchObject({ reacting: { unitId: 'B2' } }));
    const firstAttack = [
      ...sealed,
      intentDeclared('A1', 'A', 'activating', 'fight', 'B2'),
      intentDeclared('B2', 'B', 'reacting', 'fight', 'A1'),
      orderRevealed('A1', 'A', '7H'),
      orderRevealed('B2', 'B', '9H'),
      closeCombatAttackRolled('A1', 'B2', 'A', [1, 1]),
    ];
    aa.given(firstAttack)
      .when({ type: 'ResolveCloseCombat', unitId: 'B2' }, [1, 1])
      .then((events) =>
        expect(events.find((e) => e.type === 'CloseCombatEnded')?.data).toEqual({
          unitIds: ['A1', 'B2'],
          turn: 3,
          inContact: true,
          escaped: [],
        }),
      );
    aa.given([
      ...firstAttack,
      closeCombatAttackRolled('B2', 'A1', 'B', [1, 1]),
      closeCombatEnded([], ['A1', 'B2']),
    ])
      .when(declare('A1', 'fight', 'B1'))
      .thenRefuses('AA-4', 'conflict');
  });

  it('AA-5 the cards are revealed only after both declarations, then in either order', () => {
    const sealed = [...engaged().events, orderSealed('A1', 'A', '7S'), orderSealed('B1', 'B', '8C')];
    aa.given(sealed).when(reveal('A1', '7S')).thenRefuses('AA-5', 'conflict');
    const activated = [...sealed, intentDeclared('A1', 'A', 'activating', 'fight', 'B1')];
    aa.given(activated).when(reveal('A1', '7S')).thenRefuses('AA-5', 'conflict');
    const declared = [...activated, intentDeclared('B1', 'B', 'reacting', 'fight', 'A1')];
    aa.given(declared)
      .when(reveal('B1', '8C'))
      .then((events) => expect(events.map((e) => e.type)).toEqual(['OrderRevealed']));
    aa.given([...declared, orderRevealed('B1', 'B', '8C')])
      .when(reveal('A1', '7S'))
      .then((events, after) => {
        expect(events.map((e) => e.type)).toEqual(['OrderRevealed']);
        expect(after.activation?.activating.attack).toBeNull();
      });
  });

  it('E-3 AA-6 a unit that declares flee and reveals 7♠ breaks off', () => {
    const orders: Orders = { a: '7S', b: 'KH', aIntent: 'flee', bIntent: 'fight', bAction: 'rally' };
    beforeLastReveal(orders)
      .when(lastReveal(orders))
      .then((events, after) => {
        expect(fleeJudgedIn(events)).toEqual([
          { unitId: 'A1', turn: 3, verdict: 'stands', allowsMovement: true, posture: 'defensive' },
        ]);
        expect(after.activation?.activating.flee).toBe('stands');
      });
  });

  it('E-3 AA-6 Q-9 a flee on 7♥ is refused and the unit stays and fights', () => {
    const orders: Orders = { a: '7H', b: '8C', aIntent: 'flee', bIntent: 'fight' };
    beforeLastReveal(orders)
      .when(lastReveal(orders))
      .then((events) =>
        expect(fleeJudgedIn(events)[0]).toMatchObject({
          unitId: 'A1',
          verdict: 'refused',
          allowsMovement: true,
          posture: 'offensive',
        }),
      );
    // it fights: both stay, so both attack at threshold 1
    aa.given([...engaged().events, ...ordersRevealed(orders)])
      .when({ type: 'ResolveCloseCombat', unitId: 'A1' }, [6, 1])
      .then(([attack]) =>
        expect(attack?.data).toMatchObject({
          attackerId: 'A1',
          targetId: 'B1',
          threshold: 1,
          rangeInches: null,
          hits: 1,
          suppressed: true,
        }),
      );
  });

  it('E-3 AA-6 AA-7 K♣ announcing Sprint breaks off only for light infantry', () => {
    const sprint: Orders = {
      a: 'KC',
      b: 'KH',
      aIntent: 'flee',
      bIntent: 'fight',
      aAction: 'sprint',
      bAction: 'mass-fire',
    };
    beforeLastReveal(sprint, { unitType: 'light-infantry' })
      .when(lastReveal(sprint))
      .then((events) =>
        expect(fleeJudgedIn(events)[0]).toMatchObject({
          verdict: 'stands',
          allowsMovement: true,
          posture: 'defensive',
        }),
      );

    const declared = [...engaged({ unitType: 'infantry' }).events, ...ordersRevealed(sprint).slice(0, 4)];
    // line infantry cannot announce Sprint at all …
    aa.given(declared)
      .when(reveal('A1', 'KC', 'sprint'))
      .thenRefuses('AA-7', 'invalid');
    // … and with any other special action a face card does not allow movement
    aa.given([...declared, orderRevealed('A1', 'A', 'KC', 'rally')])
      .when(reveal('B1', 'KH', 'mass-fire'))
      .then((events) =>
        expect(fleeJudgedIn(events)[0]).toMatchObject({
          verdict: 'refused',
          allowsMovement: false,
          posture: 'defensive',
        }),
      );
  });

  it('AA-6 a face card without Sprint cannot flee even in defensive posture (Q♠ dig-in)', () => {
    const orders: Orders = { a: 'QS', b: '8C', aIntent: 'flee', bIntent: 'flee', aAction: 'dig-in' };
    beforeLastReveal(orders)
      .when(lastReveal(orders))
      .then((events) =>
        expect(fleeJudgedIn(events)).toEqual([
          { unitId: 'A1', turn: 3, verdict: 'refused', allowsMovement: false, posture: 'defensive' },
          { unitId: 'B1', turn: 3, verdict: 'stands', allowsMovement: true, posture: 'defensive' },
        ]),
      );
  });

  it('Q-8 AA-6 with jokerPosture none a Joker has no posture, so its flee is refused', () => {
    const orders: Orders = { a: 'JOKER-BLACK', b: '8H', aIntent: 'flee', bIntent: 'fight' };
    beforeLastReveal(orders)
      .when(lastReveal(orders))
      .then((events) =>
        expect(fleeJudgedIn(events)[0]).toMatchObject({
          verdict: 'refused',
          allowsMovement: true,
          posture: 'none',
        }),
      );
  });

  it('Q-8 AA-6 with jokerPosture by-colour a black Joker is defensive and breaks off, a red one offensive', () => {
    const byColour = { jokerPosture: 'by-colour' };
    const black: Orders = { a: 'JOKER-BLACK', b: '8H', aIntent: 'flee', bIntent: 'fight' };
    beforeLastReveal(black, {}, byColour)
      .when(lastReveal(black))
      .then((events) =>
        expect(fleeJudgedIn(events)[0]).toMatchObject({ verdict: 'stands', posture: 'defensive' }),
      );
    const red: Orders = { a: 'JOKER-RED', b: '8H', aIntent: 'flee', bIntent: 'fight' };
    beforeLastReveal(red, {}, byColour)
      .when(lastReveal(red))
      .then((events) =>
        expect(fleeJudgedIn(events)[0]).toMatchObject({ verdict: 'refused', posture: 'offensive' }),
      );
  });
});
