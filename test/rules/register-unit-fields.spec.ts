import { atomicAfrica } from '../../src/rules/atomic-africa/index.js';
import { NO_DICE } from '../../src/rules/common/dice.js';
import { RuleViolation } from '../../src/rules/common/rule-violation.js';
import { handToHand } from '../../src/rules/hand-to-hand/index.js';
import type { AnyRuleset } from '../../src/rulesets/registry.js';

function created(ruleset: AnyRuleset): unknown {
  const { decider } = ruleset;
  const events = decider.decide(
    decider.initialState(),
    { type: 'CreateMatch', matchId: 'm', sides: { A: 'A', B: 'B' }, diceMode: 'table' } as { type: string },
    NO_DICE,
  );
  return events.reduce((state, event) => decider.evolve(state, event), decider.initialState());
}

describe("a unit registered with the other ruleset's fields", () => {
  it('C-6 hand-to-hand refuses unitType, movement and firepower by name instead of dropping them', () => {
    // given a hand-to-hand match
    const state = created(handToHand as unknown as AnyRuleset);
    // when a unit comes with an atomic-africa field, then it is refused naming the field
    const register = {
      type: 'RegisterUnit',
      unitId: 'u',
      name: 'U',
      side: 'A',
      morale: 8,
      move: 6,
      firepower: 2,
    };
    expect(() => handToHand.decider.decide(state as never, register as never, NO_DICE)).toThrow(
      expect.objectContaining({
        ruleId: 'C-6',
        kind: 'invalid',
        message: expect.stringContaining('firepower'),
      }) as RuleViolation,
    );
  });

  it('C-6 atomic-africa refuses morale and move by name instead of dropping them', () => {
    const state = created(atomicAfrica as unknown as AnyRuleset);
    const register = {
      type: 'RegisterUnit',
      unitId: 'u',
      name: 'U',
      side: 'A',
      unitType: 'infantry',
      movement: 6,
      firepower: 2,
      morale: 8,
    };
    expect(() => atomicAfrica.decider.decide(state as never, register as never, NO_DICE)).toThrow(
      expect.objectContaining({ ruleId: 'C-6', message: expect.stringContaining('morale') }) as RuleViolation,
    );
  });
});
