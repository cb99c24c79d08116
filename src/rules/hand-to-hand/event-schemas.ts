import {
  arrayOf,
  bool,
  constant,
  DICE_ORIGIN_SCHEMA,
  DICE_ROLL_SCHEMA,
  either,
  int,
  type JsonSchema,
  nullable,
  num,
  object,
  oneOfWords,
  recordOf,
  ROSTER_ROW_MEMBERS,
  RULESET_REF_SCHEMA,
  type RulesetSchemas,
  SIDE_NAMES_SCHEMA,
  SIDE_SCHEMA,
  str,
  without,
} from '../common/json-schema.js';
import type { HandToHandEvent } from './events.js';
import { FAILURE_OUTCOMES } from './parameters.js';
import { ASPECTS, SLOPES, TEST_CAUSES } from './vocabulary.js';

/**
 * The shapes of what hand-to-hand records (events.ts) and shows (state.ts), for the API's document.
 * Typed by event type, so that an event added to the union without a schema does not compile.
 */

const ASPECT = oneOfWords(ASPECTS);
const REMOVAL_REASON = oneOfWords([
  'surrendered',
  'rout',
  'retreat-blocked',
  'break-blocked',
  'left-the-table',
  'failed-rally',
  'stuck-reform-surrender',
]);
const GIVE_GROUND_CAUSE = oneOfWords(['melee', 'shooting']);
const GIVE_GROUND_OUTCOME = oneOfWords(['reform', 'retreat', 'break']);
const IMPACT_BONUS = object({ value: int(), inTurn: int(), ruleId: str() });
const TURN_RESTRICTION = object({ inTurn: int(), ruleId: str() });
const RESTRICTION_ENTRY = object({
  restriction: oneOfWords(['attack', 'advance', 'fire', 'move']),
  inTurn: int(),
  ruleId: str(),
});

const PARAMETERS = object(
  {
    modifiers: object({
      charge: int(),
      flank: int(),
      rear: int(),
      uphill: int(),
      downhill: int(),
      victorious: int(),
      reformBonus: int(),
      retreatBonus: int(),
      repeatedImpact: int(),
    }),
    degreeOfFailure: arrayOf(
      object({ fromMargin: int(), toMargin: nullable(int()), outcome: oneOfWords(FAILURE_OUTCOMES) }),
      'HH-3: failure margins and what they give.',
    ),
    morale: object({ min: int(), max: int() }),
    stuckReformSurrenderCount: int(),
    options: object({ doublesAutoPass: bool(), willpowerDoublesAutoPass: bool() }),
  },
  [],
  'The full parameters, defaults merged with the overrides.',
);

const EVENT_DATA: Readonly<Record<HandToHandEvent['type'], JsonSchema>> = {
  MatchCreated: object({
    matchId: str(),
    sides: SIDE_NAMES_SCHEMA,
    diceMode: DICE_ORIGIN_SCHEMA,
    diceCommitment: nullable(str('C-2: SHA-256 of the server seed, published before any roll.')),
    parameters: PARAMETERS,
    ruleset: RULESET_REF_SCHEMA,
    turn: int(),
    activeSide: SIDE_SCHEMA,
  }),
  UnitRegistered: object({ unitId: str(), name: str(), side: SIDE_SCHEMA, morale: int(), move: num() }),
  ChargeDeclared: object({
    chargeId: str(),
    attackerId: str(),
    defenderId: str(),
    aspect: ASPECT,
    slope: oneOfWords(SLOPES),
    kind: oneOfWords(['charge', 'fight-back']),
    turn: int(),
  }),
  WillpowerTested: object({
    chargeId: str(),
    unitId: str(),
    roll: DICE_ROLL_SCHEMA,
    morale: int(),
    total: int(),
    passed: bool(),
    autoPassedOnDouble: bool('True when only the doubles rule (Q-4) made it pass.'),
  }),
  ChargeFaltered: object({ chargeId: str(), attackerId: str(), defenderId: str() }),
  ContactMade: object({
    chargeId: str(),
    attackerId: str(),
    defenderId: str(),
    aspect: ASPECT,
    turn: int(),
  }),
  DefenderSurrendered: object({ chargeId: str(), unitId: str(), contactAspects: arrayOf(ASPECT) }),
  AttackEndedWithoutImpact: object({
    chargeId: str(),
    attackerId: str(),
    defenderId: str(),
    reason: oneOfWords(['defender-surrendered', 'defender-removed', 'defender-left-contact']),
  }),
  ImpactRolled: object({
    chargeId: str(),
    attackerId: str(),
    defenderId: str(),
    roll: DICE_ROLL_SCHEMA,
    die: int(),
    modifiers: arrayOf(
      object({
        name: oneOfWords([
          'charge',
          'flank',
          'rear',
          'uphill',
          'downhill',
          'victorious',
          'reform bonus',
          'retreat bonus',
          'repeated impact',
        ]),
        value: int(),
        ruleId: str(),
      }),
    ),
    total: int('die + modifiers, before the Q-5 floor'),
    impact: int('max(0, total) (Q-5)'),
    repeat: bool('HH-11 / Q-12: a repeated impact after a stuck reform'),
  }),
  MoraleTested: object({
    unitId: str(),
    chargeId: nullable(str()),
    cause: oneOfWords(TEST_CAUSES),
    roll: DICE_ROLL_SCHEMA,
    baseMorale: int(),
    impact: nullable(int('melee: the impact subtracted (HH-8)')),
    penalty: nullable(int('shooting: the penalty subtracted (HH-18)')),
    effectiveMorale: int(),
    total: int(),
    passed: bool(),
    autoPassedOnDouble: bool(),
    margin: int('total − effective morale (HH-2)'),
    outcome: oneOfWords(['passed', ...FAILURE_OUTCOMES]),
  }),
  AttackerVictorious: object({ chargeId: str(), unitId: str(), inTurn: int() }),
  GroundGiven: object({
    unitId: str(),
    chargeId: nullable(str()),
    cause: GIVE_GROUND_CAUSE,
    outcome: GIVE_GROUND_OUTCOME,
    couldMove: bool(),
    leftTable: bool(),
    brokeContactWith: arrayOf(str()),
    disordered: bool(),
    broken: bool(),
    restrictions: arrayOf(RESTRICTION_ENTRY),
    impactBonusAgainst: nullable(IMPACT_BONUS),
  }),
  ReformStuck: object({ unitId: str(), chargeId: str(), count: int(), surrenders: bool() }),
  UnitRallied: object({ unitId: str(), restrictions: arrayOf(RESTRICTION_ENTRY) }),
  UnitWithdrew: object(
    {
      unitId: str(),
      leftTable: bool(),
      brokeContactWith: arrayOf(str()),
      restrictions: arrayOf(RESTRICTION_ENTRY, 'Q-19 (2.0.0). Absent from 1.0.0 events.'),
    },
    ['restrictions'],
  ),
  UnitRemoved: object({ unitId: str(), reason: REMOVAL_REASON, ruleId: str() }),
  TurnEnded: object({ endedTurn: int(), endedSide: SIDE_SCHEMA, turn: int(), activeSide: SIDE_SCHEMA }),
  RallyTestRequired: object({ unitId: str(), side: SIDE_SCHEMA, turn: int() }),
};

const UNIT = object({
  unitId: str(),
  name: str(),
  side: SIDE_SCHEMA,
  baseMorale: int(),
  move: num(),
  status: oneOfWords(['active', 'removed']),
  removedBecause: nullable(REMOVAL_REASON),
  disordered: bool(),
  broken: bool(),
  cannotAttack: nullable(TURN_RESTRICTION),
  cannotAdvance: nullable(TURN_RESTRICTION),
  cannotFire: nullable(TURN_RESTRICTION),
  cannotMove: nullable(TURN_RESTRICTION),
  impactBonusAgainst: nullable(IMPACT_BONUS),
  victoriousInTurn: nullable(int()),
  stuckReformCount: int(),
  contacts: arrayOf(object({ unitId: str(), aspect: ASPECT, sinceTurn: int() })),
});

const CHARGE = object(
  {
    chargeId: str(),
    attackerId: str(),
    defenderId: str(),
    aspect: ASPECT,
    slope: oneOfWords(SLOPES),
    kind: oneOfWords(['charge', 'fight-back']),
    status: oneOfWords(['declared', 'faltered', 'contact', 'struck', 'ended']),
    lastImpact: nullable(int()),
    victorious: bool('HH-17, from 2.0.0 only.'),
  },
  ['victorious'],
);

/** AwaitedStep: every variant's members in one closed shape (chargeId null for a rally test). */
const AWAITED_STEP = object(
  {
    step: oneOfWords(['impact-roll', 'morale-test', 'give-ground-report', 'rally-test']),
    unitId: str(),
    chargeId: nullable(str()),
    side: SIDE_SCHEMA,
    ruleId: str(),
    cause: GIVE_GROUND_CAUSE,
    outcome: GIVE_GROUND_OUTCOME,
  },
  ['cause', 'outcome'],
);

/** The state as every viewer sees it (hand-to-hand hides nothing): `created: false` before MatchCreated. */
const STATE_VIEW = either(
  object({ created: constant(false) }, [], 'Before MatchCreated.'),
  object(
    {
      created: constant(true),
      matchId: str(),
      ruleset: RULESET_REF_SCHEMA,
      parameters: PARAMETERS,
      sides: SIDE_NAMES_SCHEMA,
      diceMode: DICE_ORIGIN_SCHEMA,
      diceCommitment: nullable(str()),
      turn: int('C-4: counts player turns: 1 = A, 2 = B, 3 = A …'),
      activeSide: SIDE_SCHEMA,
      units: recordOf(UNIT, 'By unit id.'),
      charges: arrayOf(CHARGE, 'The attacks of the current melee phase, in declared order.'),
      awaiting: arrayOf(AWAITED_STEP),
    },
    [],
    'A created hand-to-hand match.',
  ),
);

export const HAND_TO_HAND_SCHEMAS: RulesetSchemas<HandToHandEvent['type']> = {
  eventData: EVENT_DATA,
  stateView: STATE_VIEW,
  parameters: PARAMETERS,
  rosterDetail: without(UNIT, ROSTER_ROW_MEMBERS),
};
