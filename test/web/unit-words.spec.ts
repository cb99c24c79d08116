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
      traits: ['base morale 7', 'move 6'],
      conditions: [
        'disordered',
        'cannot attack in turn 2 (HH-11)',
        'impact bonus against +1 in turn 3 (HH-11)',
        'victorious in turn 3',
        'contacts: Z2 (aspect left flank, since turn 1)',
      ],
    });
  });

  it('given the names of the rows themselves, when a contact is said, then its enemy reads by name and its aspect as words', () => {
    const n2 = { unitId: 'n2', name: 'N2', side: 'B', contacts: [{ unitId: 'z2', aspect: 'left-flank' }] };
    const z2 = { unitId: 'z2', name: 'Zulu impi', side: 'A' };
    const rows = unitRows({ units: { n2, z2 } }, []);
    // An id no unit has ("left-flank") gets no name, so it is said as words, as the table page says it.
    expect(unitWords(rows[0]!, unitNamesOf(rows)).conditions).toEqual([
      'contacts: Zulu impi (aspect left flank)',
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
      status: 'removed because rout',
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
      traits: ['unit type: light infantry', 'movement 6', 'firepower 2'],
      conditions: ['in contact with Askari', 'in close combat'],
    });
  });
});
