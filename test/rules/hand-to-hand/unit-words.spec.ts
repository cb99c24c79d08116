import type { RosterRow } from '../../../src/rules/common/roster.js';
import { initialLogContext } from '../../../src/rules/common/turn-log.js';
import { unitNamesOf } from '../../../src/rules/common/unit-words.js';
import { HAND_TO_HAND_VERSIONS, handToHandV2_1 } from '../../../src/rules/hand-to-hand/index.js';

/**
 * The roster's and the play contract's words for a hand-to-hand unit (src/rules/hand-to-hand/
 * unit-words.ts), which the pages show as given: its numbers first, then what holds for it now, each
 * restriction and bonus with the rule that set it.
 */
const describe_ = handToHandV2_1.unitWords!;

/** One hand-to-hand unit's roster detail: UnitState's fields but its id, name, side and status, all at rest. */
const quiet = {
  baseMorale: 8,
  move: 6,
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

const row = (detail: Record<string, unknown>, status: RosterRow['status'] = 'active'): RosterRow => ({
  unitId: 'z1',
  name: 'Z1',
  side: 'A',
  sideName: 'Zulu',
  status,
  detail: { ...quiet, ...detail },
});

const rifles = (id: string) => (id === 'n1' ? 'Rifles' : undefined);
const said = (detail: Record<string, unknown>, status?: RosterRow['status']) =>
  describe_(row(detail, status), rifles);

describe('hand-to-hand: a unit in words', () => {
  it('given a unit at rest, when it is said, then only its morale and its move in inches, as the log writes them', () => {
    expect(said({})).toEqual({ traits: ['base morale 8', 'move 6"'], conditions: [] });
  });

  it('given a unit that reformed, won and is in contact (HH-11, HH-17, HH-4), when it is said, then its numbers come first and what holds for it reads as words, rule ids in brackets', () => {
    const n2 = row({
      baseMorale: 7,
      disordered: true,
      cannotAttack: { inTurn: 2, ruleId: 'HH-11' },
      impactBonusAgainst: { value: 1, inTurn: 3, ruleId: 'HH-11' },
      victoriousInTurn: 3,
      contacts: [{ unitId: 'z2', aspect: 'left-flank', sinceTurn: 1 }],
    });
    const words = describe_(n2, (id) => ({ n2: 'N2', z2: 'Z2' })[id]);
    expect(words).toEqual({
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

  it('given the names of the roster rows themselves, when a contact is said (HH-4), then its enemy reads by name and its aspect as words', () => {
    const rows: RosterRow[] = [
      { ...row({ contacts: [{ unitId: 'z2', aspect: 'left-flank' }] }), unitId: 'n2', name: 'N2' },
      { ...row({}), unitId: 'z2', name: 'Zulu impi' },
    ];
    // An id no unit has ("left-flank") gets no name, so it is said as words.
    expect(describe_(rows[0]!, unitNamesOf(rows)).conditions).toEqual([
      'in contact with Zulu impi at its left flank',
    ]);
  });

  it.each([
    [{ disordered: true }, 'disordered'],
    [{ broken: true }, 'broken'],
    [{ cannotAttack: { inTurn: 4, ruleId: 'HH-11' } }, 'cannot attack in turn 4 (HH-11)'],
    [{ cannotAdvance: { inTurn: 4, ruleId: 'HH-11' } }, 'cannot advance in turn 4 (HH-11)'],
    [{ cannotFire: { inTurn: 5, ruleId: 'HH-12' } }, 'cannot fire in turn 5 (HH-12)'],
    [{ cannotMove: { inTurn: 5, ruleId: 'HH-13' } }, 'cannot move in turn 5 (HH-13)'],
    [{ cannotMove: { inTurn: 5 } }, 'cannot move in turn 5 (C-4)'],
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
  ])(
    'given the fact %j (HH-4, HH-11 … HH-17, C-4), when the unit is said, then it reads "%s"',
    (changes, words) => {
      expect(said(changes).conditions).toEqual([words]);
      expect(said(changes).traits).toEqual(['base morale 8', 'move 6"']);
    },
  );

  it.each([
    ['surrendered', 'removed: surrendered (HH-9)'],
    ['rout', 'removed: routed (HH-14)'],
    ['retreat-blocked', 'removed: could not retreat (HH-12)'],
    ['break-blocked', 'removed: could not flee (HH-13)'],
    ['left-the-table', 'removed: left the table (HH-15)'],
    ['failed-rally', 'removed: failed its rally test (HH-13)'],
    [
      'stuck-reform-surrender',
      'removed: surrendered when it could not give ground a third time in a row (HH-11)',
    ],
  ])(
    'given a unit removed because %s (HH-9 … HH-15), when it is said, then its status reads "%s", said once',
    (reason, words) => {
      expect(said({ removedBecause: reason }, 'removed')).toEqual({
        status: words,
        traits: ['base morale 8', 'move 6"'],
        conditions: [],
      });
    },
  );

  it('given a unit routed (HH-14) while an enemy attacking it in that turn would get +1 (HH-11), when it is said, then its removal alone: nothing holds for a unit out of play', () => {
    expect(
      said(
        {
          removedBecause: 'rout',
          impactBonusAgainst: { inTurn: 3, value: 1, ruleId: 'HH-11' },
          disordered: true,
        },
        'removed',
      ),
    ).toEqual({ status: 'removed: routed (HH-14)', traits: ['base morale 8', 'move 6"'], conditions: [] });
  });

  it.each([
    ['surrendered', 'HH-9'],
    ['rout', 'HH-14'],
    ['retreat-blocked', 'HH-12'],
    ['break-blocked', 'HH-13'],
    ['left-the-table', 'HH-15'],
    ['failed-rally', 'HH-13'],
    ['stuck-reform-surrender', 'HH-11'],
  ] as const)(
    'given a unit removed because %s (%s), when the turn log and its roster row say it, then both tell the same deed',
    (reason, ruleId) => {
      const status = said({ removedBecause: reason }, 'removed').status!;
      const deed = /^removed: (.+) \(HH-\d+\)$/.exec(status)![1]!;
      const line = handToHandV2_1.describe(
        { type: 'UnitRemoved', data: { unitId: 'N1', reason, ruleId } },
        initialLogContext(handToHandV2_1.id),
      );
      expect(line.sentence.slice(line.sentence.indexOf(' was removed'))).toBe(` was removed: it ${deed}.`);
      expect(line.ruleIds).toEqual([ruleId]);
    },
  );

  it('given every fact set at once, when the unit is said, then no part reads as a field name or a bare value', () => {
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

  it('given a match of any version (1.0.0 … 2.1.0), when its unit is said, then in the same words: old matches are worded too', () => {
    const words = HAND_TO_HAND_VERSIONS.map((ruleset) =>
      ruleset.unitWords!(row({ victoriousInTurn: 3 }, 'active'), rifles),
    );
    expect(HAND_TO_HAND_VERSIONS.map((ruleset) => ruleset.version)).toEqual(['1.0.0', '2.0.0', '2.1.0']);
    for (const each of words) expect(each).toEqual(words[0]);
  });
});
