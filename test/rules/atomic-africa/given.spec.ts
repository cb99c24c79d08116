import { atomicAfrica } from '../../../src/rules/atomic-africa/index.js';
import { spec } from '../../support/decider-spec.js';
import { engaged, type Fighter, Match } from './fixtures.js';
import { battle, declaredAndRevealed, foughtOut, sealedEvent } from './v2/fixtures.js';
import {
  breakOffReported,
  closeCombatAttackRolled,
  closeCombatEnded,
  contactReported,
  matchCreated,
  orderCommitted,
  orderSealed,
  type Orders,
  ordersRevealed,
  pursuitDecided,
  unitRegistered,
} from '../../support/given-events/atomic-africa.js';

const aa = spec(atomicAfrica);

/** The given events the rules tests start from are what decide() records for the same facts. */
describe('atomic-africa: given events', () => {
  it('C-4 AA-3 a match, its units and a contact, written as events, are what the commands record', () => {
    const parameters = { jokerPosture: 'by-colour', rangedAttack: { hitOn: 5 } };
    for (const overrides of [undefined, parameters]) {
      aa.given([])
        .when({
          type: 'CreateMatch',
          matchId: 'm1',
          sides: { A: 'Legion', B: 'Askari' },
          diceMode: 'table',
          parameters: overrides,
        } as never)
        .then([matchCreated(overrides)]);
    }
    aa.given([matchCreated()])
      .when({
        type: 'RegisterUnit',
        unitId: 'V1',
        name: 'unit V1',
        side: 'B',
        unitType: 'vehicle',
        movement: 10,
        firepower: 1,
      } as never)
      .then([unitRegistered('V1', 'B', 'vehicle', 10, 1)]);
    aa.given([matchCreated(), unitRegistered('A1', 'A'), unitRegistered('B1', 'B')])
      .when({ type: 'ReportContact', unitId: 'B1', enemyId: 'A1' } as never)
      .then([contactReported('A1', 'B1', 1)]);
  });

  it('C-4 AA-3 two units engaged, given as events, are what ending the turns and reporting contact record', () => {
    const byCommands = new Match().create().unit('A1', 'A').unit('B1', 'B');
    byCommands.run({ type: 'EndTurn' });
    byCommands.contact('A1', 'B1');
    byCommands.run({ type: 'EndTurn' });
    expect(engaged().events).toEqual(byCommands.events);
  });

  it('AA-1 AA-4 AA-5 AA-6 Q-8 sealed, declared and revealed orders, given as events, are what the commands record', () => {
    const cases: [Orders, Fighter?, unknown?][] = [
      [{ a: '7S', b: '8C', aIntent: 'flee', bIntent: 'fight' }],
      [{ a: '7H', b: '8C', aIntent: 'fight', bIntent: 'flee' }],
      [{ a: '7H', b: 'AC', aIntent: 'flee', bIntent: 'flee' }],
      [{ a: '7S', b: 'QH', aIntent: 'flee', bIntent: 'fight', bAction: 'dig-in' }],
      [{ a: 'JD', b: 'QS', aIntent: 'fight', bIntent: 'fight', aAction: 'mass-fire', bAction: 'dig-in' }],
      [
        { a: 'KC', b: '8C', aIntent: 'flee', bIntent: 'fight', aAction: 'sprint' },
        { unitType: 'light-infantry' },
      ],
      [{ a: 'KS', b: '8C', aIntent: 'flee', bIntent: 'fight', aAction: 'rally' }],
      [{ a: 'JOKER-BLACK', b: '8C', aIntent: 'flee', bIntent: 'fight' }],
      [
        { a: 'JOKER-BLACK', b: 'JOKER-RED', aIntent: 'flee', bIntent: 'flee' },
        {},
        { jokerPosture: 'by-colour' },
      ],
    ];
    for (const [orders, a = {}, parameters] of cases) {
      const byCommands = engaged(a, {}, parameters);
      byCommands.seal('A1', orders.a).seal('B1', orders.b);
      byCommands.declare('A1', orders.aIntent).declare('B1', orders.bIntent);
      byCommands.reveal('A1', orders.a, orders.aAction);
      byCommands.reveal('B1', orders.b, orders.bAction);
      const jokerPosture = parameters === undefined ? 'none' : 'by-colour';
      expect(byCommands.events).toEqual([
        ...engaged(a, {}, parameters).events,
        ...ordersRevealed(orders, { jokerPosture }),
      ]);
    }
  });

  it('AA-8 AA-9 Q-10 a pursuit and a break-off, given as events, are what the commands record', () => {
    for (const [fleeing, pursuer, pursue] of [
      [6, 8, true],
      [6, 6, true],
      [8, 4, true],
      [4, 8, false],
    ] as const) {
      const revealedEvents = ordersRevealed({ a: '7S', b: '8C', aIntent: 'flee', bIntent: 'fight' });
      const given = [...engaged({ movement: fleeing }, { movement: pursuer }).events, ...revealedEvents];
      aa.given(given)
        .when({ type: 'Pursue', unitId: 'B1', pursue })
        .then([pursuitDecided('B1', 'A1', pursue, { pursuer, fleeing })]);
    }
    const escaped = [
      ...engaged().events,
      ...ordersRevealed({ a: '7S', b: '8C', aIntent: 'flee', bIntent: 'fight' }),
      pursuitDecided('B1', 'A1', false),
    ];
    aa.given(escaped)
      .when({ type: 'ReportBreakOff', unitId: 'A1', destination: 'd', inTransit: 't', rangeInches: 5 })
      .then([breakOffReported('A1', 5)]);
  });

  it('AA-10 AA-11 close-combat attacks and their end, given as events, are what the commands record', () => {
    const bothFight = [
      ...engaged().events,
      ...ordersRevealed({ a: '7H', b: '8C', aIntent: 'fight', bIntent: 'fight' }),
    ];
    const first = closeCombatAttackRolled('A1', 'B1', 'A', [3, 1]);
    aa.given(bothFight).when({ type: 'ResolveCloseCombat', unitId: 'A1' }, [3, 1]).then([first]);
    aa.given([...bothFight, first])
      .when({ type: 'ResolveCloseCombat', unitId: 'B1' }, [4, 2])
      .then([closeCombatAttackRolled('B1', 'A1', 'B', [4, 2]), closeCombatEnded()]);
    const escaped = [
      ...engaged().events,
      ...ordersRevealed({ a: '7S', b: '8H', aIntent: 'flee', bIntent: 'fight' }),
      pursuitDecided('B1', 'A1', false),
      breakOffReported('A1', 8),
    ];
    aa.given(escaped)
      .when({ type: 'ResolveCloseCombat', unitId: 'B1' }, [5, 1])
      .then([
        closeCombatAttackRolled('B1', 'A1', 'B', [5, 1], { rangeInches: 8, threshold: 2 }),
        closeCombatEnded(['A1']),
      ]);
  });

  it('AA-1 AA-2 a card sealed in the open or as a commitment, given as an event, is what SealOrder records', () => {
    const units = [matchCreated(), unitRegistered('A1', 'A'), unitRegistered('B1', 'B')];
    aa.given(units)
      .when({ type: 'SealOrder', unitId: 'A1', turn: 1, card: { rank: '10', suit: 'spades' } })
      .then([orderSealed('A1', 'A', '10S', 1)]);
    const commitment = 'ab'.repeat(32);
    aa.given(units)
      .when({ type: 'SealOrder', unitId: 'B1', turn: 1, commitment })
      .then([orderCommitted('B1', 'B', commitment, 1)]);
  });

  it('Q-22 Q-23 AA-6 under version 2, sealed, declared and revealed orders and a close combat fought out, given as events, are what the commands record', () => {
    const units = () =>
      battle({ A1: {}, A2: { movement: 8 }, B1: {} }, [
        ['A1', 'B1'],
        ['A2', 'B1'],
      ]);
    for (const intent of ['fight', 'flee'] as const) {
      const byCommands = units();
      byCommands.seal('A1', '5H').seal('A2', '6D').seal('B1', '9C');
      byCommands.run({ type: 'DeclareIntent', unitId: 'A1', intent: 'fight', opponentId: 'B1' });
      byCommands.declare('B1', intent);
      byCommands.reveal('A1', '5H');
      byCommands.reveal('B1', '9C');
      const judged =
        intent === 'flee'
          ? [
              {
                type: 'FleeJudged',
                data: {
                  unitId: 'B1',
                  turn: 3,
                  verdict: 'stands',
                  allowsMovement: true,
                  posture: 'defensive',
                },
              } as const,
            ]
          : [];
      const given = units().given(
        sealedEvent('A1', '5H'),
        sealedEvent('A2', '6D'),
        sealedEvent('B1', '9C'),
        ...declaredAndRevealed(['A1', '5H', 'fight'], ['B1', '9C', intent], judged),
      );
      expect(given.events).toEqual(byCommands.events);
      if (intent === 'fight') {
        byCommands.run({ type: 'ResolveCloseCombat', unitId: 'A1' }, [1, 1]);
        byCommands.run({ type: 'ResolveCloseCombat', unitId: 'B1' }, [1, 1]);
        expect(given.given(...foughtOut('A1', 'B1')).events).toEqual(byCommands.events);
      }
    }
  });
});
