import { NO_DICE } from '../../../src/rules/common/index.js';
import { handToHandV2, handToHandV2_1, type HandToHandEvent } from '../../../src/rules/hand-to-hand/index.js';
import { currentRuleset } from '../../../src/rulesets/registry.js';
import { spec } from '../../support/decider-spec.js';
import {
  chargedAndHeld,
  chargedIntoContact,
  moraleTested,
  restriction,
  standardTable,
  turnEnded,
} from '../../support/given-events/hand-to-hand.js';
import { charge, endTurn, rollImpact, shootingTest, WILL_PASS } from './fixtures.js';

/** Version 2.1.0 beside 2.0.0: Q-17's closing command, Q-29; Q-28 and Q-30 as every version decides them. */

type Version = '2.0.0' | '2.1.0';
const RULESET = { '2.0.0': handToHandV2, '2.1.0': handToHandV2_1 } as const;
const rules = (version: Version) => spec(RULESET[version]);

const types = (events: readonly HandToHandEvent[]) => events.map((event) => event.type);

/** Z1 and Z2 declared charges on N1's left and right flanks in turn 1, both in contact; N1 has no front contact. */
const bothFlanks = (version: Version) => [
  ...standardTable(undefined, version),
  ...chargedIntoContact('C1', 'Z1', 'N1', { aspect: 'left-flank' }),
  ...chargedIntoContact('C2', 'Z2', 'N1', { aspect: 'right-flank' }),
];

const SURRENDER: HandToHandEvent[] = [
  {
    type: 'DefenderSurrendered',
    data: { chargeId: 'C1', unitId: 'N1', contactAspects: ['left-flank', 'right-flank'] },
  },
  { type: 'UnitRemoved', data: { unitId: 'N1', reason: 'surrendered', ruleId: 'HH-9' } },
];
const VICTORIES: HandToHandEvent[] = [
  { type: 'AttackerVictorious', data: { chargeId: 'C1', unitId: 'Z1', inTurn: 3 } },
  { type: 'AttackerVictorious', data: { chargeId: 'C2', unitId: 'Z2', inTurn: 3 } },
];
const ENDED: HandToHandEvent[] = [
  {
    type: 'AttackEndedWithoutImpact',
    data: { chargeId: 'C1', attackerId: 'Z1', defenderId: 'N1', reason: 'defender-surrendered' },
  },
  {
    type: 'AttackEndedWithoutImpact',
    data: { chargeId: 'C2', attackerId: 'Z2', defenderId: 'N1', reason: 'defender-surrendered' },
  },
];

describe('hand-to-hand 2.1.0: the closing command (Q-17), Q-28, Q-29, Q-30', () => {
  it("C-3 new matches are created under 2.1.0, the registry's last hand-to-hand version", () => {
    expect(currentRuleset('hand-to-hand')).toBe(handToHandV2_1);
    const [created] = handToHandV2_1.decider.decide(
      handToHandV2_1.decider.initialState(),
      { type: 'CreateMatch', matchId: 'M1', sides: { A: 'Zulus', B: 'British' }, diceMode: 'table' },
      NO_DICE,
    );
    expect(created).toMatchObject({ data: { ruleset: { id: 'hand-to-hand', version: '2.1.0' } } });
  });

  it('Q-17 both flanks and no front: the impact roll of the first declared attack is awaited, under Q-17', () => {
    const after = rules('2.1.0').given(bothFlanks('2.1.0')).state;
    expect(handToHandV2_1.awaiting(after)).toEqual([
      {
        command: 'RollImpact',
        side: 'A',
        unitId: 'Z1',
        ruleId: 'Q-17',
        combat: { kind: 'charge', chargeId: 'C1' },
      },
    ]);
    // and the side may still declare more before it closes them
    rules('2.1.0')
      .given(bothFlanks('2.1.0'))
      .when(charge('C3', 'Z3', 'N2'), WILL_PASS)
      .then((events) => expect(types(events)).toEqual(['ChargeDeclared', 'WillpowerTested', 'ContactMade']));
  });

  it('Q-17 the closing command records the surrender and the attacks that end, and uses no die', () => {
    rules('2.1.0')
      .given(bothFlanks('2.1.0'))
      // no dice at all: a source that throws on any request
      .when(rollImpact('C1'), NO_DICE)
      .then((events, after) => {
        expect(events).toEqual([...SURRENDER, ...VICTORIES, ...ENDED]);
        // then nothing is awaited: the side ends its turn
        expect(handToHandV2_1.awaiting(after)).toEqual([]);
        expect(handToHandV2_1.progress(after).phase).toBe('melee-resolving');
      });
  });

  it('Q-17 C-1 the closing command takes no table faces: a face given is refused, and nothing is recorded', () => {
    rules('2.1.0').given(bothFlanks('2.1.0')).when(rollImpact('C1'), [4]).thenRefuses('C-1', 'invalid');
  });

  it('Q-17 the closing command is awaited like any other step: the turn does not end before it', () => {
    rules('2.1.0').given(bothFlanks('2.1.0')).when(endTurn).thenRefuses('C-4');
  });

  it('Q-17 (2.0.0) logs keep their rules: nothing was awaited, the impact roll was refused, ending the turn surrendered', () => {
    const given = rules('2.0.0').given(bothFlanks('2.0.0'));
    expect(handToHandV2.awaiting(given.state)).toEqual([]);
    given.when(rollImpact('C1')).thenRefuses('HH-7');
    given.when(endTurn).then((events) => expect(events).toEqual([...SURRENDER, ...ENDED, turnEnded(1, 'A')]));
  });

  it('Q-17 with another attack that still strikes, its impact is the closing command and rolls its die', () => {
    rules('2.1.0')
      .given([...bothFlanks('2.1.0'), ...chargedIntoContact('C3', 'Z3', 'N2')])
      .when(rollImpact('C3'), [2])
      .then((events) => {
        expect(events.slice(0, 4)).toEqual([...SURRENDER, ...VICTORIES]);
        expect(types(events.slice(4))).toEqual([
          'AttackEndedWithoutImpact',
          'AttackEndedWithoutImpact',
          'ImpactRolled',
        ]);
      });
  });

  it('Q-29 on a surrender each attacker whose attack made contact that phase is victorious, +1 in its next turn', () => {
    const closed = [...bothFlanks('2.1.0'), ...SURRENDER, ...VICTORIES, ...ENDED];
    rules('2.1.0')
      .given([
        ...closed,
        turnEnded(1, 'A'),
        turnEnded(2, 'B'),
        ...chargedIntoContact('C5', 'Z1', 'N2', { turn: 3 }),
      ])
      .when(rollImpact('C5'), [1])
      .then(([impact]) =>
        expect(impact?.data).toMatchObject({
          modifiers: [{ name: 'charge' }, { name: 'victorious', value: 1, ruleId: 'HH-17' }],
          impact: 3,
        }),
      );
  });

  it('Q-29 (2.0.0) logs keep their rules: a surrender made nobody victorious', () => {
    rules('2.0.0')
      .given([...bothFlanks('2.0.0'), ...chargedIntoContact('C3', 'Z3', 'N2')])
      .when(rollImpact('C3'), [2])
      .then((events) => expect(types(events)).not.toContain('AttackerVictorious'));
  });

  for (const version of ['2.0.0', '2.1.0'] as const) {
    it(`Q-28 HH-10 a unit already in contact that attacks again does not charge: no willpower test, no charge +1 (${version})`, () => {
      const given = [
        ...standardTable(undefined, version),
        ...chargedAndHeld('C1', 'Z1', 'N1', 'front'),
        turnEnded(1, 'A'),
      ];
      // no dice for the declaration: no willpower test
      const declared = rules(version)
        .given(given)
        .when(charge('C2', 'N1', 'Z1'))
        .then((events) => {
          expect(types(events)).toEqual(['ChargeDeclared', 'ContactMade']);
          expect(events[0]?.data).toMatchObject({ kind: 'fight-back' });
        });
      rules(version)
        .given([...given, ...declared])
        .when(rollImpact('C2'), [3])
        .then(([impact]) => expect(impact?.data).toMatchObject({ die: 3, modifiers: [], impact: 3 }));
    });

    it(`Q-30 HH-12 HH-18 a shooting test in the unit's own turn restricts it in its owner's next player turn, not this one (${version})`, () => {
      const table = standardTable(undefined, version);
      // Z1 (side A, morale 8) tests in A's turn 1 at penalty 2: 5+6 = 11 against 6, over by 5, Retreat
      const tested = rules(version)
        .given(table)
        .when(shootingTest('Z1', 2), [5, 6])
        .then(([test]) => expect(test?.data).toMatchObject({ outcome: 'retreat' }));
      const retreated = rules(version)
        .given([...table, ...tested])
        .when({ type: 'ReportGiveGround', unitId: 'Z1', couldMove: true, leftTable: false })
        .then(([given]) =>
          expect(given?.data).toMatchObject({
            restrictions: [restriction('advance', 3, 'HH-12'), restriction('fire', 3, 'HH-12')],
          }),
        );
      // so in this turn's melee phase it still charges
      rules(version)
        .given([...table, ...tested, ...retreated])
        .when(charge('C1', 'Z1', 'N1'), WILL_PASS)
        .then((events) => expect(types(events)).toContain('ContactMade'));
      // and in its next turn it may not advance: no charge
      rules(version)
        .given([...table, ...tested, ...retreated, turnEnded(1, 'A'), turnEnded(2, 'B')])
        .when(charge('C1', 'Z1', 'N1'), WILL_PASS)
        .thenRefuses('HH-12');
    });
  }

  it("Q-30 the restriction of a shooting test in the enemy turn falls in the owner's next turn too", () => {
    const table = [...standardTable(undefined, '2.1.0'), turnEnded(1, 'A')];
    rules('2.1.0')
      .given([...table, moraleTested('Z1', 8, [5, 6], { cause: 'shooting', penalty: 2, side: 'A' })])
      .when({ type: 'ReportGiveGround', unitId: 'Z1', couldMove: true, leftTable: false })
      .then(([given]) =>
        expect(given?.data).toMatchObject({
          restrictions: [restriction('advance', 3, 'HH-12'), restriction('fire', 3, 'HH-12')],
        }),
      );
  });
});
