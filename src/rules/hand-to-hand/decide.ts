import { assertNever, violation, type DiceSource } from '../common/index.js';
import { decideCharge } from './charge.js';
import { attacksEndingWithoutImpact, foldEvents } from './declarations.js';
import { editionOf, type HandToHandEdition } from './edition.js';
import { COMMAND_TYPES, type HandToHandCommand } from './commands.js';
import type { HandToHandEvent } from './events.js';
import { decideReportGiveGround } from './give-ground.js';
import { decideRollImpact } from './impact.js';
import { isRecord } from '../common/is-record.js';
import { decideCreateMatch, decideRegisterUnit } from './match-setup.js';
import { declarationsClosed, requireMatch, type HandToHandState } from './state.js';
import { decideTakeMoraleTest } from './take-morale-test.js';
import { decideEndTurn } from './turn.js';
import { decideWithdraw } from './withdraw.js';

/**
 * Pure: the same state, command and dice give the same events (C-3). A match created here records the
 * edition's version; every later command is decided by the edition the match recorded. A refused
 * command throws a RuleViolation before any event exists, so nothing is appended (C-6). Dice are asked for only when
 * the step needs them, in a fixed order: willpower, then nothing else in the same command; impact; test.
 */
export function decide(
  state: HandToHandState,
  command: HandToHandCommand,
  dice: DiceSource,
  edition: HandToHandEdition,
): HandToHandEvent[] {
  const events = decideCommand(state, command, dice, edition);
  if (!state.created || !editionOf(state).declareBeforeResolve) return events;
  // Only a melee phase under way has attacks to end (TurnEnded clears them, ChargeDeclared starts one).
  if (state.charges.length === 0 && !events.some((event) => event.type === 'ChargeDeclared')) return events;
  // an attack whose defender left contact by its turn ends without an impact, recorded at once.
  const after = foldEvents(state, events);
  return declarationsClosed(after) ? [...events, ...attacksEndingWithoutImpact(after)] : events;
}

function decideCommand(
  state: HandToHandState,
  command: HandToHandCommand,
  dice: DiceSource,
  edition: HandToHandEdition,
): HandToHandEvent[] {
  const raw: unknown = command;
  if (!isRecord(raw) || !COMMAND_TYPES.some((type) => type === raw.type)) {
    violation(
      'C-6',
      `unknown command type ${JSON.stringify(isRecord(raw) ? raw.type : raw) ?? 'nothing'}`,
      'invalid',
    );
  }
  if (command.type === 'CreateMatch') return decideCreateMatch(state, command, edition.version);
  const match = requireMatch(state);
  switch (command.type) {
    case 'RegisterUnit':
      return decideRegisterUnit(match, command);
    case 'Charge':
      return decideCharge(match, command, dice);
    case 'RollImpact':
      return decideRollImpact(match, command, dice);
    case 'TakeMoraleTest':
      return decideTakeMoraleTest(match, command, dice);
    case 'ReportGiveGround':
      return decideReportGiveGround(match, command);
    case 'Withdraw':
      return decideWithdraw(match, command);
    case 'EndTurn':
      return decideEndTurn(match);
    default:
      return assertNever(command, 'command');
  }
}
