import {
  ATOMIC_AFRICA_VERSIONS,
  atomicAfricaV1,
  atomicAfricaV2,
  atomicAfricaV2_1,
} from '../../../../src/rules/atomic-africa/index.js';
import { TableDice } from '../../../../src/rules/common/index.js';
import { currentRuleset, rulesetFor } from '../../../../src/rulesets/registry.js';
import { engaged } from '../fixtures.js';
import { duel } from './fixtures.js';

describe('atomic-africa versions', () => {
  it('C-3 every version stays registered, oldest first; new matches get version 2.1', () => {
    expect(ATOMIC_AFRICA_VERSIONS.map((r) => r.version)).toEqual(['1.0.0', '2.0.0', '2.1.0']);
    expect(rulesetFor({ id: 'atomic-africa', version: '1.0.0' })).toBe(atomicAfricaV1);
    expect(rulesetFor({ id: 'atomic-africa', version: '2.0.0' })).toBe(atomicAfricaV2);
    expect(rulesetFor({ id: 'atomic-africa', version: '2.1.0' })).toBe(atomicAfricaV2_1);
    expect(currentRuleset('atomic-africa')).toBe(atomicAfricaV2_1);
  });

  it('C-3 each version creates matches under its own version', () => {
    for (const ruleset of ATOMIC_AFRICA_VERSIONS) {
      const [created] = ruleset.decider.decide(
        ruleset.decider.initialState(),
        { type: 'CreateMatch', matchId: 'm', sides: { A: 'a', B: 'b' }, diceMode: 'table' },
        new TableDice([]),
      );
      expect(created).toMatchObject({ data: { ruleset: { id: 'atomic-africa', version: ruleset.version } } });
    }
  });

  it('C-3 a match is decided by the version it was created under, never by another', () => {
    const v1 = engaged();
    expect(() => atomicAfricaV2.decider.decide(v1.state, { type: 'EndTurn' }, new TableDice([]))).toThrow(
      /1\.0\.0/,
    );
    const v2 = duel();
    expect(() => atomicAfricaV1.decider.decide(v2.state, { type: 'EndTurn' }, new TableDice([]))).toThrow(
      /2\.0\.0/,
    );
  });

  it('C-3 a version 1 state keeps its shape: nothing of version 2 is added to it', () => {
    const v1 = engaged();
    v1.seal('A1', '7S').seal('B1', '5H').declare('A1', 'fight');
    expect(Object.keys(v1.state).sort()).toEqual(
      ['activation', 'activeSide', 'closeCombats', 'contacts', 'match', 'orders', 'turn', 'units'].sort(),
    );
    expect(Object.keys(v1.state.activation ?? {}).sort()).toEqual([
      'activating',
      'pursuit',
      'reacting',
      'turn',
    ]);
    v1.declare('B1', 'fight');
    v1.reveal('A1', '7S');
    v1.reveal('B1', '5H');
    v1.run({ type: 'ResolveCloseCombat', unitId: 'A1' }, [1, 1]);
    v1.run({ type: 'ResolveCloseCombat', unitId: 'B1' }, [1, 1]);
    v1.endTurn();
    expect(v1.last('TurnEnded').data).toEqual({ turn: 3, nextTurn: 4, activeSide: 'B' });
    expect(Object.keys(v1.state)).not.toContain('activated');
  });

  it('AA-1 version 1 still records cards as objects and refuses a duplicate reveal (no clash)', () => {
    const v1 = engaged();
    v1.seal('A1', '7S');
    expect(v1.last('OrderSealed').data.card).toEqual({ rank: '7', suit: 'spades' });
    v1.refuse({ type: 'SealOrder', unitId: 'B1', turn: 3, card: '5H' }, 'AA-1', 'invalid');
  });
});
