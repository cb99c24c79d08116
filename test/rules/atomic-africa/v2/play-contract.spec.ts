import type { AwaitedInput, MatchProgress } from '../../../../src/rules/common/index.js';
import { atomicAfricaV2, type AtomicAfricaCommand } from '../../../../src/rules/atomic-africa/index.js';
import { Match } from '../fixtures.js';
import { awaitedOfA1B1 } from './fixtures.js';

const seal = (side: 'A' | 'B', unitId: string): AwaitedInput => ({
  command: 'SealOrder',
  side,
  unitId,
  ruleId: 'Q-21',
});

interface Step {
  command: AtomicAfricaCommand;
  dice?: number[];
  /** The new events' types. */
  events: string[];
  progress: MatchProgress;
  awaiting: AwaitedInput[];
}

/**
 * One whole version 2 match, command by command, with what the play contract says after each: the
 * phase (setup, orders, activations, close-combat) and what is awaited, from whom, by which rule.
 */
const STEPS: Step[] = [
  {
    command: { type: 'CreateMatch', matchId: 'm2', sides: { A: 'Legion', B: 'Askari' }, diceMode: 'table' },
    events: ['MatchCreated'],
    progress: { turn: 1, activeSide: 'A', phase: 'orders' },
    awaiting: [],
  },
  ...(['A1', 'A2', 'B1'] as const).map((unitId, i): Step => ({
    command: {
      type: 'RegisterUnit',
      unitId,
      name: unitId,
      side: unitId.startsWith('A') ? 'A' : 'B',
      unitType: 'infantry',
      movement: unitId === 'A2' ? 8 : 6,
      firepower: 2,
    },
    events: ['UnitRegistered'],
    progress: { turn: 1, activeSide: 'A', phase: 'orders' },
    awaiting: [seal('A', 'A1'), seal('A', 'A2'), seal('B', 'B1')].slice(0, i + 1),
  })),
  {
    command: { type: 'ReportContact', unitId: 'A1', enemyId: 'B1' },
    events: ['ContactReported'],
    progress: { turn: 1, activeSide: 'A', phase: 'orders' },
    awaiting: [seal('A', 'A1'), seal('A', 'A2'), seal('B', 'B1')],
  },
  {
    command: { type: 'ReportContact', unitId: 'B1', enemyId: 'A2' },
    events: ['ContactReported'],
    progress: { turn: 1, activeSide: 'A', phase: 'orders' },
    awaiting: [seal('A', 'A1'), seal('A', 'A2'), seal('B', 'B1')],
  },
  {
    command: { type: 'EndTurn' },
    events: ['TurnEnded', 'CloseCombatBegan', 'CloseCombatBegan'],
    progress: { turn: 2, activeSide: 'B', phase: 'orders' },
    awaiting: [seal('A', 'A1'), seal('A', 'A2'), seal('B', 'B1')],
  },
  {
    command: { type: 'EndTurn' },
    events: ['TurnEnded', 'CloseCombatBegan', 'CloseCombatBegan'],
    progress: { turn: 3, activeSide: 'A', phase: 'orders' },
    awaiting: [seal('A', 'A1'), seal('A', 'A2'), seal('B', 'B1')],
  },
  {
    command: { type: 'SealOrder', unitId: 'A1', turn: 3, card: '5H' },
    events: ['OrderSealed'],
    progress: { turn: 3, activeSide: 'A', phase: 'orders' },
    awaiting: [seal('A', 'A2'), seal('B', 'B1')],
  },
  {
    command: { type: 'SealOrder', unitId: 'B1', turn: 3, card: '9C' },
    events: ['OrderSealed'],
    progress: { turn: 3, activeSide: 'A', phase: 'orders' },
    awaiting: [seal('A', 'A2')],
  },
  {
    command: { type: 'SealOrder', unitId: 'A2', turn: 3, card: '6D' },
    events: ['OrderSealed'],
    progress: { turn: 3, activeSide: 'A', phase: 'orders' },
    awaiting: [],
  },
  {
    command: { type: 'DeclareIntent', unitId: 'A1', intent: 'fight' },
    events: ['IntentDeclared'],
    progress: { turn: 3, activeSide: 'A', phase: 'close-combat' },
    awaiting: [
      {
        command: 'DeclareIntent',
        side: 'B',
        unitId: 'B1',
        ruleId: 'AA-4',
        combat: { kind: 'close-combat', unitIds: ['A1', 'B1'] },
      },
    ],
  },
  {
    command: { type: 'DeclareIntent', unitId: 'B1', intent: 'flee' },
    events: ['IntentDeclared'],
    progress: { turn: 3, activeSide: 'A', phase: 'close-combat' },
    awaiting: [
      awaitedOfA1B1('RevealOrder', 'A1', 'AA-5'),
      {
        command: 'RevealOrder',
        side: 'B',
        unitId: 'B1',
        ruleId: 'AA-5',
        combat: { kind: 'close-combat', unitIds: ['A1', 'B1'] },
      },
    ],
  },
  {
    command: { type: 'RevealOrder', unitId: 'B1', card: '9C' },
    events: ['OrderRevealed'],
    progress: { turn: 3, activeSide: 'A', phase: 'close-combat' },
    awaiting: [awaitedOfA1B1('RevealOrder', 'A1', 'AA-5')],
  },
  {
    command: { type: 'RevealOrder', unitId: 'A1', card: '5H' },
    events: ['OrderRevealed', 'FleeJudged'],
    progress: { turn: 3, activeSide: 'A', phase: 'close-combat' },
    awaiting: [awaitedOfA1B1('Pursue', 'A1', 'AA-9'), awaitedOfA1B1('Pursue', 'A2', 'AA-9')],
  },
  {
    command: { type: 'Pursue', unitId: 'A2', pursue: false },
    events: ['PursuitDecided'],
    progress: { turn: 3, activeSide: 'A', phase: 'close-combat' },
    awaiting: [awaitedOfA1B1('Pursue', 'A1', 'AA-9')],
  },
  {
    command: { type: 'Pursue', unitId: 'A1', pursue: true },
    events: ['PursuitDecided'],
    progress: { turn: 3, activeSide: 'A', phase: 'close-combat' },
    awaiting: [
      {
        command: 'ReportBreakOff',
        side: 'B',
        unitId: 'B1',
        ruleId: 'AA-8',
        combat: { kind: 'close-combat', unitIds: ['A1', 'B1'] },
      },
    ],
  },
  {
    command: {
      type: 'ReportBreakOff',
      unitId: 'B1',
      destination: 'the kraal',
      inTransit: 'the drift',
      rangeInches: 8,
    },
    events: ['BreakOffReported'],
    progress: { turn: 3, activeSide: 'A', phase: 'close-combat' },
    awaiting: [awaitedOfA1B1('ResolveCloseCombat', 'A1', 'AA-11')],
  },
  {
    command: { type: 'ResolveCloseCombat', unitId: 'A1' },
    dice: [4, 1],
    events: ['CloseCombatAttackRolled', 'CloseCombatEnded'],
    progress: { turn: 3, activeSide: 'A', phase: 'activations' },
    awaiting: [],
  },
  {
    command: { type: 'EndTurn' },
    events: ['TurnEnded'],
    progress: { turn: 4, activeSide: 'B', phase: 'orders' },
    awaiting: [seal('A', 'A1'), seal('A', 'A2'), seal('B', 'B1')],
  },
  {
    command: { type: 'SealOrder', unitId: 'B1', turn: 4, card: 'KS' },
    events: ['OrderSealed'],
    progress: { turn: 4, activeSide: 'B', phase: 'orders' },
    awaiting: [seal('A', 'A1'), seal('A', 'A2')],
  },
  {
    command: {
      type: 'RangedAttack',
      attackerId: 'B1',
      targetId: 'A2',
      rangeInches: 5,
      card: 'KS',
      specialAction: 'mass-fire',
    },
    dice: [6, 5, 1, 1],
    events: ['OrderRevealed', 'RangedAttackRolled'],
    progress: { turn: 4, activeSide: 'B', phase: 'activations' },
    awaiting: [],
  },
  {
    command: { type: 'EndTurn' },
    events: ['TurnEnded'],
    progress: { turn: 5, activeSide: 'A', phase: 'orders' },
    awaiting: [seal('A', 'A1'), seal('A', 'A2'), seal('B', 'B1')],
  },
];

describe('atomic-africa v2 play contract', () => {
  it('C-4 AA-4 AA-5 AA-8 AA-9 AA-11 Q-21 awaiting and progress at every step of a whole version 2 match', () => {
    const match = new Match(atomicAfricaV2);
    expect(atomicAfricaV2.progress(match.state)).toEqual({ turn: 0, activeSide: 'A', phase: 'setup' });
    expect(atomicAfricaV2.awaiting(match.state)).toEqual([]);
    STEPS.forEach((step, i) => {
      const events = match.run(step.command, step.dice);
      const at = `step ${i + 1}, ${step.command.type}`;
      expect({ at, events: events.map((e) => e.type) }).toEqual({ at, events: step.events });
      expect({ at, progress: atomicAfricaV2.progress(match.state) }).toEqual({ at, progress: step.progress });
      expect({ at, awaiting: atomicAfricaV2.awaiting(match.state) }).toEqual({ at, awaiting: step.awaiting });
      // Every awaited command has a route, so a client posts there.
      for (const awaited of atomicAfricaV2.awaiting(match.state)) {
        expect(atomicAfricaV2.routes[awaited.command as AtomicAfricaCommand['type']]).toEqual(
          expect.any(String),
        );
      }
    });
  });

  it('C-4 TurnEnded has hand-to-hand’s shape: the ended turn and side, then the new turn and side', () => {
    const match = new Match(atomicAfricaV2);
    STEPS.slice(0, 8).forEach((step) => match.run(step.command, step.dice));
    expect(match.events.filter((e) => e.type === 'TurnEnded').map((e) => e.data)).toEqual([
      { endedTurn: 1, endedSide: 'A', turn: 2, activeSide: 'B' },
      { endedTurn: 2, endedSide: 'B', turn: 3, activeSide: 'A' },
    ]);
  });

  it('AA-1 one card notation: the code in commands, events and state, the card as the hand shows it in the turn log; the object form is read and normalised', () => {
    const match = new Match(atomicAfricaV2);
    STEPS.slice(0, 8).forEach((step) => match.run(step.command, step.dice));
    match.run({ type: 'SealOrder', unitId: 'A1', turn: 3, card: { rank: '10', suit: 'hearts' } });
    match.run({ type: 'SealOrder', unitId: 'B1', turn: 3, card: 'JOKER-BLACK' });
    expect(match.events.filter((e) => e.type === 'OrderSealed').map((e) => e.data.card)).toEqual([
      '10H',
      'JOKER-BLACK',
    ]);
    expect(match.state.orders.A1?.card).toBe('10H');
    match.refuse({ type: 'SealOrder', unitId: 'A2', turn: 3, card: '11H' }, 'AA-1', 'invalid');
    match.refuse({ type: 'SealOrder', unitId: 'A2', turn: 3, card: '7s' }, 'AA-1', 'invalid');
    match.run({ type: 'DeclareIntent', unitId: 'A1', intent: 'fight' });
    match.run({ type: 'DeclareIntent', unitId: 'B1', intent: 'fight' });
    match.run({ type: 'RevealOrder', unitId: 'A1', card: '10H' });
    const revealed = match.last('OrderRevealed');
    expect(revealed.data.card).toBe('10H');
    const context = {
      rulesetId: 'atomic-africa',
      sides: { A: 'Legion', B: 'Askari' },
      units: {},
      turn: 3,
      activeSide: 'A' as const,
    };
    expect(atomicAfricaV2.describe(revealed, context).sentence).toContain('revealed: 10♥.');
  });

  it('AA-11 the turn log counts the dice that hit and shows no sum of faces', () => {
    const match = new Match(atomicAfricaV2);
    STEPS.forEach((step) => match.run(step.command, step.dice));
    const rolled = match.last('RangedAttackRolled');
    const context = {
      rulesetId: 'atomic-africa',
      sides: { A: 'Legion', B: 'Askari' },
      units: {},
      turn: 4,
      activeSide: 'B' as const,
    };
    const text = atomicAfricaV2.describe(rolled, context).sentence;
    expect(text).toContain('4D6 6 5 1 1');
    expect(text).toContain('2 hits');
    expect(text).not.toMatch(/=\s*13/);
  });

  it('AA-2 AA-5 given a card sealed by commitment, when the other side reads its turn-log line, then it reads a sealed card in words, with the digest last, for whoever checks the reveal', () => {
    const commitment = 'ab'.repeat(32);
    const sealed = {
      type: 'OrderSealed' as const,
      data: {
        unitId: 'B1',
        side: 'B' as const,
        turn: 3,
        sealedAs: 'commitment' as const,
        card: null,
        commitment,
      },
    };
    const context = {
      rulesetId: 'atomic-africa',
      sides: { A: 'Legion', B: 'Askari' },
      units: {},
      turn: 3,
      activeSide: 'A' as const,
    };
    const line = atomicAfricaV2.describe(atomicAfricaV2.viewEvent(sealed, { side: 'A' }), context);
    expect(line.sentence).toBe(
      'Turn 3: Askari sealed an orders card for the B1, hidden until it is revealed in close combat (commitment abababababab…).',
    );
    expect(line.ruleIds).toEqual(['AA-1', 'AA-2']);
  });
});
