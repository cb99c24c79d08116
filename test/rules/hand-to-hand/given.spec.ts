import { handToHand, handToHandV2 } from '../../../src/rules/hand-to-hand/index.js';
import { spec } from '../../support/decider-spec.js';
import {
  charge,
  chargeAndHold,
  createMatch,
  endTurn,
  Given,
  giveGround,
  meleeTest,
  rallyTest,
  shootingTest,
  WILL_FAIL,
  givenMatch,
  registerUnit,
  rollImpact,
  WILL_PASS,
} from './fixtures.js';
import {
  attackerVictorious,
  chargedAndHeld,
  chargedIntoContact,
  chargeFaltered,
  fledBroken,
  foughtBack,
  groundGiven,
  impactRolled,
  matchCreated,
  meleeTestOf,
  moraleTested,
  rallyTestRequired,
  reformStuck,
  restriction,
  RETREAT_BONUS,
  standardTable,
  turnEnded,
  unitRegistered,
  unitRemoved,
  VICTORIOUS,
} from '../../support/given-events/hand-to-hand.js';

/** The given events the rules tests start from are what decide() records for the same facts. */
describe('hand-to-hand: given events', () => {
  it('C-4 HH-1 the standard table, written as events, is what creating it by commands records', () => {
    for (const parameters of [undefined, { options: { doublesAutoPass: false } }]) {
      const byCommands = new Given();
      byCommands.do(createMatch(parameters));
      for (const id of ['Z1', 'Z2', 'Z3']) byCommands.do(registerUnit(id, 'A', 8));
      for (const id of ['N1', 'N2']) byCommands.do(registerUnit(id, 'B', 7));
      byCommands.do(registerUnit('B1', 'B', 9));
      expect(standardTable(parameters)).toEqual(byCommands.events);
    }
    spec(handToHand).given([]).when(createMatch()).then([matchCreated()]);
    spec(handToHand)
      .given([matchCreated()])
      .when(registerUnit('Z1', 'A', 8))
      .then([unitRegistered('Z1', 'A', 8)]);
  });

  it('HH-4 HH-5 HH-7 a charge into contact and its impact, written as events, are what decide() records', () => {
    spec(handToHand)
      .given(standardTable())
      .when(charge('C1', 'Z1', 'N1'), WILL_PASS)
      .then(chargedIntoContact('C1', 'Z1', 'N1'));
    spec(handToHand)
      .given([...standardTable(), ...chargedIntoContact('C1', 'Z1', 'N1')])
      .when(rollImpact('C1'), [3])
      .then([impactRolled('C1', 'Z1', 'N1', 3)]);
  });

  it('HH-8 C-4 a charge held on the front or a flank, and the end of the turn, written as events, are what the commands record', () => {
    for (const aspect of ['front', 'left-flank', 'right-flank', 'rear'] as const) {
      const byCommands = givenMatch();
      chargeAndHold(byCommands, 'C1', 'Z1', 'N1', aspect);
      byCommands.do(endTurn);
      expect(byCommands.events).toEqual([
        ...standardTable(),
        ...chargedAndHeld('C1', 'Z1', 'N1', aspect),
        turnEnded(1, 'A'),
      ]);
    }
  });

  it('HH-7 Q-14 every aspect and slope, written as an impact, is what decide() records (the rear is +2)', () => {
    for (const aspect of ['front', 'left-flank', 'right-flank', 'rear'] as const) {
      for (const slope of ['level', 'uphill', 'downhill'] as const) {
        const charged = [...standardTable(), ...chargedIntoContact('C1', 'Z1', 'N1', { aspect, slope })];
        spec(handToHand)
          .given(standardTable())
          .when(charge('C1', 'Z1', 'N1', aspect, slope), WILL_PASS)
          .then(charged.slice(standardTable().length));
        spec(handToHand)
          .given(charged)
          .when(rollImpact('C1'), [2])
          .then([impactRolled('C1', 'Z1', 'N1', 2, { aspect, slope })]);
      }
    }
  });

  it('HH-5 Q-3 a faltered charge, written as events, is what decide() records', () => {
    spec(handToHand)
      .given(standardTable())
      .when(charge('C1', 'Z1', 'N1'), WILL_FAIL)
      .then(chargeFaltered('C1', 'Z1', 'N1'));
  });

  it('HH-8 HH-17 HH-14 a melee test held, failed or routed, written as events, is what decide() records', () => {
    for (const [die, faces] of [
      [1, [1, 2]],
      [3, [2, 3]],
      [3, [3, 5]],
      [3, [5, 6]],
      [6, [6, 5]],
    ] as const) {
      const events = meleeTestOf(die, [...faces]);
      const test = events.findIndex((event) => event.type === 'MoraleTested');
      spec(handToHand)
        .given([...standardTable(), ...events.slice(0, test)])
        .when(meleeTest('N1'), [...faces])
        .then(events.slice(test));
    }
  });

  it('HH-11 HH-12 HH-13 ground given after a melee test, written as events, is what decide() records', () => {
    const reform = [...standardTable(), ...meleeTestOf(3, [2, 3])];
    spec(handToHand).given(reform).when(giveGround('N1', false)).then(reformStuck('N1', 1));
    spec(handToHand)
      .given([...reform, ...reformStuck('N1', 1)])
      .when(rollImpact('C1'), [3])
      .then([impactRolled('C1', 'Z1', 'N1', 3, { repeat: true })]);
    const retreat = [...standardTable(), ...meleeTestOf(3, [3, 5])];
    spec(handToHand)
      .given(retreat)
      .when(giveGround('N1', true))
      .then([
        groundGiven('N1', 'retreat', {
          couldMove: true,
          brokeContactWith: ['Z1'],
          disordered: true,
          restrictions: [restriction('attack', 2, 'HH-12')],
          impactBonusAgainst: { value: 2, inTurn: 3, ruleId: 'HH-12' },
        }),
      ]);
    const broken = [...standardTable(), ...meleeTestOf(3, [5, 6])];
    spec(handToHand)
      .given(broken)
      .when(giveGround('N1', true))
      .then([fledBroken('N1', 2, { brokeContactWith: ['Z1'] })]);
    spec(handToHand)
      .given([...broken, fledBroken('N1', 2, { brokeContactWith: ['Z1'] })])
      .when(endTurn)
      .then([turnEnded(1, 'A'), rallyTestRequired('N1', 'B', 2)]);
    spec(handToHand)
      .given([
        ...broken,
        fledBroken('N1', 2, { brokeContactWith: ['Z1'] }),
        turnEnded(1, 'A'),
        rallyTestRequired('N1', 'B', 2),
      ])
      .when(rallyTest('N1'), [5, 6])
      .then([moraleTested('N1', 7, [5, 6], { cause: 'rally' }), unitRemoved('N1', 'failed-rally', 'HH-13')]);
  });

  it('HH-18 HH-10 HH-17 HH-12 a shooting test, a fight-back and the bonuses, written as events, are what decide() records', () => {
    spec(handToHand)
      .given(standardTable())
      .when(shootingTest('B1', 4), [3, 4])
      .then([moraleTested('B1', 9, [3, 4], { cause: 'shooting', penalty: 4 })]);
    const held = [...standardTable(), ...chargedAndHeld('C1', 'Z1', 'N1', 'front'), turnEnded(1, 'A')];
    spec(handToHand)
      .given(held)
      .when(charge('C2', 'N1', 'Z1'))
      .then(foughtBack('C2', 'N1', 'Z1', 2));
    // Z1 victorious in turn 3 over N2, which also retreated from Z2 earlier: both bonuses
    const given = [
      ...standardTable(),
      ...chargedIntoContact('C1', 'Z2', 'N2'),
      impactRolled('C1', 'Z2', 'N2', 3),
      moraleTested('N2', 7, [3, 5], { chargeId: 'C1', impact: 4 }),
      attackerVictorious('C1', 'Z2'),
      groundGiven('N2', 'retreat', {
        couldMove: true,
        brokeContactWith: ['Z2'],
        disordered: true,
        restrictions: [restriction('attack', 2, 'HH-12')],
        impactBonusAgainst: { value: 2, inTurn: 3, ruleId: 'HH-12' },
      }),
      turnEnded(1, 'A'),
      turnEnded(2, 'B'),
      ...chargedIntoContact('C3', 'Z2', 'N2', { turn: 3 }),
    ];
    spec(handToHand)
      .given(given)
      .when(rollImpact('C3'), [1])
      .then([impactRolled('C3', 'Z2', 'N2', 1, { more: [VICTORIOUS, RETREAT_BONUS] })]);
  });

  it('Q-17 under 2.0.0 a charge into contact, its first impact and a held test, written as events, are what decide() records', () => {
    const table = standardTable(undefined, '2.0.0');
    const v2 = spec(handToHandV2);
    const charged = chargedIntoContact('C1', 'Z1', 'N1', { aspect: 'left-flank' });
    v2.given(table)
      .when(charge('C1', 'Z1', 'N1', 'left-flank'), WILL_PASS)
      .then(charged);
    const impact = impactRolled('C1', 'Z1', 'N1', 1, { aspect: 'left-flank' });
    v2.given([...table, ...charged])
      .when(rollImpact('C1'), [1])
      .then([impact]);
    v2.given([...table, ...charged, impact])
      .when(meleeTest('N1'), [1, 2])
      .then([moraleTested('N1', 7, [1, 2], { chargeId: 'C1', impact: 3 })]);
  });
});
