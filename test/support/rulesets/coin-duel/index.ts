import type { CommandDeclaration } from '../../../../src/rules/common/command-declaration.js';
import type { DiceRoll, DiceSource } from '../../../../src/rules/common/dice.js';
import {
  DICE_ROLL_SCHEMA,
  int,
  object,
  oneOfWords,
  SIDE_NAMES_SCHEMA,
  SIDE_SCHEMA,
  str,
  nullable,
  RULESET_REF_SCHEMA,
  bool,
  type JsonSchema,
} from '../../../../src/rules/common/json-schema.js';
import type { TemplateDraft } from '../../../../src/rules/common/play-contract.js';
import { rulesetRef, type RulesetRef } from '../../../../src/rules/common/ruleset-ref.js';
import { violation } from '../../../../src/rules/common/rule-violation.js';
import { type Side, SIDES } from '../../../../src/rules/common/sides.js';
import { line, namesAfter, setup } from '../../../../src/rules/common/turn-log.js';
import type { AnyRuleset } from '../../../../src/rulesets/registry.js';
import type { Ruleset } from '../../../../src/rules/ruleset.js';

/*
 * A coin duel, made for the tests: a ruleset in one folder, to show that the service serves, checks,
 * documents, plays and verifies a ruleset it was not built with. Two sides take turns (CD-1); the
 * side to play calls high or low and rolls one die: 4 to 6 is high (CD-2); a right call scores a
 * point, and the first side to reach the points to win wins the duel (CD-3).
 */

export const COIN_DUEL_ID = 'coin-duel';

type Call = 'high' | 'low';
const CALLS: readonly Call[] = ['high', 'low'];

interface Parameters {
  pointsToWin: number;
}

interface Created {
  matchId: string;
  sides: Record<Side, string>;
  diceMode: 'server' | 'table';
  diceCommitment: string | null;
  parameters: Parameters;
  ruleset: RulesetRef;
  turn: number;
  activeSide: Side;
}

type CoinDuelEvent =
  | { type: 'MatchCreated'; data: Created }
  | {
      type: 'CoinTossed';
      data: {
        side: Side;
        call: Call;
        roll: DiceRoll;
        came: Call;
        scored: boolean;
        points: Record<Side, number>;
      };
    }
  | { type: 'DuelWon'; data: { winner: Side; points: Record<Side, number> } };

type CoinDuelCommand =
  | {
      type: 'CreateMatch';
      matchId: string;
      sides: Record<Side, string>;
      diceMode: 'server' | 'table';
      diceCommitment?: string;
      parameters?: Partial<Parameters>;
    }
  | { type: 'Toss'; call: Call };

interface State {
  created: Created | null;
  turn: number;
  activeSide: Side;
  points: Record<Side, number>;
  winner: Side | null;
}

const initialState = (): State => ({
  created: null,
  turn: 0,
  activeSide: 'A',
  points: { A: 0, B: 0 },
  winner: null,
});

const other = (side: Side): Side => (side === 'A' ? 'B' : 'A');

function decide(state: State, command: CoinDuelCommand, dice: DiceSource): CoinDuelEvent[] {
  switch (command.type) {
    case 'CreateMatch': {
      if (state.created) violation('C-4', 'the duel has already been created');
      const pointsToWin = command.parameters?.pointsToWin ?? 2;
      if (!Number.isInteger(pointsToWin) || pointsToWin < 1 || pointsToWin > 5) {
        violation('CD-3', 'pointsToWin must be a whole number from 1 to 5', 'invalid');
      }
      const parameters = { pointsToWin };
      return [
        {
          type: 'MatchCreated',
          data: {
            matchId: command.matchId,
            sides: { A: command.sides.A, B: command.sides.B },
            diceMode: command.diceMode,
            diceCommitment: command.diceCommitment ?? null,
            parameters,
            ruleset: rulesetRef(COIN_DUEL_ID, '1.0.0', parameters),
            turn: 1,
            activeSide: 'A',
          },
        },
      ];
    }
    case 'Toss': {
      if (!state.created) violation('C-4', 'the duel has not been created');
      if (state.winner !== null) violation('CD-3', 'the duel has been won');
      if (!CALLS.includes(command.call)) violation('CD-2', 'call must be high or low', 'invalid');
      const side = state.activeSide;
      const roll = dice.roll({ purpose: 'coin', count: 1, side });
      const came: Call = roll.faces[0]! >= 4 ? 'high' : 'low';
      const scored = came === command.call;
      const points = { ...state.points, [side]: state.points[side] + (scored ? 1 : 0) };
      const tossed: CoinDuelEvent = {
        type: 'CoinTossed',
        data: { side, call: command.call, roll, came, scored, points },
      };
      return points[side] >= state.created.parameters.pointsToWin
        ? [tossed, { type: 'DuelWon', data: { winner: side, points } }]
        : [tossed];
    }
    default:
      return violation('C-6', 'the coin duel takes no such command', 'invalid');
  }
}

function evolve(state: State, event: CoinDuelEvent): State {
  switch (event.type) {
    case 'MatchCreated':
      return { ...state, created: event.data, turn: 1, activeSide: 'A' };
    case 'CoinTossed': {
      // CD-1: the sides take turns, one toss each.
      const activeSide = other(event.data.side);
      return {
        ...state,
        points: event.data.points,
        activeSide,
        turn: activeSide === 'A' ? state.turn + 1 : state.turn,
      };
    }
    case 'DuelWon':
      return { ...state, winner: event.data.winner };
  }
}

const TOSS: CommandDeclaration = {
  type: 'Toss',
  segment: 'tosses',
  operation: 'toss',
  bodyName: 'Toss',
  roles: ['player'],
  summary: 'Call high or low and roll one die (CD-2).',
  body: {
    type: 'object',
    properties: {
      dice: {
        type: 'array',
        items: { type: 'integer', minimum: 1, maximum: 6 },
        maxItems: 1,
        description: 'Table dice only: the one face rolled.',
        example: [5],
      },
      call: oneOfWords(CALLS, 'high: 4 to 6; low: 1 to 3 (CD-2).'),
    },
    required: ['call'],
    additionalProperties: false,
  },
  example: { commandId: 'toss-1', dice: [5], call: 'high' },
};

function tossTemplate(state: State): TemplateDraft {
  const diceMode = state.created?.diceMode ?? 'table';
  return {
    action: 'toss',
    label: `Call and roll for ${state.created?.sides[state.activeSide] ?? state.activeSide}`,
    command: 'Toss',
    side: state.activeSide,
    body: {},
    choices: [
      {
        path: 'call',
        label: 'High or low?',
        kind: 'one-of',
        options: CALLS.map((call) => ({ value: call, label: call })),
      },
    ],
    dice: {
      source: diceMode,
      count: 1,
      sides: 6,
      purpose: 'coin',
      ruleId: 'CD-2',
      ...(diceMode === 'table' ? { path: 'dice' } : {}),
    },
    ruleId: 'CD-2',
  };
}

const POINTS_SCHEMA: JsonSchema = object({ A: int(), B: int() });
const PARAMETERS_SCHEMA: JsonSchema = object({ pointsToWin: int('Points a side needs to win (CD-3).') });

const coinDuelV1: Ruleset<State, CoinDuelCommand, CoinDuelEvent, Parameters> = {
  id: COIN_DUEL_ID,
  version: '1.0.0',
  defaultParameters: { pointsToWin: 2 },
  commandTypes: ['CreateMatch', 'Toss'],
  commands: [TOSS],
  routes: { Toss: 'tosses' },
  eventTypes: ['MatchCreated', 'CoinTossed', 'DuelWon'],
  decider: { initialState, decide, evolve },
  actingSide: (state, command) => (command.type === 'Toss' && state.created ? state.activeSide : undefined),
  prepare: (_state, command) => command,
  viewState: (state) => ({
    created: state.created !== null,
    sides: state.created?.sides ?? { A: 'side A', B: 'side B' },
    turn: state.turn,
    activeSide: state.activeSide,
    points: state.points,
    winner: state.winner,
  }),
  viewEvent: (event) => event,
  describe: (event, context) => {
    switch (event.type) {
      case 'MatchCreated':
        return setup(context, `${context.sides.A} and ${context.sides.B} meet in a coin duel.`, ['CD-1']);
      case 'CoinTossed':
        return line(
          context,
          `${context.sides[event.data.side]} called ${event.data.call}; it came ${event.data.came}.`,
          ['CD-2'],
          [event.data.roll],
        );
      case 'DuelWon':
        return line(context, `${context.sides[event.data.winner]} wins the duel.`, ['CD-3']);
    }
  },
  logContextAfter: (context, event) => {
    const named = namesAfter(context, event);
    if (event.type !== 'CoinTossed') return named;
    const activeSide = other(event.data.side);
    return { ...named, activeSide, turn: activeSide === 'A' ? named.turn + 1 : named.turn };
  },
  ruleIdOf: (event) => (event.type === 'CoinTossed' ? 'CD-2' : event.type === 'DuelWon' ? 'CD-3' : 'CD-1'),
  roster: () => [],
  awaiting: (state) =>
    state.created && state.winner === null
      ? [{ command: 'Toss', side: state.activeSide, ruleId: 'CD-2' }]
      : [],
  awaitedTemplates: (state) => (state.created && state.winner === null ? [tossTemplate(state)] : []),
  available: () => [],
  progress: (state) => ({
    turn: state.turn,
    activeSide: state.activeSide,
    phase: !state.created ? 'setup' : state.winner === null ? 'duel' : 'won',
  }),
  ruleTexts: {
    'CD-1': {
      title: 'Taking turns',
      text: 'The two sides take turns; each turn is one toss of the side to play.',
    },
    'CD-2': {
      title: 'A toss',
      text: 'The side to play calls high or low and rolls one die: 4 to 6 is high, 1 to 3 is low. A right call scores a point.',
    },
    'CD-3': {
      title: 'Winning',
      text: 'The first side to reach the points to win wins the duel; then nothing more is tossed.',
    },
  },
  schemas: {
    eventData: {
      MatchCreated: object({
        matchId: str(),
        sides: SIDE_NAMES_SCHEMA,
        diceMode: oneOfWords(['server', 'table']),
        diceCommitment: nullable(str()),
        parameters: PARAMETERS_SCHEMA,
        ruleset: RULESET_REF_SCHEMA,
        turn: int(),
        activeSide: SIDE_SCHEMA,
      }),
      CoinTossed: object({
        side: SIDE_SCHEMA,
        call: oneOfWords(CALLS),
        roll: DICE_ROLL_SCHEMA,
        came: oneOfWords(CALLS),
        scored: bool(),
        points: POINTS_SCHEMA,
      }),
      DuelWon: object({ winner: SIDE_SCHEMA, points: POINTS_SCHEMA }),
    },
    stateView: object({
      created: bool(),
      sides: SIDE_NAMES_SCHEMA,
      turn: int(),
      activeSide: SIDE_SCHEMA,
      points: POINTS_SCHEMA,
      winner: nullable(oneOfWords(SIDES)),
    }),
    parameters: PARAMETERS_SCHEMA,
    rosterDetail: object({}),
  },
};

/**
 * Every version of the coin duel, oldest first, widened as the registry widens its own (registry.ts
 * says why): what createApp's `rulesets` option takes.
 */
export const COIN_DUEL_VERSIONS = [coinDuelV1] as unknown as readonly AnyRuleset[];
