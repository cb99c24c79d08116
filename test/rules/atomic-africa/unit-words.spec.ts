import type { RosterRow } from '../../../src/rules/common/roster.js';
import { ATOMIC_AFRICA_VERSIONS, atomicAfricaV2_1 } from '../../../src/rules/atomic-africa/index.js';
import { PLAY_CONTRACT_EXAMPLE } from '../../../src/rules/atomic-africa/contract-example.js';
import { unitWordsById } from '../../../src/rules/common/unit-words.js';

/**
 * The roster's and the play contract's words for an Atomic Africa unit (src/rules/atomic-africa/
 * unit-words.ts), which the pages show as given: its type, movement in inches and firepower (AA-11),
 * then whom it is in contact with (AA-3), by name.
 */
const row = (detail: Record<string, unknown>): RosterRow => ({
  unitId: 'a1',
  name: 'A1',
  side: 'A',
  sideName: 'Zulu',
  status: 'active',
  detail,
});
const rifles = (id: string) => (id === 'n1' ? 'Rifles' : undefined);

describe('atomic-africa: a unit in words', () => {
  it('given a unit in close combat (AA-3), when it is said, then its type reads as words and its enemy by name', () => {
    const words = atomicAfricaV2_1.unitWords!(
      row({
        unitType: 'light-infantry',
        movement: 6,
        firepower: 2,
        inContactWith: ['b1'],
        inCloseCombat: true,
      }),
      (id) => (id === 'b1' ? 'Askari' : undefined),
    );
    expect(words).toEqual({
      traits: ['light infantry', 'movement 6"', 'firepower 2'],
      conditions: ['in contact with Askari', 'in close combat'],
    });
  });

  it.each([
    [{ unitType: 'vehicle', movement: 12, firepower: 3 }, ['vehicle', 'movement 12"', 'firepower 3'], []],
    [
      { unitType: 'infantry', movement: 6, firepower: 0, inContactWith: [], inCloseCombat: false },
      ['infantry', 'movement 6"', 'firepower 0'],
      [],
    ],
    [
      { unitType: 'infantry', movement: 6, firepower: 1, inContactWith: ['n1'], inCloseCombat: true },
      ['infantry', 'movement 6"', 'firepower 1'],
      ['in contact with Rifles', 'in close combat'],
    ],
    [
      { unitType: 'infantry', movement: 6, firepower: 1, inContactWith: ['n1', 'x-9'], inCloseCombat: false },
      ['infantry', 'movement 6"', 'firepower 1'],
      ['in contact with Rifles, x 9'],
    ],
  ])(
    'given the unit %j (AA-3, AA-11), when it is said, then its type, movement in inches and firepower, then its contacts',
    (detail, traits, conditions) => {
      expect(atomicAfricaV2_1.unitWords!(row(detail), rifles)).toEqual({ traits, conditions });
    },
  );

  it('given the API document’s example (AA-3: a close combat in contact), when its units are said, then the example’s words are the ruleset’s own', () => {
    const { state, unitWords } = PLAY_CONTRACT_EXAMPLE.answer;
    expect(unitWordsById(atomicAfricaV2_1.roster(state as never), atomicAfricaV2_1.unitWords)).toEqual(
      unitWords,
    );
  });

  it('given a match of any version (1.0.0 … 2.1.0), when its unit is said, then in the same words: old matches are worded too', () => {
    const detail = {
      unitType: 'infantry',
      movement: 6,
      firepower: 1,
      inContactWith: ['n1'],
      inCloseCombat: true,
    };
    const words = ATOMIC_AFRICA_VERSIONS.map((ruleset) => ruleset.unitWords!(row(detail), rifles));
    expect(ATOMIC_AFRICA_VERSIONS.map((ruleset) => ruleset.version)).toEqual(['1.0.0', '2.0.0', '2.1.0']);
    for (const each of words) expect(each).toEqual(words[0]);
  });
});
