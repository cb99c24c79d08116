import type { CommandDeclaration } from '../common/command-declaration.js';
import { tableDice } from '../common/command-declaration.js';
import { type JsonSchema, oneOfWords } from '../common/json-schema.js';
import { SIDES } from '../common/sides.js';
import { JOKER_COLOURS, RANKS, SUITS } from './cards.js';
import { UNIT_TYPES } from './units.js';

/** Unit ids: keys of JSON records and parts of commitments, in the alphabet of UNIT_ID (units.ts). */
function id(field: string, example: string, description?: string): JsonSchema {
  return {
    type: 'string',
    pattern: '^[A-Za-z0-9][A-Za-z0-9_.:-]{0,63}$',
    refusal: `${field} must be 1–64 letters, digits, _ . : or -`,
    ...(description !== undefined ? { description } : {}),
    example,
  };
}

const CARD_REFUSAL =
  'card must be a card code: rank A, 2–10, J, Q or K then suit C, D, H or S (7S, 10H, KC), or JOKER-RED / JOKER-BLACK';

/**
 * An orders card (AA-1): version 2 writes its code ('7S', '10H', 'KC', 'JOKER-RED'); the object form of
 * version 1 ({ rank, suit } or { joker }) is still read. decide() checks the card again (parseCard).
 */
function card(description: string): JsonSchema {
  return {
    oneOf: [
      { type: 'string', pattern: '^(?:(?:A|[2-9]|10|J|Q|K)[CDHS]|JOKER-(?:RED|BLACK))$', example: '7S' },
      {
        type: 'object',
        description: 'Version 1 form, still read: { rank, suit } or { joker }.',
        properties: {
          rank: oneOfWords(RANKS),
          suit: oneOfWords(SUITS),
          joker: oneOfWords(JOKER_COLOURS),
        },
        additionalProperties: false,
      },
    ],
    description,
    refusal: CARD_REFUSAL,
  };
}

const SALT = (description: string): JsonSchema => ({
  type: 'string',
  minLength: 1,
  maxLength: 256,
  description,
});

const SPECIAL_ACTION = (description: string, example: string): JsonSchema => ({
  type: 'string',
  pattern: '^[a-z]+(-[a-z]+)*$',
  refusal: 'specialAction must be a kebab-case name such as dig-in',
  description,
  example,
});

/** Version 2: a pursuit or a ranged attack reveals the unit's card when it is still sealed. */
const REVEAL_ON_THE_WAY =
  'Version 2, when the card is still sealed and you sealed a commitment: the card and salt (a card the service sealed is revealed for you). A face card announces its specialAction.';

/** The three fields of a reveal made on the way (a pursuit, a ranged attack), the same in both. */
const REVEALED_ON_THE_WAY: Record<string, JsonSchema> = {
  card: card(REVEAL_ON_THE_WAY),
  salt: SALT('The salt of your commitment, with card (version 2).'),
  specialAction: SPECIAL_ACTION(
    'Face cards (J, Q, K) only, with the reveal: the special action announced. A pursuit is part of the close combat (Q-31): only dig-in, mass-fire, rally, or sprint (light infantry only) (AA-7). A ranged attack is outside it: any kebab-case name.',
    'mass-fire',
  ),
};

/**
 * Faces entered at the table (C-1). No fixed cap: the rules ask for as many dice as the unit's
 * firepower and Mass Fire call for, and refuse any other count (the body limits still apply).
 */
const ATTACK_DICE = tableDice(
  'Table-dice matches only: the faces rolled, as many as the attack needs (firepower, doubled by Mass Fire). Omit with server dice.',
  [3, 4],
);

const COMMAND_ID_EXAMPLE = 'c0a8e7d2-1f4b-4c1e-9d55-2b7c1a0e9f31';

function closed(properties: Record<string, JsonSchema>, required: readonly string[]): JsonSchema {
  return { type: 'object', properties, required, additionalProperties: false };
}

/** The commands of atomic-africa over HTTP: POST /matches/{id}/{segment}, each a player's. */
export const DECLARED_COMMANDS: readonly CommandDeclaration[] = [
  {
    type: 'RegisterUnit',
    segment: 'units',
    operation: 'registerUnit',
    bodyName: 'RegisterUnit',
    roles: ['organiser', 'judge', 'player'],
    addsUnit: true,
    summary: 'Register a unit (organiser, judge, or the player of its side).',
    body: closed(
      {
        unitId: id('unitId', 'askari-1'),
        name: { type: 'string', minLength: 1, maxLength: 80, example: 'Askari company' },
        side: { type: 'string', enum: [...SIDES] },
        unitType: oneOfWords(UNIT_TYPES, 'the unit type (AA-3).'),
        movement: {
          type: 'number',
          minimum: 0,
          exclusiveMinimum: true,
          description: 'movement in inches.',
          example: 6,
        },
        firepower: {
          type: 'integer',
          minimum: 0,
          description: 'firepower, dice per attack (AA-11).',
          example: 3,
        },
      },
      ['unitId', 'name', 'side'],
    ),
    example: {
      commandId: COMMAND_ID_EXAMPLE,
      unitId: 'askari-1',
      name: 'Askari company',
      side: 'A',
      unitType: 'light-infantry',
      movement: 6,
      firepower: 3,
    },
  },
  {
    type: 'ReportContact',
    segment: 'contacts',
    operation: 'contact',
    bodyName: 'Contact',
    roles: ['player'],
    summary:
      'Report base-to-base contact between opposing infantry (AA-3); they begin the next turn in close combat.',
    body: closed({ unitId: id('unitId', 'askari-1'), enemyId: id('enemyId', 'legion-2') }, [
      'unitId',
      'enemyId',
    ]),
    example: { commandId: COMMAND_ID_EXAMPLE, unitId: 'askari-1', enemyId: 'legion-2' },
  },
  {
    type: 'SealOrder',
    segment: 'orders',
    operation: 'seal',
    bodyName: 'SealOrder',
    roles: ['player'],
    summary:
      'Seal a unit’s orders card for this turn, as the card (its code, e.g. 7S) or as a commitment (AA-1, AA-2); version 2: before the turn’s first activation (Q-21).',
    body: closed(
      {
        unitId: id('unitId', 'askari-1'),
        turn: { type: 'integer', minimum: 1, description: 'The current turn.', example: 2 },
        card: card(
          'The card itself: the service seals it as a commitment with a secret salt, keeps the card encrypted for your side, and reveals it for you (AA-2).',
        ),
        commitment: {
          type: 'string',
          pattern: '^[0-9a-fA-F]{64}$',
          refusal: 'commitment must be 64 hex digits',
          description:
            'Instead of the card: hex SHA-256 of "CODE|unitId|turn|salt" (CODE e.g. 7S, 10H, QC, JOKER-RED); the service never sees the card before the reveal. The example commits 7S for askari-1 in turn 2 with the salt my-own-salt.',
          example: '5e1bfdee06fbe8e577a67a7fcca4584a68e8f8852898efebf846c8254d9c3a7f',
        },
      },
      ['unitId', 'turn'],
    ),
    example: {
      commandId: COMMAND_ID_EXAMPLE,
      unitId: 'askari-1',
      turn: 2,
      card: '7S',
      commitment: '5e1bfdee06fbe8e577a67a7fcca4584a68e8f8852898efebf846c8254d9c3a7f',
    },
  },
  {
    type: 'DeclareIntent',
    segment: 'intents',
    operation: 'intent',
    bodyName: 'Intent',
    roles: ['player'],
    summary: 'Declare fight or flee for a unit in close combat: the activating side first (AA-4).',
    body: closed(
      {
        unitId: id('unitId', 'askari-1'),
        intent: oneOfWords(['fight', 'flee']),
        opponentId: {
          ...id('opponentId', 'legion-2'),
          description: 'The enemy to fight, when the unit is in close combat with several.',
        },
      },
      ['unitId', 'intent'],
    ),
    example: { commandId: COMMAND_ID_EXAMPLE, unitId: 'askari-1', intent: 'fight', opponentId: 'legion-2' },
  },
  {
    type: 'RevealOrder',
    segment: 'reveals',
    operation: 'reveal',
    bodyName: 'Reveal',
    roles: ['player'],
    summary:
      'Reveal a unit’s orders card, after both declarations (AA-5); face cards announce a special action (AA-7).',
    body: closed(
      {
        unitId: id('unitId', 'askari-1'),
        card: card('Required when you sealed a commitment; optional when the service sealed your card.'),
        salt: SALT('The salt of your commitment.'),
        specialAction: SPECIAL_ACTION(
          'Face cards (J, Q, K) only: the special action announced (AA-1). In close combat only dig-in, mass-fire, rally, or sprint (light infantry only) (AA-7); outside close combat any kebab-case name.',
          'dig-in',
        ),
      },
      ['unitId'],
    ),
    example: {
      commandId: COMMAND_ID_EXAMPLE,
      unitId: 'askari-1',
      card: '7S',
      salt: 'text',
      specialAction: 'dig-in',
    },
  },
  {
    type: 'Pursue',
    segment: 'pursuits',
    operation: 'pursue',
    bodyName: 'Pursuit',
    roles: ['player'],
    summary:
      'Pursue (or not) a unit whose flee stands (AA-9). Version 2: offered to every enemy in contact; pursuing reveals the card, declining reveals nothing (Q-23); a face card revealed to pursue announces a close-combat special action (Q-31).',
    body: closed(
      {
        unitId: id('unitId', 'legion-2'),
        pursue: {
          type: 'boolean',
          description:
            'Whether the unit pursues the fleeing enemy (AA-9). Version 2 (Q-23): pursuing reveals your card if still sealed; declining reveals nothing.',
        },
        ...REVEALED_ON_THE_WAY,
      },
      ['unitId', 'pursue'],
    ),
    example: {
      commandId: COMMAND_ID_EXAMPLE,
      unitId: 'legion-2',
      pursue: true,
      card: '7S',
      salt: 'text',
      specialAction: 'mass-fire',
    },
  },
  {
    type: 'ReportBreakOff',
    segment: 'break-offs',
    operation: 'breakOff',
    bodyName: 'BreakOff',
    roles: ['player'],
    summary: 'A fleeing unit places its Destination and In-transit figures (AA-8).',
    body: closed(
      {
        unitId: id('unitId', 'askari-1'),
        destination: {
          type: 'string',
          minLength: 1,
          maxLength: 200,
          description: 'Where the Destination figure stands (AA-8).',
          example: 'behind the kopje',
        },
        inTransit: {
          type: 'string',
          minLength: 1,
          maxLength: 200,
          description: 'Where the In-transit figure stands (AA-8).',
          example: 'halfway to the kopje',
        },
        rangeInches: {
          type: 'number',
          minimum: 0,
          description:
            'Range in inches between the In-transit figures (AA-10): required when the opponent attacks, refused when it broke off too (Q-15). Beyond the last range band its attack is forgone (AA-11).',
          example: 7,
        },
      },
      ['unitId', 'destination', 'inTransit'],
    ),
    example: {
      commandId: COMMAND_ID_EXAMPLE,
      unitId: 'askari-1',
      destination: 'behind the kopje',
      inTransit: 'halfway to the kopje',
      rangeInches: 7,
    },
  },
  {
    type: 'ResolveCloseCombat',
    segment: 'close-combat-attacks',
    operation: 'closeCombatAttack',
    bodyName: 'CloseCombatAttack',
    roles: ['player'],
    summary: 'A fighting unit attacks its opponent by the ranged-attack stand-in (AA-10, AA-11).',
    body: closed({ dice: ATTACK_DICE, unitId: id('unitId', 'askari-1', 'The attacking unit (yours).') }, [
      'unitId',
    ]),
    example: { commandId: COMMAND_ID_EXAMPLE, dice: [3, 4], unitId: 'askari-1' },
  },
  {
    type: 'RangedAttack',
    segment: 'ranged-attacks',
    operation: 'rangedAttack',
    bodyName: 'RangedAttack',
    roles: ['player'],
    summary:
      'A ranged attack (AA-11); never at a unit in close combat from outside it (AA-12). Version 2: an activation, revealing the attacker’s card (Q-24). Version 2.1: neither attacker nor target may be in base contact with an enemy, whenever the contact began (Q-27); a unit whose flee stood touches nobody but its catchers (Q-26).',
    body: closed(
      {
        dice: ATTACK_DICE,
        attackerId: id('attackerId', 'askari-1'),
        targetId: id('targetId', 'legion-2'),
        rangeInches: {
          type: 'number',
          minimum: 0,
          description:
            'Range in inches (AA-11 range bands: threshold 1 up to 6, 2 up to 12, 3 up to 24 by default; no attack beyond the last band).',
          example: 10,
        },
        ...REVEALED_ON_THE_WAY,
      },
      ['attackerId', 'targetId', 'rangeInches'],
    ),
    example: {
      commandId: COMMAND_ID_EXAMPLE,
      dice: [3, 4],
      attackerId: 'askari-1',
      targetId: 'legion-2',
      rangeInches: 10,
      card: '7S',
      salt: 'text',
      specialAction: 'mass-fire',
    },
  },
];
