import { refuseFields, violation } from '../common/rule-violation.js';
import { rulesetRef } from '../common/ruleset-ref.js';
import { isCommitment } from './commitment.js';
import type { CreateMatch, EndTurn, RegisterUnit, ReportContact } from './commands.js';
import type { AtomicAfricaEvent } from './events.js';
import { requireMatch, requireUnit } from './guards.js';
import { isRecord } from '../common/is-record.js';
import { fieldsOf, inches, oneOf, side, text } from './input.js';
import { resolveParameters } from './parameters.js';
import { editionOf, EDITION_1, type Edition } from './edition.js';
import { entry, type AtomicAfricaState } from './state.js';
import { isInfantry, UNIT_ID, UNIT_TYPES } from './units.js';
import { opponentOf } from '../common/sides.js';

export const RULESET_ID = 'atomic-africa';
/** Version 1's; every version is an edition (edition.ts), and new matches get the last. */
export const RULESET_VERSION = EDITION_1.version;

export function createMatch(
  state: AtomicAfricaState,
  command: CreateMatch,
  edition: Edition = EDITION_1,
): AtomicAfricaEvent[] {
  if (state.match) violation('C-4', 'the match is already created', 'conflict');
  const data = fieldsOf(command);
  const matchId = text(data.matchId, 'matchId', 'C-4');
  if (!isRecord(data.sides)) violation('C-4', 'sides must be { A, B } with the display names', 'invalid');
  const sides = { A: text(data.sides.A, 'sides.A', 'C-4'), B: text(data.sides.B, 'sides.B', 'C-4') };
  const diceMode = oneOf(['server', 'table'] as const, data.diceMode, 'diceMode', 'C-2');
  // C-2: server dice are provable only if the seed's hash is published before the first roll.
  let diceCommitment: string | null = null;
  if (diceMode === 'server') {
    if (!isCommitment(data.diceCommitment)) {
      violation(
        'C-2',
        'diceCommitment must be the hex SHA-256 of the server seed with server dice',
        'invalid',
      );
    }
    diceCommitment = data.diceCommitment.toLowerCase();
  } else if (data.diceCommitment !== undefined) {
    violation('C-2', 'diceCommitment belongs to server dice; table dice have none', 'invalid');
  }
  const parameters = resolveParameters(data.parameters);
  return [
    {
      type: 'MatchCreated',
      data: {
        matchId,
        sides,
        diceMode,
        diceCommitment,
        parameters,
        ruleset: rulesetRef(RULESET_ID, edition.version, parameters),
        turn: 1,
        activeSide: 'A',
      },
    },
  ];
}

/** AA-3. */
export function registerUnit(state: AtomicAfricaState, command: RegisterUnit): AtomicAfricaEvent[] {
  requireMatch(state);
  refuseFields(
    command,
    ['morale', 'move'],
    'an atomic-africa unit (it has unitType, movement and firepower)',
  );
  const data = fieldsOf(command);
  if (typeof data.unitId !== 'string' || !UNIT_ID.test(data.unitId)) {
    violation(
      'AA-3',
      'unitId must be 1–64 letters, digits, _ . : or -, starting with a letter or digit',
      'invalid',
    );
  }
  const unitId = data.unitId;
  if (entry(state.units, unitId)) violation('AA-3', `unit ${unitId} is already registered`, 'conflict');
  const movement = inches(data.movement, 'movement', 'AA-3');
  if (movement === 0) violation('AA-3', 'movement must be more than 0 inches', 'invalid');
  const { firepower } = data;
  if (typeof firepower !== 'number' || !Number.isInteger(firepower) || firepower < 0) {
    violation('AA-3', 'firepower must be a whole number, 0 or more', 'invalid');
  }
  return [
    {
      type: 'UnitRegistered',
      data: {
        unitId,
        name: text(data.name, 'name', 'AA-3'),
        side: side(data.side, 'side', 'AA-3'),
        unitType: oneOf(UNIT_TYPES, data.unitType, 'unitType', 'AA-3'),
        movement,
        firepower,
      },
    },
  ];
}

/** AA-3, AA-13: base contact between opposing infantry; a vehicle never enters close combat. */
export function reportContact(state: AtomicAfricaState, command: ReportContact): AtomicAfricaEvent[] {
  requireMatch(state);
  const data = fieldsOf(command);
  const unit = requireUnit(state, data.unitId, 'unitId');
  const enemy = requireUnit(state, data.enemyId, 'enemyId');
  if (unit.side === enemy.side) {
    violation(
      'AA-3',
      `units ${unit.unitId} and ${enemy.unitId} are on the same side; contact is with an enemy`,
      'invalid',
    );
  }
  for (const u of [unit, enemy]) {
    if (!isInfantry(u)) {
      violation('AA-3', `${u.name} is a vehicle, and vehicles never enter close combat (AA-13)`, 'invalid');
    }
  }
  const unitIds: [string, string] =
    unit.side === 'A' ? [unit.unitId, enemy.unitId] : [enemy.unitId, unit.unitId];
  if (state.contacts.some(([a, b]) => a === unitIds[0] && b === unitIds[1])) {
    violation('AA-3', `units ${unitIds[0]} and ${unitIds[1]} are already reported in contact`, 'conflict');
  }
  return [{ type: 'ContactReported', data: { unitIds, turn: state.turn } }];
}

/** C-4; AA-3: infantry still in base contact at the end of the turn begin the next in close combat. */
export function endTurn(state: AtomicAfricaState, _command: EndTurn): AtomicAfricaEvent[] {
  requireMatch(state);
  const activation = state.activation;
  if (activation) {
    violation(
      'C-4',
      `the close combat of ${activation.activating.unitId} and ${activation.reacting.unitId} is not resolved yet`,
      'conflict',
    );
  }
  const nextTurn = state.turn + 1;
  const activeSide = opponentOf(state.activeSide);
  return [
    editionOf(state).turnEndedShape === 'ended-and-next'
      ? {
          type: 'TurnEnded',
          data: { endedTurn: state.turn, endedSide: state.activeSide, turn: nextTurn, activeSide },
        }
      : { type: 'TurnEnded', data: { turn: state.turn, nextTurn, activeSide } },
    ...state.contacts.map((unitIds): AtomicAfricaEvent => ({
      type: 'CloseCombatBegan',
      data: { unitIds, turn: nextTurn },
    })),
  ];
}
