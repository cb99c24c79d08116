import { TableDice } from '../../../src/rules/common/index.js';
import {
  handToHandV2,
  type HandToHandCommand,
  type HandToHandEvent,
  type HandToHandState,
} from '../../../src/rules/hand-to-hand/index.js';
import type { AwaitedInput, MatchProgress } from '../../../src/rules/common/index.js';
import {
  charge,
  createMatch,
  endTurn,
  giveGround,
  meleeTest,
  rallyTest,
  registerUnit,
  rollImpact,
  WILL_PASS,
} from './fixtures.js';
import { spec } from '../../support/decider-spec.js';
import { chargeFaltered, matchCreated, unitRegistered } from '../../support/given-events/hand-to-hand.js';

/**
 * The play contract of version 2.0.0 at every step of one whole match, played from CreateMatch through
 * the ruleset itself: what is awaited (the command that answers it, from which side, for which unit,
 * under which rule; its route in `routes`) and where the match stands (turn, side, phase).
 */
type Step = [
  command: HandToHandCommand,
  faces: number[],
  awaiting: AwaitedInput[],
  progress: [turn: number, side: 'A' | 'B', phase: string],
];

const { decider } = handToHandV2;
/** An awaited step; `chargeId`: the charge it belongs to (none for a rally test). */
const awaits = (
  command: string,
  side: 'A' | 'B',
  unitId: string,
  ruleId: string,
  chargeId?: string,
): AwaitedInput => ({
  command,
  side,
  unitId,
  ruleId,
  ...(chargeId !== undefined ? { combat: { kind: 'charge', chargeId } } : {}),
});

const MATCH: Step[] = [
  [createMatch(), [], [], [1, 'A', 'play']],
  [registerUnit('Z1', 'A', 8), [], [], [1, 'A', 'play']],
  [registerUnit('Z2', 'A', 8), [], [], [1, 'A', 'play']],
  [registerUnit('N1', 'B', 7), [], [], [1, 'A', 'play']],
  [registerUnit('N2', 'B', 7), [], [], [1, 'A', 'play']],
  // the declarations, each willpower test rolled as declared; the first impact roll is awaited
  [
    charge('C1', 'Z1', 'N1'),
    WILL_PASS,
    [awaits('RollImpact', 'A', 'Z1', 'Q-17', 'C1')],
    [1, 'A', 'melee-declaring'],
  ],
  [
    charge('C2', 'Z2', 'N2'),
    WILL_PASS,
    [awaits('RollImpact', 'A', 'Z1', 'Q-17', 'C1')],
    [1, 'A', 'melee-declaring'],
  ],
  // impact 3 + 1 = 4: N1 tests against 3, rolls 7, Reform; it gives ground half a move
  [rollImpact('C1'), [3], [awaits('TakeMoraleTest', 'B', 'N1', 'HH-8', 'C1')], [1, 'A', 'melee-resolving']],
  [
    meleeTest('N1'),
    [3, 4],
    [awaits('ReportGiveGround', 'B', 'N1', 'HH-11', 'C1')],
    [1, 'A', 'melee-resolving'],
  ],
  [giveGround('N1', true), [], [awaits('RollImpact', 'A', 'Z2', 'HH-7', 'C2')], [1, 'A', 'melee-resolving']],
  // impact 1 + 1 = 2: N2 tests against 5 and holds
  [rollImpact('C2'), [1], [awaits('TakeMoraleTest', 'B', 'N2', 'HH-8', 'C2')], [1, 'A', 'melee-resolving']],
  [meleeTest('N2'), [1, 2], [], [1, 'A', 'melee-resolving']],
  [endTurn, [], [], [2, 'B', 'play']],
  // HH-10: N2 fights back against Z2, the enemy to its front (no willpower test, no charge +1)
  [
    charge('C3', 'N2', 'Z2'),
    [],
    [awaits('RollImpact', 'B', 'N2', 'Q-17', 'C3')],
    [2, 'B', 'melee-declaring'],
  ],
  // impact 5: Z2 tests against 3, rolls 11, Break; it flees
  [rollImpact('C3'), [5], [awaits('TakeMoraleTest', 'A', 'Z2', 'HH-8', 'C3')], [2, 'B', 'melee-resolving']],
  [
    meleeTest('Z2'),
    [5, 6],
    [awaits('ReportGiveGround', 'A', 'Z2', 'HH-13', 'C3')],
    [2, 'B', 'melee-resolving'],
  ],
  [giveGround('Z2', true), [], [], [2, 'B', 'melee-resolving']],
  // HH-13: side A's turn opens with Z2's rally test
  [endTurn, [], [awaits('TakeMoraleTest', 'A', 'Z2', 'HH-13')], [3, 'A', 'play']],
  [rallyTest('Z2'), [1, 2], [], [3, 'A', 'play']],
  [endTurn, [], [], [4, 'B', 'play']],
];

function decide(state: HandToHandState, command: HandToHandCommand, faces: number[]): HandToHandEvent[] {
  const dice = new TableDice(faces);
  const events = decider.decide(state, command, dice);
  dice.assertAllUsed();
  return events;
}

describe('hand-to-hand 2.0.0: the play contract at every step of a match', () => {
  it('Q-17 HH-7 HH-8 HH-11 HH-13 C-4 awaiting and progress after each command of a whole match', () => {
    let state = decider.initialState();
    expect(handToHandV2.awaiting(state)).toEqual([]);
    expect(handToHandV2.progress(state)).toEqual({ turn: 0, activeSide: 'A', phase: 'setup' });
    for (const [command, faces, awaiting, [turn, activeSide, phase]] of MATCH) {
      for (const event of decide(state, command, faces)) state = decider.evolve(state, event);
      const where = `after ${command.type}`;
      expect({ where, awaiting: handToHandV2.awaiting(state) }).toEqual({ where, awaiting });
      expect({ where, progress: handToHandV2.progress(state) }).toEqual({
        where,
        progress: { turn, activeSide, phase } satisfies MatchProgress,
      });
      // a client reads the awaited command and posts to its route
      for (const awaited of awaiting) {
        expect(handToHandV2.routes[awaited.command as HandToHandCommand['type']]).toMatch(/^[a-z-]+$/);
      }
    }
    expect(state.created && state.ruleset.version).toBe('2.0.0');
  });

  it('Q-17 HH-5 with every declared charge faltered nothing is awaited, and the side may declare more', () => {
    // given the match of MATCH, created under 2.0.0 with its four units
    const units = [
      matchCreated(undefined, '2.0.0'),
      unitRegistered('Z1', 'A', 8),
      unitRegistered('Z2', 'A', 8),
      unitRegistered('N1', 'B', 7),
      unitRegistered('N2', 'B', 7),
    ];
    const v2 = spec(handToHandV2);
    v2.given(units)
      .when(charge('C1', 'Z1', 'N1'), [5, 6])
      .then((events, after) => {
        expect(handToHandV2.awaiting(after)).toEqual([]);
        expect(handToHandV2.progress(after).phase).toBe('melee-declaring');
      });
    v2.given([...units, ...chargeFaltered('C1', 'Z1', 'N1')])
      .when(charge('C2', 'Z2', 'N2'), WILL_PASS)
      .then((events, after) =>
        expect(handToHandV2.awaiting(after)).toEqual([awaits('RollImpact', 'A', 'Z2', 'Q-17', 'C2')]),
      );
  });
});
