import type { RosterRow } from '../../../src/rules/common/roster.js';
import { genericUnitWords, unitWordsById, wordedRows } from '../../../src/rules/common/unit-words.js';

/**
 * A ruleset that words none of its facts (Ruleset.unitWords absent) still has its units said: each fact
 * from its name and the shape of its value (src/rules/common/unit-words.ts), never as a raw field.
 */
const row = (unitId: string, detail: Record<string, unknown>, status: RosterRow['status'] = 'active') => ({
  unitId,
  name: unitId.toUpperCase(),
  side: 'A' as const,
  sideName: 'Side A',
  status,
  detail,
});

describe('common: a unit of a ruleset that words none of its facts', () => {
  it('given a word and a number that names a turn, when the unit is said, then the word is what it is and the turn what holds for it', () => {
    expect(genericUnitWords(row('x1', { armourClass: 'heavy', pinnedInTurn: 2 }), () => undefined)).toEqual({
      traits: ['armour class: heavy'],
      conditions: ['pinned in turn 2'],
    });
  });

  it('given flags, counts and records, when the unit is said, then a set flag by its name, a record with its rule id last, and what says nothing left unsaid', () => {
    const words = genericUnitWords(
      row('x1', {
        shaken: true,
        hidden: false,
        hitCount: 0,
        cannotShoot: { inTurn: 4, ruleId: 'X-3' },
        engagedWith: [{ unitId: 'y1', value: -1 }],
        notes: [],
      }),
      (id) => (id === 'y1' ? 'Lancers' : undefined),
    );
    expect(words).toEqual({
      traits: [],
      conditions: ['shaken', 'cannot shoot in turn 4 (X-3)', 'engaged with Lancers (-1)'],
    });
  });

  it('given a removed unit whose reason is a fact named after its status, when it is said, then why is its status, said once', () => {
    expect(
      genericUnitWords(
        row('x1', { strength: 3, removedBecause: 'left-the-field' }, 'removed'),
        () => undefined,
      ),
    ).toEqual({ status: 'removed because left the field', traits: ['strength 3'], conditions: [] });
  });

  it('given roster rows, when they are worded, then each unit says the others by the names the rows give them', () => {
    const rows = [row('x1', { facing: 'y1' }), row('y1', {})];
    expect(wordedRows(rows).map((each) => each.words)).toEqual([
      { traits: ['facing: Y1'], conditions: [] },
      { traits: [], conditions: [] },
    ]);
    expect(unitWordsById(rows)).toEqual({
      x1: { traits: ['facing: Y1'], conditions: [] },
      y1: { traits: [], conditions: [] },
    });
  });
});
