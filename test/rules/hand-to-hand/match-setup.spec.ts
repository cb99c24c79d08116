import { rulesetRef, type DiceSource } from '../../../src/rules/common/index.js';
import {
  DEFAULT_PARAMETERS,
  handToHand,
  type HandToHandCommand,
} from '../../../src/rules/hand-to-hand/index.js';
import {
  charge,
  createMatch,
  Given,
  givenMatch,
  initialState,
  registerUnit,
  violationOf,
  when,
} from './fixtures.js';

describe('hand-to-hand: creating a match and registering units', () => {
  it('C-4 nothing is accepted before CreateMatch', () => {
    // given no match; when a unit is registered; then C-4
    const refusal = violationOf(() => when(initialState(), registerUnit('Z1', 'A', 8)));
    expect(refusal.ruleId).toBe('C-4');
    expect(refusal.message).toBe('C-4: the match has not been created');
    expect(refusal.kind).toBe('conflict');
    expect(violationOf(() => when(initialState(), { type: 'EndTurn' })).ruleId).toBe('C-4');
  });

  it('C-4 the match opens at turn 1 with side A active, and cannot be created twice', () => {
    const given = new Given();
    const [created] = given.do(createMatch());
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
    expect(given.match.turn).toBe(1);
    expect(given.match.activeSide).toBe('A');
    const again = given.refused(createMatch());
    expect(again.ruleId).toBe('C-4');
    expect(again.kind).toBe('conflict');
  });

  it('C-3 MatchCreated records the full parameters and their hash; overrides are deep-merged over the defaults', () => {
    const [created] = new Given().do(
      createMatch({ modifiers: { flank: 2 }, options: { doublesAutoPass: false } }),
    );
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
    const unknown = violationOf(() =>
      when(initialState(), createMatch({ modifiers: { flnk: 1 } } as unknown as Record<string, never>)),
    );
    expect(unknown.ruleId).toBe('C-6');
    expect(unknown.kind).toBe('invalid');
    expect(unknown.message).toContain('parameters.modifiers.flnk');

    const fractional = violationOf(() => when(initialState(), createMatch({ modifiers: { rear: 1.5 } })));
    expect(fractional.ruleId).toBe('HH-7');
    expect(fractional.message).toContain('parameters.modifiers.rear');

    const gap = violationOf(() =>
      when(
        initialState(),
        createMatch({
          degreeOfFailure: [
            { fromMargin: 1, toMargin: 4, outcome: 'reform' },
            { fromMargin: 6, toMargin: null, outcome: 'rout' },
          ],
        }),
      ),
    );
    expect(gap.ruleId).toBe('HH-3');
    expect(gap.kind).toBe('invalid');
    expect(gap.message).toContain('parameters.degreeOfFailure[1].fromMargin must be 5');
  });

  it('C-6 bad match input is refused as invalid: no sides, unknown dice mode, a commitment for table dice', () => {
    const noSides = { ...createMatch(), sides: { A: 'Zulus' } } as unknown as HandToHandCommand;
    expect(violationOf(() => when(initialState(), noSides)).message).toContain('sides.B');
    const badDice = { ...createMatch(), diceMode: 'crooked' } as unknown as HandToHandCommand;
    expect(violationOf(() => when(initialState(), badDice)).ruleId).toBe('C-1');
    const tableCommitment: HandToHandCommand = { ...createMatch(), diceCommitment: 'a'.repeat(64) };
    expect(violationOf(() => when(initialState(), tableCommitment)).ruleId).toBe('C-2');
    const serverCommitment: HandToHandCommand = {
      ...createMatch(),
      diceMode: 'server',
      diceCommitment: 'ab'.repeat(32),
    };
    const [created] = when(initialState(), serverCommitment);
    expect(created?.data).toMatchObject({ diceMode: 'server', diceCommitment: 'ab'.repeat(32) });
    const unknownCommand = { type: 'Teleport' } as unknown as HandToHandCommand;
    expect(violationOf(() => when(initialState(), unknownCommand)).ruleId).toBe('C-6');
  });

  it('HH-1 base morale 6 and 10 are accepted; 5, 11 and 7.5 are refused as invalid', () => {
    const given = givenMatch();
    expect(given.do(registerUnit('Low', 'A', 6))).toEqual([
      { type: 'UnitRegistered', data: { unitId: 'Low', name: 'unit Low', side: 'A', morale: 6, move: 6 } },
    ]);
    given.do(registerUnit('High', 'B', 10));
    expect(given.unit('High')).toMatchObject({ side: 'B', baseMorale: 10, status: 'active', contacts: [] });
    for (const morale of [5, 11, 7.5]) {
      const refusal = given.refused(registerUnit('Bad', 'A', morale));
      expect(refusal.ruleId).toBe('HH-1');
      expect(refusal.kind).toBe('invalid');
      expect(refusal.message).toContain('morale of unit Bad');
    }
  });

  it('HH-1 the morale range is a parameter', () => {
    const given = givenMatch({ morale: { max: 12 } });
    given.do(registerUnit('Elite', 'A', 12));
    expect(given.unit('Elite').baseMorale).toBe(12);
    expect(given.refused(registerUnit('Raw', 'A', 5)).ruleId).toBe('HH-1');
  });

  it('C-6 a duplicate unit id, a zero move or an unknown side is refused and appends nothing', () => {
    const given = givenMatch();
    const duplicate = given.refused(registerUnit('Z1', 'A', 8));
    expect(duplicate.ruleId).toBe('C-6');
    expect(duplicate.kind).toBe('conflict');
    expect(given.refused(registerUnit('Slow', 'A', 8, 0)).kind).toBe('invalid');
    expect(given.refused(registerUnit('Odd', 'C' as 'A', 8)).message).toContain('side');
    // a unit id that is also an Object.prototype key is just an unknown unit
    expect(given.refused(charge('C1', 'toString', 'N1')).message).toContain('no unit toString');
  });

  it('C-6 an unknown aspect is refused with the rule id, as invalid, and appends nothing', () => {
    const given = givenMatch();
    const refusal = given.refused(charge('C1', 'Z1', 'N1', 'sideways' as 'front'), [3, 4]);
    expect(refusal.ruleId).toBe('HH-4');
    expect(refusal.kind).toBe('invalid');
    expect(refusal.message).toContain('aspect');
    const slope = given.refused(charge('C1', 'Z1', 'N1', 'front', 'cliff' as 'level'));
    expect(slope.ruleId).toBe('Q-14');
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
    const given = givenMatch();
    expect(() => handToHand.decider.decide(given.state, charge('C1', 'N1', 'Z1'), spy)).toThrow(/C-4/);
    expect(asked).toEqual([]);
    handToHand.decider.decide(given.state, charge('C1', 'Z1', 'N1'), spy);
    expect(asked).toEqual(['willpower']);
  });
});
