import { atomicAfrica } from '../../src/rules/atomic-africa/index.js';
import { handToHand, handToHandV2 } from '../../src/rules/hand-to-hand/index.js';
import {
  allRulesets,
  currentRuleset,
  RULESET_IDS,
  rulesetFor,
  versionsOf,
} from '../../src/rules/registry.js';
import { engaged } from './atomic-africa/fixtures.js';
import { chargedIntoContact, standardTable } from '../support/given-events/hand-to-hand.js';
import { spec } from '../support/decider-spec.js';

describe('the ruleset registry and the plug-in shape', () => {
  it('C-3 a match is decided by the ruleset version it records; new matches get the current version', () => {
    expect(RULESET_IDS).toEqual(['hand-to-hand', 'atomic-africa']);
    expect(rulesetFor({ id: 'hand-to-hand', version: '1.0.0' })).toBe(handToHand);
    expect(rulesetFor({ id: 'atomic-africa', version: '1.0.0' })).toBe(atomicAfrica);
    // a version nobody registered decides nothing, rather than the nearest one
    expect(rulesetFor({ id: 'hand-to-hand', version: '2.0.0' })).toBe(handToHandV2);
    expect(rulesetFor({ id: 'hand-to-hand', version: '3.0.0' })).toBeUndefined();
    expect(rulesetFor({ id: 'chess', version: '1.0.0' })).toBeUndefined();
    expect(currentRuleset('hand-to-hand')).toBe(versionsOf('hand-to-hand').at(-1));
    expect(currentRuleset('toString')).toBeUndefined();
    for (const ruleset of allRulesets()) {
      expect(ruleset.commandTypes.length).toBeGreaterThan(0);
      expect(ruleset.eventTypes).toContain('MatchCreated');
      expect(ruleset.awaiting(ruleset.decider.initialState())).toEqual([]);
      expect(ruleset.roster(ruleset.decider.initialState())).toEqual([]);
      expect(ruleset.progress(ruleset.decider.initialState())).toEqual({
        turn: 0,
        activeSide: 'A',
        phase: 'setup',
      });
      // every command a match can await has a route, and the route table names only known commands
      for (const [command, route] of Object.entries(ruleset.routes)) {
        expect(ruleset.commandTypes).toContain(command);
        expect(route).toMatch(/^[a-z]+(-[a-z]+)*$/);
      }
    }
  });

  it('HH-9 HH-7 hand-to-hand awaits one step at a time, in the shape every ruleset shares', () => {
    const { state } = spec(handToHand).given([...standardTable(), ...chargedIntoContact('C1', 'Z1', 'N1')]);
    expect(handToHand.awaiting(state)).toEqual([
      {
        command: 'RollImpact',
        side: 'A',
        unitId: 'Z1',
        ruleId: 'HH-7',
        combat: { kind: 'charge', chargeId: 'C1' },
      },
    ]);
  });

  it('AA-4 AA-5 atomic-africa awaits the reacting declaration, then both reveals, in the same shape', () => {
    const match = engaged().seal('A1', '7S').seal('B1', '8H').declare('A1', 'fight');
    expect(atomicAfrica.awaiting(match.state)).toEqual([
      {
        command: 'DeclareIntent',
        side: 'B',
        unitId: 'B1',
        ruleId: 'AA-4',
        combat: { kind: 'close-combat', unitIds: ['A1', 'B1'] },
      },
    ]);
    match.declare('B1', 'fight');
    expect(atomicAfrica.awaiting(match.state)).toEqual([
      {
        command: 'RevealOrder',
        side: 'A',
        unitId: 'A1',
        ruleId: 'AA-5',
        combat: { kind: 'close-combat', unitIds: ['A1', 'B1'] },
      },
      {
        command: 'RevealOrder',
        side: 'B',
        unitId: 'B1',
        ruleId: 'AA-5',
        combat: { kind: 'close-combat', unitIds: ['A1', 'B1'] },
      },
    ]);
  });
});
