import { handToHandV2_1 } from '../../src/rules/hand-to-hand/index.js';
import { unitWordsById } from '../../src/rules/common/unit-words.js';
import { unitRows } from '../../web/shared/match-view.js';
import { unitNamesOf, wordsOf } from '../../web/shared/unit-words.js';

/**
 * The pages show each unit in the words the service's ruleset gives it (the play contract's
 * `unitWords`; the rulesets' own tests pin those words). Only an answer without words is said by the
 * page, each fact from its name and the shape of its value.
 */
describe('pages: a unit in words', () => {
  const z1 = {
    unitId: 'z1',
    name: 'Z1',
    side: 'A',
    baseMorale: 8,
    move: 6,
    status: 'active',
    removedBecause: null,
    disordered: true,
    victoriousInTurn: 3,
    stuckReformCount: 0,
    contacts: [{ unitId: 'n1', aspect: 'left-flank', sinceTurn: 1 }],
  };
  const n1 = { unitId: 'n1', name: 'Rifles', side: 'B', baseMorale: 7, move: 6, status: 'active' };
  const state = { units: { z1, n1 } };

  it('given an answer with the ruleset’s words, when a unit is shown, then in those words, as given', () => {
    const rows = unitRows(state, []);
    const given = { z1: { traits: ['given'], conditions: ['as the service says it'] } };
    expect(wordsOf(rows[0]!, given, unitNamesOf(rows))).toEqual(given.z1);
  });

  it('given the service’s words for a hand-to-hand unit (HH-17, HH-4), when it is shown, then exactly those', () => {
    const words = unitWordsById(handToHandV2_1.roster(state as never), handToHandV2_1.unitWords);
    const rows = unitRows(state, []);
    expect(wordsOf(rows[0]!, words, unitNamesOf(rows))).toEqual({
      traits: ['base morale 8', 'move 6"'],
      conditions: [
        'disordered',
        'won its combat: +1 to impact in turn 3 (HH-17)',
        'in contact with Rifles at its left flank since turn 1',
      ],
    });
  });

  it('given an answer without words, when a unit is shown, then each fact from its name and the shape of its value, other units by name', () => {
    const rows = unitRows(
      {
        units: {
          x1: { unitId: 'x1', name: 'X1', side: 'A', armourClass: 'heavy', pinnedInTurn: 2, facing: 'y1' },
          y1: { unitId: 'y1', name: 'Lancers', side: 'B' },
        },
      },
      [],
    );
    expect(wordsOf(rows[0]!, undefined, unitNamesOf(rows))).toEqual({
      traits: ['armour class: heavy', 'facing: Lancers'],
      conditions: ['pinned in turn 2'],
    });
  });
});
