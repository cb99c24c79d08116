import { rulesetRef, type DiceSource } from '../../../src/rules/common/index.js';
import {
  DEFAULT_PARAMETERS,
  handToHand,
  type HandToHandCommand,
  type MatchState,
} from '../../../src/rules/hand-to-hand/index.js';
import { spec } from '../../support/decider-spec.js';
import { charge, createMatch, registerUnit } from './fixtures.js';
import { matchCreated, standardTable } from '../../support/given-events/hand-to-hand.js';

const hh = spec(handToHand);
const matchOf = (state: unknown) => state as MatchState;

describe('hand-to-hand: creating a match and registering units', () => {
  it('C-4 nothing is accepted before CreateMatch', () => {
    // given no match; when a unit is registered; then C-4
    const refusal = hh
      .given([])
      .when(registerUnit('Z1', 'A', 8))
      .thenRefuses('C-4', 'conflict');
    expect(refusal.message).toBe('C-4: the match has not been created');
    hh.given([]).when({ type: 'EndTurn' }).thenRefuses('C-4');
  });

  it('C-4 the match opens at turn 1 with side A active, and cannot be created twice', () => {
    const [created] = hh
      .given([])
      .when(createMatch())
      .then((events, after) => {
        expect(matchOf(after).turn).toBe(1);
        expect(matchOf(after).activeSide).toBe('A');
      });
    expect(created).toEqual({
      type: 'MatchCreated',
      data: {
        matchId: 'M1',
        sides: { A: 'Zulus', B: 'British' },
        diceMode: 'table',
        diceCommitment: null,
        parameters: DEFAULT_PARAMETERS,
        ruleset: rulesetRef('hand-to-hand', '1.0.0', DEFAULT_PARAMETERS),
        turn: 1,
        activeSide: 'A',
      },
    });
    hh.given([created!]).when(createMatch()).thenRefuses('C-4', 'conflict');
  });

  it('C-3 MatchCreated records the full parameters and their hash; overrides are deep-merged over the defaults', () => {
    const [created] = hh
      .given([])
      .when(createMatch({ modifiers: { flank: 2 }, options: { doublesAutoPass: false } }))
      .then(() => undefined);
    if (created?.type !== 'MatchCreated') throw new Error('expected MatchCreated');
    const { parameters, ruleset } = created.data;
    expect(parameters.modifiers).toEqual({
      charge: 1,
      flank: 2,
      rear: 2,
      uphill: 1,
      downhill: -1,
      victorious: 1,
      reformBonus: 1,
      retreatBonus: 2,
      repeatedImpact: 1,
    });
    expect(parameters.options).toEqual({ doublesAutoPass: false, willpowerDoublesAutoPass: true });
    expect(parameters.degreeOfFailure).toEqual(DEFAULT_PARAMETERS.degreeOfFailure);
    expect(parameters.stuckReformSurrenderCount).toBe(3);
    expect(ruleset.id).toBe('hand-to-hand');
    expect(ruleset.version).toBe('1.0.0');
    expect(ruleset.hash).toBe(rulesetRef('hand-to-hand', '1.0.0', parameters).hash);
    expect(ruleset.hash).not.toBe(rulesetRef('hand-to-hand', '1.0.0', DEFAULT_PARAMETERS).hash);
    expect(handToHand.id).toBe('hand-to-hand');
    expect(handToHand.version).toBe('1.0.0');
  });

  it('C-6 an unknown parameter, a non-integer modifier or a table with a gap is refused naming the field', () => {
    const none = hh.given([]);
    const unknown = none
      .when(createMatch({ modifiers: { flnk: 1 } } as unknown as Record<string, never>))
      .thenRefuses('C-6', 'invalid');
    expect(unknown.message).toContain('parameters.modifiers.flnk');

    const fractional = none.when(createMatch({ modifiers: { rear: 1.5 } })).thenRefuses('HH-7');
    expect(fractional.message).toContain('parameters.modifiers.rear');

    const gap = none
      .when(
        createMatch({
          degreeOfFailure: [
            { fromMargin: 1, toMargin: 4, outcome: 'reform' },
            { fromMargin: 6, toMargin: null, outcome: 'rout' },
          ],
        }),
      )
      .thenRefuses('HH-3', 'invalid');
    expect(gap.message).toContain('parameters.degreeOfFailure[1].fromMargin must be 5');
  });

  it('C-6 bad match input is refused as invalid: no sides, unknown dice mode, a commitment for table dice', () => {
    const none = hh.given([]);
    const noSides = { ...createMatch(), sides: { A: 'Zulus' } } as unknown as HandToHandCommand;
    expect(none.when(noSides).thenRefuses('C-6').message).toContain('sides.B');
    const badDice = { ...createMatch(), diceMode: 'crooked' } as unknown as HandToHandCommand;
    none.when(badDice).thenRefuses('C-1');
    const tableCommitment: HandToHandCommand = { ...createMatch(), diceCommitment: 'a'.repeat(64) };
    none.when(tableCommitment).thenRefuses('C-2');
    const serverCommitment: HandToHandCommand = {
      ...createMatch(),
      diceMode: 'server',
      diceCommitment: 'ab'.repeat(32),
    };
    none
      .when(serverCommitment)
      .then(([created]) =>
        expect(created?.data).toMatchObject({ diceMode: 'server', diceCommitment: 'ab'.repeat(32) }),
      );
    const unknownCommand = { type: 'Teleport' } as unknown as HandToHandCommand;
    none.when(unknownCommand).thenRefuses('C-6');
  });

  it('HH-1 base morale 6 and 10 are accepted; 5, 11 and 7.5 are refused as invalid', () => {
    const given = hh.given(standardTable());
    given
      .when(registerUnit('Low', 'A', 6))
      .then([
        { type: 'UnitRegistered', data: { unitId: 'Low', name: 'unit Low', side: 'A', morale: 6, move: 6 } },
      ]);
    given.when(registerUnit('High', 'B', 10)).then((events, after) =>
      expect(matchOf(after).units.High).toMatchObject({
        side: 'B',
        baseMorale: 10,
        status: 'active',
        contacts: [],
      }),
    );
    for (const morale of [5, 11, 7.5]) {
      const refusal = given.when(registerUnit('Bad', 'A', morale)).thenRefuses('HH-1', 'invalid');
      expect(refusal.message).toContain('morale of unit Bad');
    }
  });

  it('HH-1 the morale range is a parameter', () => {
    const given = hh.given([matchCreated({ morale: { max: 12 } })]);
    given
      .when(registerUnit('Elite', 'A', 12))
      .then((events, after) => expect(matchOf(after).units.Elite?.baseMorale).toBe(12));
    given.when(registerUnit('Raw', 'A', 5)).thenRefuses('HH-1');
  });

  it('C-6 a duplicate unit id, a zero move or an unknown side is refused and appends nothing', () => {
    const given = hh.given(standardTable());
    given.when(registerUnit('Z1', 'A', 8)).thenRefuses('C-6', 'conflict');
    given.when(registerUnit('Slow', 'A', 8, 0)).thenRefuses('C-6', 'invalid');
    expect(given.when(registerUnit('Odd', 'C' as 'A', 8)).thenRefuses('C-6').message).toContain('side');
    // a unit id that is also an Object.prototype key is just an unknown unit
    expect(given.when(charge('C1', 'toString', 'N1')).thenRefuses('C-6').message).toContain(
      'no unit toString',
    );
  });

  it('C-6 an unknown aspect is refused with the rule id, as invalid, and appends nothing', () => {
    const given = hh.given(standardTable());
    const refusal = given
      .when(charge('C1', 'Z1', 'N1', 'sideways' as 'front'), [3, 4])
      .thenRefuses('HH-4', 'invalid');
    expect(refusal.message).toContain('aspect');
    given.when(charge('C1', 'Z1', 'N1', 'front', 'cliff' as 'level')).thenRefuses('Q-14');
  });

  it('C-6 the dice are asked for only when a step needs them', () => {
    // a refused charge rolls nothing
    const asked: string[] = [];
    const spy: DiceSource = {
      roll(request) {
        asked.push(request.purpose);
        return { purpose: request.purpose, faces: [3, 4], origin: 'table', side: request.side };
      },
    };
    const given = hh.given(standardTable());
    given.when(charge('C1', 'N1', 'Z1'), spy).thenRefuses('C-4');
    expect(asked).toEqual([]);
    given.when(charge('C1', 'Z1', 'N1'), spy).then(() => undefined);
    expect(asked).toEqual(['willpower']);
  });
});
