import {
  describeValue,
  type MatchAnswer,
  type RosterUnit,
  sidesOf,
  standingOf,
  unitRows,
} from '../../web/shared/match-view.js';

/**
 * The watch page reads any ruleset's state the same way (web/shared/match-view.ts): these pin what it makes
 * of both rulesets' shapes, and of the GET /matches/:id answer before and after it grew its top-level
 * fields.
 */
const handToHandState = {
  sides: { A: 'Zulus', B: 'British' },
  turn: 2,
  activeSide: 'B',
  units: {
    impi: {
      unitId: 'impi',
      name: 'Impi',
      side: 'A',
      baseMorale: 8,
      status: 'active',
      disordered: true,
      cannotMove: null,
      contacts: [{ unitId: 'nnc', aspect: 'front', sinceTurn: 1 }],
    },
    nnc: {
      unitId: 'nnc',
      name: 'NNC',
      side: 'B',
      baseMorale: 7,
      status: 'removed',
      disordered: false,
      cannotMove: null,
      contacts: [],
    },
  },
  awaiting: [{ step: 'impact-roll', unitId: 'impi', chargeId: 'c1', side: 'A', ruleId: 'HH-7' }],
};

const roster: RosterUnit[] = [
  {
    unitId: 'impi',
    name: 'Impi',
    side: 'A',
    sideName: 'Zulus',
    status: 'active',
    detail: { baseMorale: 8, disordered: true, cannotMove: null, contacts: [] },
  },
];

describe('the watch page’s reading of a match', () => {
  it('takes turn, active side and awaited steps from the state when the answer has none on top', () => {
    const standing = standingOf(handToHandState);
    expect(standing).toMatchObject({ turn: 2, activeSide: 'B', ended: false });
    expect(standing.awaiting).toEqual([
      {
        step: 'impact-roll',
        side: 'A',
        unitId: 'impi',
        ruleId: 'HH-7',
        // an older state's step has only its chargeId
        combat: { kind: 'charge', chargeId: 'c1' },
        extra: [],
      },
    ]);
  });

  it('reads the charge or close combat an awaited step belongs to, and nothing else rides along with it', () => {
    const answer: MatchAnswer = {
      matchId: 'm',
      revision: 9,
      ended: false,
      awaiting: [
        {
          step: 'impact-rolls',
          command: 'RollImpact',
          side: 'A',
          combat: { kind: 'charge', chargeId: 'c2' },
        },
        {
          step: 'reveals',
          command: 'RevealOrder',
          side: 'B',
          unitId: 'b1',
          combat: { kind: 'close-combat', unitIds: ['a1', 'b1'], card: '7S' },
        },
        {
          step: 'morale-tests',
          command: 'TakeMoraleTest',
          side: 'B',
          unitId: 'nnc',
          // the command template the play contract gives with the step: for a form, not for the list
          action: 'morale-test',
          label: 'Take the melee morale test of NNC',
          method: 'POST',
          body: { unitId: 'nnc', cause: 'melee' },
          choices: [],
          dice: { source: 'table', count: 2, sides: 6, purpose: 'morale test', ruleId: 'HH-8', path: 'dice' },
        },
      ],
      state: {},
    };
    expect(standingOf({}, answer).awaiting.map((step) => step.label)).toEqual([
      undefined,
      undefined,
      'Take the melee morale test of NNC',
    ]);
    expect(standingOf({}, answer).awaiting.map((step) => step.combat)).toEqual([
      { kind: 'charge', chargeId: 'c2' },
      { kind: 'close-combat', unitIds: ['a1', 'b1'] },
      undefined,
    ]);
    expect(standingOf({}, answer).awaiting.every((step) => step.extra.length === 0)).toBe(true);
  });

  it('prefers the answer’s top-level turn, side, phase and awaiting over the state’s', () => {
    const answer: MatchAnswer = {
      matchId: 'm',
      revision: 9,
      turn: 3,
      activeSide: 'A',
      phase: 'melee',
      ended: false,
      awaiting: [
        { step: 'morale-test', command: 'TakeMoraleTest', route: 'POST /matches/m/morale-tests', side: 'B' },
      ],
      state: handToHandState,
    };
    const standing = standingOf(handToHandState, answer);
    expect(standing).toMatchObject({ turn: 3, activeSide: 'A', phase: 'melee' });
    expect(standing.awaiting[0]).toMatchObject({
      step: 'morale-test',
      route: 'POST /matches/m/morale-tests',
    });
  });

  it('finds awaited steps kept one level down (atomic-africa’s activation), by name alone', () => {
    const state = { activation: { awaiting: [{ step: 'reveal', side: 'A', unitId: 'a1', ruleId: 'AA-2' }] } };
    expect(standingOf(state).awaiting.map((step) => step.step)).toEqual(['reveal']);
  });

  it('names the sides from either ruleset’s place for them, else from the roster', () => {
    expect(sidesOf(handToHandState, [])).toEqual([
      { id: 'A', name: 'Zulus' },
      { id: 'B', name: 'British' },
    ]);
    expect(sidesOf({ match: { sides: { A: 'Askari', B: 'Legion' } } }, [])[1]).toEqual({
      id: 'B',
      name: 'Legion',
    });
    expect(sidesOf({}, roster)[0]).toEqual({ id: 'A', name: 'Zulus' });
  });

  it('shows a unit the roster’s facts, as they stood in the state given, with unit ids by name', () => {
    const [impi, nnc] = unitRows(handToHandState, roster);
    expect(impi).toMatchObject({ unitId: 'impi', name: 'Impi', side: 'A', status: 'active' });
    expect(impi!.facts.map((fact) => [fact.label, fact.text, fact.tone])).toEqual([
      ['base morale', '8', 'plain'],
      ['disordered', 'yes', 'set'],
      ['cannot move', '—', 'unset'],
      ['contacts', 'NNC, aspect front, since turn 1', 'plain'],
    ]);
    // Not in the roster: every field it has but its identity.
    expect(nnc!.status).toBe('removed');
    expect(nnc!.facts.map((fact) => fact.key)).toEqual([
      'baseMorale',
      'disordered',
      'cannotMove',
      'contacts',
    ]);
  });

  it('shows no unit at all before any is registered', () => {
    expect(unitRows({ turn: 0, units: {} }, roster)).toEqual([]);
    expect(unitRows({ created: false }, roster)).toEqual([]);
  });

  it('says a value of any shape in words', () => {
    const nameOf = (id: string) => (id === 'b1' ? 'Legion' : undefined);
    expect(describeValue(['b1', 'x'], nameOf)).toBe('Legion; x');
    expect(describeValue({ winner: 'A', note: null }, nameOf)).toBe('winner A');
    expect(describeValue([], nameOf)).toBe('—');
  });
});
