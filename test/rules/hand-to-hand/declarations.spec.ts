import { initialLogContext } from '../../../src/rules/common/index.js';
import { handToHandV2, type HandToHandEvent } from '../../../src/rules/hand-to-hand/index.js';
import { spec } from '../../support/decider-spec.js';
import {
  chargedAndHeld,
  chargedIntoContact,
  foughtBack,
  impactRolled,
  meleeTested,
  moraleTested,
  standardTable,
  turnEnded,
} from '../../support/given-events/hand-to-hand.js';
import {
  charge,
  endTurn,
  giveGround,
  matchOf,
  meleeTest,
  rollImpact,
  unitIn,
  WILL_FAIL,
  WILL_PASS,
} from './fixtures.js';

const v2 = spec(handToHandV2);

/** The standard table in a match created under version 2.0.0, in turn 1's melee phase. */
const table = () => standardTable(undefined, '2.0.0');

/** Z1 and Z2 declared charges on N1's left and right flanks, both in contact: nothing judged yet. */
const bothFlanks = () => [
  ...table(),
  ...chargedIntoContact('C1', 'Z1', 'N1', { aspect: 'left-flank' }),
  ...chargedIntoContact('C2', 'Z2', 'N1', { aspect: 'right-flank' }),
];

const types = (events: readonly HandToHandEvent[]) => events.map((event) => event.type);

/**
 * Q-17 (version 2.0.0): the melee phase declares before it resolves. The active side declares all its
 * attacks; the first impact roll closes the declarations; surrender (HH-9) is judged then, once; the
 * impacts follow in declared order, and an attack whose defender left contact ends without an impact.
 */
describe('hand-to-hand 2.0.0: the melee phase declares before it resolves (Q-17)', () => {
  it('Q-17 a second charge is declared while the first waits for the impact roll that will close the declarations', () => {
    const first = [...table(), ...chargedIntoContact('C1', 'Z1', 'N1')];
    expect(handToHandV2.awaiting(v2.given(first).state)).toEqual([
      {
        command: 'RollImpact',
        side: 'A',
        unitId: 'Z1',
        ruleId: 'Q-17',
        combat: { kind: 'charge', chargeId: 'C1' },
      },
    ]);
    v2.given(first)
      .when(charge('C2', 'Z2', 'N2'), WILL_PASS)
      .then((events, after) => {
        expect(types(events)).toEqual(['ChargeDeclared', 'WillpowerTested', 'ContactMade']);
        expect(handToHandV2.progress(after)).toEqual({ turn: 1, activeSide: 'A', phase: 'melee-declaring' });
      });
    // HH-5: each willpower test is rolled as its charge is declared; a faltered one is no attack to resolve
    v2.given([...first, ...chargedIntoContact('C2', 'Z2', 'N2')])
      .when(charge('C3', 'Z3', 'B1'), WILL_FAIL)
      .then((events, after) =>
        expect(handToHandV2.awaiting(after)).toEqual([
          {
            command: 'RollImpact',
            side: 'A',
            unitId: 'Z1',
            ruleId: 'Q-17',
            combat: { kind: 'charge', chargeId: 'C1' },
          },
        ]),
      );
  });

  it('Q-17 the first impact roll closes the declarations: a charge after it is refused, and the impacts follow in declared order', () => {
    const declared = [
      ...table(),
      ...chargedIntoContact('C1', 'Z1', 'N1'),
      ...chargedIntoContact('C2', 'Z2', 'N2'),
    ];
    const refusedOrder = v2.given(declared).when(rollImpact('C2'), [3]).thenRefuses('Q-17');
    expect(refusedOrder.message).toContain("unit Z1's attack on unit N1");
    v2.given(declared)
      .when(rollImpact('C1'), [1])
      .then((events, after) => {
        expect(types(events)).toEqual(['ImpactRolled']);
        expect(handToHandV2.progress(after).phase).toBe('melee-resolving');
      });
    const closed = [...declared, impactRolled('C1', 'Z1', 'N1', 1)];
    const late = v2
      .given(closed)
      .when(charge('C3', 'Z3', 'B1'), WILL_PASS)
      .thenRefuses('Q-17');
    expect(late.message).toContain('closed at its first impact roll');
    const firstHeld = [...closed, moraleTested('N1', 7, [1, 2], { chargeId: 'C1', impact: 2 })];
    const second = v2.given(firstHeld);
    expect(handToHandV2.awaiting(second.state)).toEqual([
      {
        command: 'RollImpact',
        side: 'A',
        unitId: 'Z2',
        ruleId: 'HH-7',
        combat: { kind: 'charge', chargeId: 'C2' },
      },
    ]);
    second.when(endTurn).thenRefuses('C-4');
    const bothHeld = v2.given([
      ...firstHeld,
      impactRolled('C2', 'Z2', 'N2', 1),
      moraleTested('N2', 7, [1, 2], { chargeId: 'C2', impact: 2 }),
    ]);
    expect(handToHandV2.awaiting(bothHeld.state)).toEqual([]);
    bothHeld.when(endTurn).then((events) => expect(types(events)).toEqual(['TurnEnded']));
  });

  it('Q-17 HH-9 surrender is judged once, at the first impact roll: contacted on both flanks, the defender surrenders before any impact, and the attacks on it end without one', () => {
    v2.given([...table(), ...chargedIntoContact('C1', 'Z1', 'N1', { aspect: 'left-flank' })])
      .when(charge('C2', 'Z2', 'N1', 'right-flank'), WILL_PASS)
      .then((events, after) => {
        // no surrender yet: it waits for the close of the declarations
        expect(unitIn(after, 'N1').status).toBe('active');
        // once surrender is judged no attack would strike: nothing to roll until another attack is declared
        expect(handToHandV2.awaiting(after)).toEqual([]);
      });
    v2.given(bothFlanks())
      .when(charge('C3', 'Z3', 'N2'), WILL_PASS)
      .then((events, after) =>
        expect(handToHandV2.awaiting(after)).toEqual([
          {
            command: 'RollImpact',
            side: 'A',
            unitId: 'Z3',
            ruleId: 'Q-17',
            combat: { kind: 'charge', chargeId: 'C3' },
          },
        ]),
      );
    const third = [...bothFlanks(), ...chargedIntoContact('C3', 'Z3', 'N2')];
    const closing = v2
      .given(third)
      .when(rollImpact('C3'), [2])
      .then((closing, after) => {
        expect(closing.slice(0, 4)).toEqual([
          {
            type: 'DefenderSurrendered',
            data: { chargeId: 'C1', unitId: 'N1', contactAspects: ['left-flank', 'right-flank'] },
          },
          { type: 'UnitRemoved', data: { unitId: 'N1', reason: 'surrendered', ruleId: 'HH-9' } },
          {
            type: 'AttackEndedWithoutImpact',
            data: { chargeId: 'C1', attackerId: 'Z1', defenderId: 'N1', reason: 'defender-surrendered' },
          },
          {
            type: 'AttackEndedWithoutImpact',
            data: { chargeId: 'C2', attackerId: 'Z2', defenderId: 'N1', reason: 'defender-surrendered' },
          },
        ]);
        expect(types(closing.slice(4))).toEqual(['ImpactRolled']);
        expect(matchOf(after).charges.map((c) => [c.chargeId, c.status])).toEqual([
          ['C1', 'ended'],
          ['C2', 'ended'],
          ['C3', 'struck'],
        ]);
      });
    // an attack that ended without an impact stays the unit's attack of the phase: no other is declared
    v2.given([...third, ...closing])
      .when(charge('C4', 'Z1', 'N2'), WILL_PASS)
      .thenRefuses('Q-17');
  });

  it('Q-17 HH-9 a flank and the rear also make it surrender; with every defender surrendering, ending the turn closes the declarations', () => {
    v2.given([
      ...table(),
      ...chargedIntoContact('C1', 'Z1', 'N1', { aspect: 'left-flank' }),
      ...chargedIntoContact('C2', 'Z2', 'N1', { aspect: 'rear' }),
    ])
      .when(endTurn)
      .then((events, after) => {
        expect(types(events)).toEqual([
          'DefenderSurrendered',
          'UnitRemoved',
          'AttackEndedWithoutImpact',
          'AttackEndedWithoutImpact',
          'TurnEnded',
        ]);
        expect(unitIn(after, 'N1')).toMatchObject({ status: 'removed', removedBecause: 'surrendered' });
      });
  });

  it('Q-17 HH-9 an enemy touching its front prevents the surrender, even an attack declared after the flank attacks', () => {
    v2.given([...bothFlanks(), ...chargedIntoContact('C3', 'Z3', 'N1')])
      .when(rollImpact('C1'), [1])
      .then((events, after) => {
        expect(types(events)).toEqual(['ImpactRolled']);
        expect(unitIn(after, 'N1').status).toBe('active');
      });
  });

  it('Q-17 HH-9 an enemy standing in contact with its front from an earlier turn prevents it too', () => {
    v2.given([
      ...table(),
      ...chargedAndHeld('C0', 'Z3', 'N1', 'front'),
      turnEnded(1, 'A'),
      turnEnded(2, 'B'),
      ...chargedIntoContact('C1', 'Z1', 'N1', { aspect: 'left-flank', turn: 3 }),
      ...chargedIntoContact('C2', 'Z2', 'N1', { aspect: 'right-flank', turn: 3 }),
    ])
      .when(rollImpact('C1'), [1])
      .then((events, after) => {
        expect(types(events)).toEqual(['ImpactRolled']);
        expect(unitIn(after, 'N1').status).toBe('active');
      });
  });

  it('Q-17 HH-10 a unit already in contact attacks again beside the new charges, and its contact counts for the surrender', () => {
    const held = [
      ...table(),
      ...chargedAndHeld('C0', 'Z1', 'N1', 'left-flank'),
      turnEnded(1, 'A'),
      turnEnded(2, 'B'),
    ];
    v2.given(held)
      .when(charge('C1', 'Z1', 'N1', 'left-flank'))
      .then(([again]) =>
        expect(again).toMatchObject({ type: 'ChargeDeclared', data: { kind: 'fight-back' } }),
      );
    v2.given([
      ...held,
      ...foughtBack('C1', 'Z1', 'N1', 3, 'left-flank'),
      ...chargedIntoContact('C2', 'Z2', 'N1', { aspect: 'right-flank', turn: 3 }),
    ])
      .when(endTurn)
      .then((events) =>
        expect(types(events)).toEqual([
          'DefenderSurrendered',
          'UnitRemoved',
          'AttackEndedWithoutImpact',
          'AttackEndedWithoutImpact',
          'TurnEnded',
        ]),
      );
  });

  it('Q-17 an attack whose defender gave ground before its turn ends without an impact, recorded, and its unit has attacked', () => {
    const impact = impactRolled('C1', 'Z1', 'N1', 2); // impact 3: N1 tests against 4
    const reformed = [
      ...table(),
      ...chargedIntoContact('C1', 'Z1', 'N1'),
      ...chargedIntoContact('C2', 'Z2', 'N1', { aspect: 'left-flank' }),
      impact,
      ...meleeTested(impact, 7, [3, 5]), // 8, over by 4: Reform
    ];
    const gave = v2
      .given(reformed)
      .when(giveGround('N1', true))
      .then((events, after) => {
        expect(events).toEqual([
          expect.objectContaining({ type: 'GroundGiven' }),
          {
            type: 'AttackEndedWithoutImpact',
            data: { chargeId: 'C2', attackerId: 'Z2', defenderId: 'N1', reason: 'defender-left-contact' },
          },
        ]);
        expect(handToHandV2.awaiting(after)).toEqual([]);
        expect(handToHandV2.progress(after).phase).toBe('melee-resolving');
      });
    const after = v2.given([...reformed, ...gave]);
    after.when(charge('C3', 'Z2', 'N1', 'left-flank'), WILL_PASS).thenRefuses('Q-17');
    after.when(endTurn).then((events) => expect(types(events)).toEqual(['TurnEnded']));
  });

  it('Q-17 an attack whose defender was removed (routed) by an earlier attack ends without an impact', () => {
    v2.given([
      ...table(),
      ...chargedIntoContact('C1', 'Z1', 'N1'),
      ...chargedIntoContact('C2', 'Z2', 'N1', { aspect: 'left-flank' }),
      impactRolled('C1', 'Z1', 'N1', 6), // impact 7: N1 tests against 0
    ])
      .when(meleeTest('N1'), [6, 4]) // over by 10: Rout
      .then((events) => {
        expect(types(events)).toEqual([
          'MoraleTested',
          'AttackerVictorious',
          'UnitRemoved',
          'AttackEndedWithoutImpact',
        ]);
        expect(events.at(-1)).toMatchObject({ data: { chargeId: 'C2', reason: 'defender-removed' } });
      });
  });
});

describe('hand-to-hand 2.0.0: the turn log of the declarations (Q-17)', () => {
  function logOf(events: readonly HandToHandEvent[]) {
    let context = initialLogContext(handToHandV2.id);
    return events.map((event) => {
      const line = handToHandV2.describe(event, context);
      context = handToHandV2.logContextAfter(context, event);
      return line;
    });
  }

  it('Q-17 HH-9 the log tells a surrender before any impact, and each attack that ended without one, under its rule', () => {
    const given = bothFlanks();
    const closing = v2
      .given(given)
      .when(endTurn)
      .then(() => undefined);
    const lines = logOf([...given, ...closing]).slice(-closing.length);
    expect(lines.map(({ sentence, ruleIds }) => ({ sentence, ruleIds }))).toEqual([
      {
        sentence:
          'Turn 1: the unit N1, contacted on its left flank and right flank and not to its front, surrendered at once.',
        ruleIds: ['HH-9'],
      },
      { sentence: 'Turn 1: the unit N1 was removed: it surrendered.', ruleIds: ['HH-9'] },
      {
        sentence:
          "Turn 1: the unit Z1's attack on the unit N1 ended without an impact: the unit N1 had surrendered before its turn.",
        ruleIds: ['Q-17', 'HH-9'],
      },
      {
        sentence:
          "Turn 1: the unit Z2's attack on the unit N1 ended without an impact: the unit N1 had surrendered before its turn.",
        ruleIds: ['Q-17', 'HH-9'],
      },
      expect.objectContaining({ ruleIds: ['C-4'] }),
    ]);
    expect(closing.slice(2, 4).map((event) => handToHandV2.ruleIdOf(event, ['data', 'reason']))).toEqual([
      'Q-17',
      'Q-17',
    ]);
  });

  it('Q-18 Q-19 the log names the rule that bars a withdrawn or rallied unit from attacking', () => {
    const withdrew: HandToHandEvent = {
      type: 'UnitWithdrew',
      data: {
        unitId: 'N1',
        leftTable: false,
        brokeContactWith: ['Z1'],
        restrictions: [{ restriction: 'attack', inTurn: 2, ruleId: 'Q-19' }],
      },
    };
    const [line] = logOf([...standardTable(undefined, '2.0.0'), turnEnded(1, 'A'), withdrew]).slice(-1);
    expect(line).toMatchObject({
      sentence: 'Turn 2: the unit N1 withdrew from contact with the unit Z1; it may not attack in turn 2.',
      ruleIds: ['HH-15', 'Q-19'],
    });
    expect(handToHandV2.ruleIdOf(withdrew, ['data', 'restrictions', 0, 'inTurn'])).toBe('Q-19');
    expect(handToHandV2.eventTypes).toContain('AttackEndedWithoutImpact');
  });
});
