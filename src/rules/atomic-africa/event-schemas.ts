import {
  arrayOf,
  bool,
  constant,
  DICE_ROLL_SCHEMA,
  either,
  int,
  type JsonSchema,
  nullable,
  num,
  object,
  oneOfWords,
  pairOf,
  recordOf,
  ROSTER_ROW_MEMBERS,
  RULESET_REF_SCHEMA,
  type RulesetSchemas,
  SIDE_NAMES_SCHEMA,
  SIDE_SCHEMA,
  str,
  without,
} from '../common/json-schema.js';
import { JOKER_COLOURS, RANKS, SUITS } from './cards.js';
import type { AtomicAfricaEvent } from './events.js';
import { UNIT_TYPES } from './units.js';

/**
 * The shapes of what atomic-africa records (events.ts) and shows (views.ts), every version's, for the
 * API's document. Typed by event type, so that an event added to the union without a schema does not
 * compile.
 */

/** RecordedCard: an object under version 1, a code ('QH', 'JOKER-RED') under version 2. */
const CARD = either(
  object({ rank: oneOfWords(RANKS), suit: oneOfWords(SUITS) }, [], 'A suited card (version 1).'),
  object({ joker: oneOfWords(JOKER_COLOURS) }, [], 'A Joker (version 1).'),
  {
    type: 'string',
    pattern: '^(?:(A|[2-9]|10|J|Q|K)[CDHS]|JOKER-(RED|BLACK))$',
    description: 'A card code (version 2): AC, 2D … 10H, JS, QC, KH, JOKER-RED, JOKER-BLACK.',
  },
);
const UNIT_PAIR = pairOf(str(), "[side A's unit, side B's unit]");
const PURSUIT_OUTCOME = oneOfWords(['thwarted', 'escaped', 'not-pursued', 'cannot-move', 'no-card']);
const INTENT = oneOfWords(['fight', 'flee']);

const PARAMETERS = object(
  {
    rangedAttack: object({
      hitOn: int(),
      massFireDiceMultiplier: int(),
      digInHitModifier: int(),
      rangeBands: arrayOf(object({ upTo: num(), threshold: int() })),
    }),
    jokerPosture: oneOfWords(['none', 'by-colour']),
    sprintMultiplier: num(),
  },
  [],
  'The full parameters, defaults merged with the overrides.',
);

/** AttackOutcome, with who attacked whom. */
function attack(rangeInches: JsonSchema): JsonSchema {
  return object({
    attackerId: str(),
    targetId: str(),
    turn: int(),
    rangeInches,
    firepower: int(),
    massFire: bool(),
    targetDugIn: bool(),
    diceCount: int(),
    hitOn: int(),
    threshold: int(),
    roll: nullable(DICE_ROLL_SCHEMA),
    hits: int(),
    suppressed: bool(),
  });
}

const EVENT_DATA: Readonly<Record<AtomicAfricaEvent['type'], JsonSchema>> = {
  MatchCreated: object({
    matchId: str(),
    sides: SIDE_NAMES_SCHEMA,
    diceMode: oneOfWords(['server', 'table']),
    diceCommitment: nullable(str()),
    parameters: PARAMETERS,
    ruleset: RULESET_REF_SCHEMA,
    turn: int(),
    activeSide: SIDE_SCHEMA,
  }),
  UnitRegistered: object({
    unitId: str(),
    name: str(),
    side: SIDE_SCHEMA,
    unitType: oneOfWords(UNIT_TYPES),
    movement: num(),
    firepower: int(),
  }),
  ContactReported: object({ unitIds: UNIT_PAIR, turn: int() }),
  OrderSealed: object(
    {
      unitId: str(),
      side: SIDE_SCHEMA,
      turn: int(),
      sealedAs: oneOfWords(['card', 'commitment']),
      card: nullable(CARD),
      commitment: nullable(str()),
      escrow: str('Service-encrypted card and salt for the owning side.'),
      hidden: constant(true),
    },
    ['escrow', 'hidden'],
    'AA-2: `card` is null and `hidden` true for everyone but the owning side.',
  ),
  IntentDeclared: object({
    unitId: str(),
    side: SIDE_SCHEMA,
    turn: int(),
    role: oneOfWords(['activating', 'reacting']),
    intent: INTENT,
    opponentId: str(),
  }),
  OrderRevealed: object({
    unitId: str(),
    side: SIDE_SCHEMA,
    turn: int(),
    card: CARD,
    salt: nullable(str()),
    specialAction: nullable(str()),
  }),
  OrderClashed: object({
    unitId: str(),
    side: SIDE_SCHEMA,
    turn: int(),
    card: CARD,
    salt: nullable(str()),
    clashesWith: str(),
  }),
  FleeJudged: object(
    {
      unitId: str(),
      turn: int(),
      verdict: oneOfWords(['stands', 'refused']),
      allowsMovement: bool(),
      posture: oneOfWords(['defensive', 'offensive', 'none']),
      noCard: constant(true),
    },
    ['noCard'],
  ),
  PursuitDecided: object({
    unitId: str(),
    fleeingId: str(),
    turn: int(),
    pursue: bool(),
    pursuerMovement: nullable(num()),
    fleeingMovement: num(),
    outcome: PURSUIT_OUTCOME,
  }),
  BreakOffReported: object({
    unitId: str(),
    turn: int(),
    destination: str(),
    inTransit: str(),
    rangeInches: nullable(num()),
  }),
  CloseCombatAttackRolled: attack(nullable(num())),
  CloseCombatAttackForgone: object({
    attackerId: str(),
    targetId: str(),
    turn: int(),
    rangeInches: num(),
    reason: oneOfWords(['beyond-range', 'target-in-close-combat']),
  }),
  CloseCombatEnded: object(
    {
      unitIds: UNIT_PAIR,
      turn: int(),
      inContact: bool(),
      escaped: arrayOf(str()),
      fled: arrayOf(object({ unitId: str(), caughtBy: arrayOf(str()) }), 'Version 2, Q-23.'),
    },
    ['fled'],
  ),
  RangedAttackRolled: attack(num()),
  TurnEnded: either(
    object({ turn: int(), nextTurn: int(), activeSide: SIDE_SCHEMA }, [], 'Version 1: `turn` ended.'),
    object(
      { endedTurn: int(), endedSide: SIDE_SCHEMA, turn: int(), activeSide: SIDE_SCHEMA },
      [],
      'Version 2: `turn` and `activeSide` are the new turn’s.',
    ),
  ),
  CloseCombatBegan: object({ unitIds: UNIT_PAIR, turn: int() }),
};

const COMBATANT = object({
  unitId: str(),
  side: SIDE_SCHEMA,
  intent: nullable(INTENT),
  flee: nullable(oneOfWords(['stands', 'refused'])),
  brokeOff: bool(),
  rangeInches: nullable(num()),
  attack: nullable(oneOfWords(['rolled', 'forgone'])),
});

const ORDER_VIEW = object(
  {
    unitId: str(),
    side: SIDE_SCHEMA,
    turn: int(),
    sealedAs: oneOfWords(['card', 'commitment']),
    card: nullable(CARD),
    commitment: nullable(str()),
    escrow: str(),
    revealed: bool(),
    salt: nullable(str()),
    specialAction: nullable(str()),
    clashedWith: str('Version 2, Q-25.'),
    hidden: bool('True when this viewer may not see the card yet (AA-2).'),
  },
  ['escrow', 'clashedWith'],
);

const ACTIVATION_VIEW = object(
  {
    turn: int(),
    activating: COMBATANT,
    reacting: COMBATANT,
    pursuit: nullable(object({ unitId: str(), outcome: PURSUIT_OUTCOME }, [], 'Version 1.')),
    pursuits: arrayOf(object({ pursuerId: str(), fleeingId: str(), outcome: PURSUIT_OUTCOME }), 'Version 2.'),
    awaiting: arrayOf(
      object(
        {
          step: oneOfWords(['declare', 'reveal', 'pursue', 'break-off', 'attack']),
          unitId: str(),
          side: SIDE_SCHEMA,
          rangeNeeded: bool(),
        },
        ['rangeNeeded'],
      ),
    ),
  },
  ['pursuits'],
);

const UNIT = object({
  unitId: str(),
  name: str(),
  side: SIDE_SCHEMA,
  unitType: oneOfWords(UNIT_TYPES),
  movement: num(),
  firepower: int(),
});

/** roster.ts: the unit's facts, and its contacts from the state. */
const ROSTER_DETAIL = object({
  ...without(UNIT, ROSTER_ROW_MEMBERS).properties,
  inContactWith: arrayOf(str(), 'AA-3: the units it is in base-to-base contact with.'),
  inCloseCombat: bool('In a close combat not yet resolved.'),
});

/** AtomicAfricaStateView: the state as one viewer may see it (AA-2). */
const STATE_VIEW = object(
  {
    match: nullable(
      object({
        matchId: str(),
        sides: SIDE_NAMES_SCHEMA,
        diceMode: oneOfWords(['server', 'table']),
        diceCommitment: nullable(str()),
        parameters: PARAMETERS,
        ruleset: RULESET_REF_SCHEMA,
      }),
    ),
    turn: int(),
    activeSide: SIDE_SCHEMA,
    units: recordOf(UNIT, 'By unit id.'),
    contacts: arrayOf(UNIT_PAIR),
    closeCombats: arrayOf(object({ unitIds: UNIT_PAIR, resolved: bool(), inContact: bool() })),
    orders: recordOf(ORDER_VIEW, "This turn's orders, by unit id."),
    activation: nullable(ACTIVATION_VIEW),
    activated: arrayOf(str(), 'Version 2: the active side’s units that have activated this turn.'),
  },
  ['activated'],
  'The atomic-africa state as this viewer may see it (`match` null before MatchCreated).',
);

export const ATOMIC_AFRICA_SCHEMAS: RulesetSchemas<AtomicAfricaEvent['type']> = {
  eventData: EVENT_DATA,
  stateView: STATE_VIEW,
  parameters: PARAMETERS,
  rosterDetail: ROSTER_DETAIL,
};
