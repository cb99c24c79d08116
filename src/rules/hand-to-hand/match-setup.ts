import { refuseFields, rulesetRef, SIDES, violation } from '../common/index.js';
import type { CreateMatch, RegisterUnit } from './commands.js';
import type { HandToHandEvent } from './events.js';
import { isRecord } from '../common/is-record.js';
import { requireOneOf, requireText } from './input.js';
import { resolveParameters } from './parameters.js';
import { findUnit, type HandToHandState, type MatchState } from './state.js';

export const HAND_TO_HAND_ID = 'hand-to-hand';
/** The first version. Its edition and the later ones are in edition.ts. */
export const HAND_TO_HAND_VERSION = '1.0.0';

const SHA256_HEX = /^[0-9a-f]{64}$/;

/** C-3: the match records the version it is created under, and keeps it for life. */
export function decideCreateMatch(
  state: HandToHandState,
  command: CreateMatch,
  version: string,
): HandToHandEvent[] {
  if (state.created) violation('C-4', `match ${state.matchId} has already been created`);
  const matchId = requireText(command.matchId, 'matchId');
  const sides: unknown = command.sides;
  if (!isRecord(sides)) violation('C-6', 'sides must name side A and side B', 'invalid');
  const names = { A: requireText(sides.A, 'sides.A'), B: requireText(sides.B, 'sides.B') };
  const diceMode = requireOneOf(command.diceMode, 'diceMode', ['server', 'table'] as const, 'C-1');
  let diceCommitment: string | null = null;
  if (command.diceCommitment !== undefined) {
    // C-2: the commitment is SHA-256(serverSeed); table dice have no server seed to commit to.
    if (diceMode !== 'server') violation('C-2', 'diceCommitment is only for server dice', 'invalid');
    if (typeof command.diceCommitment !== 'string' || !SHA256_HEX.test(command.diceCommitment)) {
      violation('C-2', 'diceCommitment must be a SHA-256 digest in 64 lowercase hex digits', 'invalid');
    }
    diceCommitment = command.diceCommitment;
  }
  const parameters = resolveParameters(command.parameters);
  return [
    {
      type: 'MatchCreated',
      data: {
        matchId,
        sides: names,
        diceMode,
        diceCommitment,
        parameters,
        ruleset: rulesetRef(HAND_TO_HAND_ID, version, parameters),
        // C-4: side A opens.
        turn: 1,
        activeSide: 'A',
      },
    },
  ];
}

export function decideRegisterUnit(state: MatchState, command: RegisterUnit): HandToHandEvent[] {
  refuseFields(
    command,
    ['unitType', 'movement', 'firepower'],
    'a hand-to-hand unit (it has morale and move)',
  );
  const unitId = requireText(command.unitId, 'unitId');
  const name = requireText(command.name, 'name');
  const side = requireOneOf(command.side, 'side', SIDES);
  const { min, max } = state.parameters.morale;
  // HH-1
  if (
    typeof command.morale !== 'number' ||
    !Number.isInteger(command.morale) ||
    command.morale < min ||
    command.morale > max
  ) {
    violation(
      'HH-1',
      `morale: the morale of ${name} must be a whole number from ${min} to ${max}; got ${JSON.stringify(command.morale) ?? 'nothing'}`,
      'invalid',
    );
  }
  if (typeof command.move !== 'number' || !Number.isFinite(command.move) || command.move <= 0) {
    violation(
      'C-6',
      `move: the move of ${name} must be a distance greater than 0; got ${JSON.stringify(command.move) ?? 'nothing'}`,
      'invalid',
    );
  }
  if (findUnit(state, unitId) !== undefined)
    violation('C-6', `unitId ${unitId} is already registered in this match`);
  return [
    { type: 'UnitRegistered', data: { unitId, name, side, morale: command.morale, move: command.move } },
  ];
}
