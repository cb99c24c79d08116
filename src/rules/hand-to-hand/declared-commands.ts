import { type CommandDeclaration, SIDES, tableDice } from '../common/index.js';
import { type JsonSchema, oneOfWords } from '../common/json-schema.js';
import { ASPECTS, SLOPES, TEST_CAUSES } from './vocabulary.js';

/** Unit and charge ids: player-chosen record keys in a conservative alphabet. */
function id(field: string, example: string, description?: string): JsonSchema {
  return {
    type: 'string',
    pattern: '^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$',
    refusal: `${field} must be 1–64 letters, digits, _ . or -`,
    ...(description !== undefined ? { description } : {}),
    example,
  };
}

const COMMAND_ID_EXAMPLE = 'c0a8e7d2-1f4b-4c1e-9d55-2b7c1a0e9f31';

/**
 * The commands of hand-to-hand over HTTP: POST /matches/{id}/{segment}. Their fields' words are the
 * vocabulary's own (HH-4 aspects, Q-14 slopes, the morale test causes); decide() checks them again.
 */
export const DECLARED_COMMANDS: readonly CommandDeclaration[] = [
  {
    type: 'RegisterUnit',
    segment: 'units',
    operation: 'registerUnit',
    bodyName: 'RegisterUnit',
    roles: ['organiser', 'judge', 'player'],
    addsUnit: true,
    summary: 'Register a unit (organiser, judge, or the player of its side).',
    body: {
      type: 'object',
      properties: {
        unitId: id('unitId', 'impi-1'),
        name: { type: 'string', minLength: 1, maxLength: 80, example: 'uNokhenke impi' },
        side: { type: 'string', enum: [...SIDES] },
        morale: { type: 'integer', description: 'base morale, 6 to 10 (HH-1).', example: 8 },
        move: {
          type: 'number',
          minimum: 0,
          exclusiveMinimum: true,
          description: 'move distance in inches.',
          example: 6,
        },
      },
      required: ['unitId', 'name', 'side'],
      additionalProperties: false,
    },
    example: {
      commandId: COMMAND_ID_EXAMPLE,
      unitId: 'impi-1',
      name: 'uNokhenke impi',
      side: 'A',
      morale: 8,
      move: 6,
    },
  },
  {
    type: 'Charge',
    segment: 'charges',
    operation: 'charge',
    bodyName: 'Charge',
    roles: ['player'],
    defaultsToCommandId: 'chargeId',
    summary: 'Charge (HH-4, HH-5): declare, and roll the willpower test; a pass makes contact.',
    description:
      'A unit already in contact attacks the enemy to its front the same way (HH-10), with no willpower ' +
      'test and no charge +1 (Q-28): its table dice are then empty. From version 2.0.0 the active side ' +
      'declares all its attacks of the melee phase first; the first impact roll closes the declarations ' +
      'and judges surrender (Q-17, HH-9).',
    body: {
      type: 'object',
      properties: {
        dice: tableDice(
          'Table-dice matches only: the willpower test, two faces (HH-5); none when a unit already in contact attacks again (Q-28). Omit with server dice.',
          [3, 4],
          100,
        ),
        chargeId: id('chargeId', 'charge-1', 'Your id for the charge; the commandId when omitted.'),
        attackerId: id('attackerId', 'impi-1'),
        defenderId: id('defenderId', 'nnc-1'),
        aspect: oneOfWords(ASPECTS, 'Where the attacker contacts the defender (HH-4).'),
        slope: oneOfWords(SLOPES, 'The attacker’s position relative to the defender (Q-14).'),
      },
      required: ['attackerId', 'defenderId', 'aspect', 'slope'],
      additionalProperties: false,
    },
    example: {
      commandId: COMMAND_ID_EXAMPLE,
      dice: [3, 4],
      chargeId: 'charge-1',
      attackerId: 'impi-1',
      defenderId: 'nnc-1',
      aspect: 'front',
      slope: 'level',
    },
  },
  {
    type: 'RollImpact',
    segment: 'impact-rolls',
    operation: 'impact',
    bodyName: 'RollImpact',
    roles: ['player'],
    summary: 'The attacker’s impact roll (HH-7): 1D6 plus every modifier that applies.',
    description:
      'One die (table dice: one face). From version 2.0.0 the impacts follow the declared order; the first ' +
      'closes the declarations (Q-17), and an attack whose defender left contact first ends without an ' +
      'impact. From 2.1.0, when the surrender leaves no attack to strike, the awaited impact roll of the ' +
      'first declared attack records the surrender and the attacks that end and rolls no die: send no ' +
      'faces (Q-17).',
    body: {
      type: 'object',
      properties: {
        // HH-7: the impact is one die; the command closing the declarations when every defender
        // surrenders rolls none (Q-17, from 2.1.0), so its table dice are absent or empty.
        dice: tableDice(
          'Table-dice matches only: the impact die, one face (HH-7); none for the closing command that rolls no die (Q-17). Omit with server dice.',
          [4],
          100,
        ),
        chargeId: id('chargeId', 'charge-1'),
      },
      required: ['chargeId'],
      additionalProperties: false,
    },
    example: { commandId: COMMAND_ID_EXAMPLE, dice: [4], chargeId: 'charge-1' },
  },
  {
    type: 'TakeMoraleTest',
    segment: 'morale-tests',
    operation: 'moraleTest',
    bodyName: 'MoraleTest',
    roles: ['player'],
    summary:
      'A morale test (HH-2): the defender’s (HH-8), one caused by shooting (HH-18), or the rally after a Break (HH-13).',
    body: {
      type: 'object',
      properties: {
        dice: tableDice(
          'Table-dice matches only: the faces rolled, in the order the rules use them (C-1). Omit with server dice.',
          [3, 4],
          100,
        ),
        unitId: id(
          'unitId',
          'nnc-1',
          'The unit that tests (for a melee test, the defender the match awaits).',
        ),
        cause: oneOfWords(
          TEST_CAUSES,
          'melee: the defender’s test (HH-8); shooting (HH-18); rally: the Break follow-up (HH-13).',
        ),
        penalty: {
          type: 'integer',
          minimum: 0,
          description: 'Shooting only: the shooting’s morale penalty (HH-18).',
          example: 2,
        },
      },
      required: ['unitId', 'cause'],
      additionalProperties: false,
    },
    example: { commandId: COMMAND_ID_EXAMPLE, dice: [3, 4], unitId: 'nnc-1', cause: 'melee', penalty: 2 },
  },
  {
    type: 'ReportGiveGround',
    segment: 'give-ground-reports',
    operation: 'giveGround',
    bodyName: 'GiveGroundReport',
    roles: ['player'],
    summary:
      'Report whether a unit that must give ground could move, and whether it left the table (HH-11 to HH-15).',
    body: {
      type: 'object',
      properties: {
        unitId: id('unitId', 'nnc-1'),
        couldMove: {
          type: 'boolean',
          description: 'Could the unit move back as the outcome requires (HH-11 to HH-13)?',
        },
        leftTable: { type: 'boolean', description: 'Did that move take it off the table (HH-15)?' },
      },
      required: ['unitId', 'couldMove', 'leftTable'],
      additionalProperties: false,
    },
    example: { commandId: COMMAND_ID_EXAMPLE, unitId: 'nnc-1', couldMove: true, leftTable: true },
  },
  {
    type: 'Withdraw',
    segment: 'withdrawals',
    operation: 'withdraw',
    bodyName: 'Withdrawal',
    roles: ['player'],
    summary: 'Withdraw a unit from contact in its own movement (HH-15).',
    body: {
      type: 'object',
      properties: {
        unitId: id('unitId', 'impi-1'),
        leftTable: { type: 'boolean', description: 'Did the withdrawal take it off the table (HH-15)?' },
      },
      required: ['unitId', 'leftTable'],
      additionalProperties: false,
    },
    example: { commandId: COMMAND_ID_EXAMPLE, unitId: 'impi-1', leftTable: true },
  },
];
