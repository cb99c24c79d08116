import { readFileSync } from 'node:fs';
import { type ExportedEvent, parseNdjson } from '../../src/audit/export-format.js';
import { verifyMatchLog } from '../../src/audit/verifier.js';
import type { AtomicAfricaState } from '../../src/rules/atomic-africa/index.js';
import { rulesetFor } from '../../src/rulesets/registry.js';

/**
 * Logs recorded under atomic-africa 2.0.0 through the real command path (sealed orders in escrow, a
 * side's own commitment, table dice), checked in before 2.1.0 changed the rules. They must replay and
 * verify unchanged for ever (C-3): each records the version it was played under, and is decided again
 * by that version alone. `caught` holds two ranged attacks 2.1.0 refuses and `two-pairs`
 * a flee out of a second close combat of the turn (AA-12).
 */
const LOGS = [
  'atomic-africa-2.0.0-close-combat.ndjson',
  'atomic-africa-2.0.0-caught.ndjson',
  'atomic-africa-2.0.0-two-pairs.ndjson',
];

function fixture(name: string): ExportedEvent[] {
  return parseNdjson(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8'));
}

describe('logs kept from atomic-africa 2.0.0 (checked in: they must verify for ever)', () => {
  it.each(LOGS)('C-3 %s verifies under 2.0.0, every event decided again', (name) => {
    const log = fixture(name);
    expect(log.every((event) => event.metadata.ruleset?.version === '2.0.0')).toBe(true);
    const report = verifyMatchLog(log);
    expect(report).toMatchObject({ ok: true, ruleset: { id: 'atomic-africa', version: '2.0.0' } });
    expect(report.checked.outcomes.events).toBe(log.length);
  });

  it('AA-12 the 2.0.0 log of a flee out of the second close combat replays to the state 2.0.0 left', () => {
    const log = fixture('atomic-africa-2.0.0-two-pairs.ndjson').slice(0, -1);
    const ruleset = rulesetFor(log[0]!.metadata.ruleset!)!;
    const state = log.reduce(
      (s, event) => ruleset.decider.evolve(s, event),
      ruleset.decider.initialState(),
    ) as AtomicAfricaState;
    // b1 left every contact, yet the pair it fought out first is still marked in contact: 2.0.0's
    // reading of AA-12, which its logs keep.
    expect(state.contacts).toEqual([]);
    expect(state.closeCombats).toEqual([
      { unitIds: ['a1', 'b1'], resolved: true, inContact: true },
      { unitIds: ['a2', 'b1'], resolved: true, inContact: false },
    ]);
  });

  it('AA-12 Q-27 the 2.0.0 log of a caught unit fired at keeps both shots, and still verifies', () => {
    const shots = fixture('atomic-africa-2.0.0-caught.ndjson').filter((e) => e.type === 'RangedAttackRolled');
    expect(shots.map((e) => e.data)).toMatchObject([
      { attackerId: 'a3', targetId: 'b1', rangeInches: 10 },
      { attackerId: 'a2', targetId: 'b1', rangeInches: 0 },
    ]);
  });
});
