import { type RosterUnit, unitRows } from '../../web/shared/match-view.js';
import { unitNamesOf, unitWords } from '../../web/shared/unit-words.js';

/**
 * The table page says each unit in words (web/shared/unit-words.ts), from its facts' names and the
 * shapes of their values alone: these pin what it makes of both rulesets' units.
 */
const roster = (detail: Record<string, unknown>, unitId: string, side: string): RosterUnit => ({
  unitId,
  name: unitId.toUpperCase(),
  side,
  status: 'active',
  detail,
});

describe('pages: a unit in words', () => {
  it('given a hand-to-hand unit that reformed, when it is said, then its numbers come first and what holds for it reads as words, rule ids in brackets', () => {
    const n2 = {
      unitId: 'n2',
      name: 'N2',
      side: 'B',
      baseMorale: 7,
      move: 6,
      status: 'active',
      removedBecause: null,
      disordered: true,
      broken: false,
      cannotAttack: { inTurn: 2, ruleId: 'HH-11' },
      cannotMove: null,
      impactBonusAgainst: { value: 1, inTurn: 3, ruleId: 'HH-11' },
      victoriousInTurn: 3,
      stuckReformCount: 0,
      contacts: [{ unitId: 'z2', aspect: 'left-flank', sinceTurn: 1 }],
    };
    const z2 = { unitId: 'z2', name: 'Z2', side: 'A', baseMorale: 8, move: 6, status: 'active' };
    const state = { units: { n2, z2 } };
    const { unitId: _id, name: _name, side: _side, status: _status, ...detail } = n2;
    const [row] = unitRows(state, [roster(detail, 'n2', 'B')]);
    const names = (id: string) => ({ n2: 'N2', z2: 'Z2' })[id];
    expect(unitWords(row!, names)).toEqual({
      unitId: 'n2',
      name: 'N2',
      side: 'B',
      traits: ['base morale 7', 'move 6"'],
      conditions: [
        'disordered',
        'cannot attack in turn 2 (HH-11)',
        'an enemy attacking it in turn 3 gets +1 to impact (HH-11)',
        'won its combat: +1 to impact in turn 3 (HH-17)',
        'in contact with Z2 at its left flank since turn 1',
      ],
    });
  });

  it('given the names of the rows themselves, when a contact is said, then its enemy reads by name and its aspect as words', () => {
    const n2 = { unitId: 'n2', name: 'N2', side: 'B', contacts: [{ unitId: 'z2', aspect: 'left-flank' }] };
    const z2 = { unitId: 'z2', name: 'Zulu impi', side: 'A' };
    const rows = unitRows({ units: { n2, z2 } }, []);
    // An id no unit has ("left-flank") gets no name, so it is said as words, as the table page says it.
    expect(unitWords(rows[0]!, unitNamesOf(rows)).conditions).toEqual([
      'in contact with Zulu impi at its left flank',
    ]);
  });

  it('given a unit removed by a rout, when it is said, then why is its status, said once', () => {
    const n5 = {
      unitId: 'n5',
      name: 'N5',
      side: 'B',
      baseMorale: 7,
      status: 'removed',
      removedBecause: 'rout',
    };
    const [row] = unitRows({ units: { n5 } }, []);
    expect(unitWords(row!, () => undefined)).toMatchObject({
      status: 'removed: routed (HH-14)',
      traits: ['base morale 7'],
      conditions: [],
    });
  });

  it('given an Atomic Africa unit in close combat, when it is said, then its type reads as words and its enemy by name', () => {
    const a1 = { unitId: 'a1', name: 'A1', side: 'A', unitType: 'light-infantry', movement: 6, firepower: 2 };
    const b1 = { unitId: 'b1', name: 'Askari', side: 'B', unitType: 'infantry', movement: 6, firepower: 3 };
    const detail = {
      unitType: 'light-infantry',
      movement: 6,
      firepower: 2,
      inContactWith: ['b1'],
      inCloseCombat: true,
    };
    const [row] = unitRows({ units: { a1: { ...a1, ...detail }, b1 } }, [roster(detail, 'a1', 'A')]);
    expect(unitWords(row!, (id) => (id === 'b1' ? 'Askari' : undefined))).toMatchObject({
      traits: ['light infantry', 'movement 6"', 'firepower 2'],
      conditions: ['in contact with Askari', 'in close combat'],
    });
  });

  /** One hand-to-hand unit with the fields of src/rules/hand-to-hand/state.ts UnitState, all at rest. */
  const quiet = {
    unitId: 'z1',
    name: 'Z1',
    side: 'A',
    baseMorale: 8,
    move: 6,
    status: 'active',
    removedBecause: null,
    disordered: false,
    broken: false,
    cannotAttack: null,
    cannotAdvance: null,
    cannotFire: null,
    cannotMove: null,
    impactBonusAgainst: null,
    victoriousInTurn: null,
    stuckReformCount: 0,
    contacts: [],
  };
  const said = (changes: Record<string, unknown>) => {
    const [row] = unitRows(
      { units: { z1: { ...quiet, ...changes }, n1: { unitId: 'n1', name: 'Rifles', side: 'B' } } },
      [],
    );
    return unitWords(row!, (id) => (id === 'n1' ? 'Rifles' : undefined));
  };

  it('given a hand-to-hand unit at rest, when it is said, then only its morale and its move in inches, as the log writes them', () => {
    expect(said({})).toEqual({
      unitId: 'z1',
      name: 'Z1',
      side: 'A',
      traits: ['base morale 8', 'move 6"'],
      conditions: [],
    });
  });

  it.each([
    [{ disordered: true }, 'disordered'],
    [{ broken: true }, 'broken'],
    [{ cannotAttack: { inTurn: 4, ruleId: 'HH-11' } }, 'cannot attack in turn 4 (HH-11)'],
    [{ cannotAdvance: { inTurn: 4, ruleId: 'HH-11' } }, 'cannot advance in turn 4 (HH-11)'],
    [{ cannotFire: { inTurn: 5, ruleId: 'HH-12' } }, 'cannot fire in turn 5 (HH-12)'],
    [{ cannotMove: { inTurn: 5, ruleId: 'HH-13' } }, 'cannot move in turn 5 (HH-13)'],
    [
      { impactBonusAgainst: { value: 2, inTurn: 4, ruleId: 'HH-12' } },
      'an enemy attacking it in turn 4 gets +2 to impact (HH-12)',
    ],
    // HH-17: victorious in turn 1, its +1 applies in its owner's next turn, turn 3, which the state keeps.
    [{ victoriousInTurn: 3 }, 'won its combat: +1 to impact in turn 3 (HH-17)'],
    [{ stuckReformCount: 1 }, 'could not give ground once (HH-11: a third time in a row, it surrenders)'],
    [
      { stuckReformCount: 2 },
      'could not give ground twice in a row (HH-11: a third time in a row, it surrenders)',
    ],
    [
      { contacts: [{ unitId: 'n1', aspect: 'front', sinceTurn: 1 }] },
      'in contact with Rifles at its front since turn 1',
    ],
    [
      {
        contacts: [
          { unitId: 'n1', aspect: 'rear', sinceTurn: 3 },
          { unitId: 'n9', aspect: 'right-flank', sinceTurn: 3 },
        ],
      },
      'in contact with Rifles at its rear since turn 3, and n9 at its right flank since turn 3',
    ],
  ])('given the hand-to-hand fact %j, when the unit is said, then it reads "%s"', (changes, words) => {
    expect(said(changes).conditions).toEqual([words]);
    expect(said(changes).traits).toEqual(['base morale 8', 'move 6"']);
  });

  it.each([
    ['surrendered', 'removed: surrendered (HH-9)'],
    ['rout', 'removed: routed (HH-14)'],
    ['retreat-blocked', 'removed: could not retreat (HH-12)'],
    ['break-blocked', 'removed: could not flee (HH-13)'],
    ['left-the-table', 'removed: left the table (HH-15)'],
    ['failed-rally', 'removed: failed its rally test (HH-13)'],
    ['stuck-reform-surrender', 'removed: surrendered, stuck a third time when giving ground (HH-11)'],
  ])(
    'given a hand-to-hand unit removed because %s, when it is said, then its status reads "%s"',
    (reason, words) => {
      expect(said({ status: 'removed', removedBecause: reason })).toMatchObject({
        status: words,
        conditions: [],
      });
    },
  );

  it('given every hand-to-hand fact set at once, when the unit is said, then no part reads as a field name or a bare value', () => {
    const all = said({
      disordered: true,
      broken: true,
      cannotAttack: { inTurn: 4, ruleId: 'HH-11' },
      cannotAdvance: { inTurn: 4, ruleId: 'HH-18' },
      cannotFire: { inTurn: 4, ruleId: 'HH-11' },
      cannotMove: { inTurn: 4, ruleId: 'HH-13' },
      impactBonusAgainst: { value: 1, inTurn: 3, ruleId: 'HH-11' },
      victoriousInTurn: 3,
      stuckReformCount: 1,
      contacts: [{ unitId: 'n1', aspect: 'left-flank', sinceTurn: 1 }],
    });
    for (const part of [...all.traits, ...all.conditions])
      expect(part).not.toMatch(
        /victorious|bonus against|count|aspect|since turn \d+\)|\bvalue\b|:\s*$|-flank/,
      );
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
  ])(
    'given the Atomic Africa unit %j, when it is said, then its type, movement in inches and firepower, then its contacts',
    (detail, traits, conditions) => {
      const [row] = unitRows({ units: { a1: { unitId: 'a1', name: 'A1', side: 'A', ...detail } } }, []);
      expect(unitWords(row!, (id) => (id === 'n1' ? 'Rifles' : undefined))).toMatchObject({
        traits,
        conditions,
      });
    },
  );

  it('given a fact of a ruleset the page does not know, when it is said, then from its name and the shape of its value', () => {
    const [row] = unitRows(
      { units: { x1: { unitId: 'x1', name: 'X1', side: 'A', armourClass: 'heavy', pinnedInTurn: 2 } } },
      [],
    );
    expect(unitWords(row!, () => undefined)).toMatchObject({
      traits: ['armour class: heavy'],
      conditions: ['pinned in turn 2'],
    });
  });
});
