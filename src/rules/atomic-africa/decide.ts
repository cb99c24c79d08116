import { assertNever } from '../common/decider.js';
import type { DiceSource } from '../common/dice.js';
import { violation } from '../common/rule-violation.js';
import { progress } from './close-combat.js';
import type { AtomicAfricaCommand } from './commands.js';
import { resolveCloseCombat, declareIntent, pursue, reportBreakOff } from './decide-close-combat.js';
import { createMatch, endTurn, registerUnit, reportContact } from './decide-match.js';
import { revealOrder, sealOrder } from './decide-orders.js';
import { rangedAttack } from './decide-ranged.js';
import type { AtomicAfricaEvent } from './events.js';
import { editionOf, type Edition } from './edition.js';
import { evolve } from './evolve.js';
import type { AtomicAfricaState } from './state.js';

export const COMMAND_TYPES = [
  'CreateMatch',
  'RegisterUnit',
  'ReportContact',
  'SealOrder',
  'DeclareIntent',
  'RevealOrder',
  'Pursue',
  'ReportBreakOff',
  'ResolveCloseCombat',
  'RangedAttack',
  'EndTurn',
] as const satisfies readonly AtomicAfricaCommand['type'][];

function decideCommand(
  edition: Edition,
  state: AtomicAfricaState,
  command: AtomicAfricaCommand,
  dice: DiceSource,
): AtomicAfricaEvent[] {
  switch (command.type) {
    case 'CreateMatch':
      return createMatch(state, command, edition);
    case 'RegisterUnit':
      return registerUnit(state, command);
    case 'ReportContact':
      return reportContact(state, command);
    case 'SealOrder':
      return sealOrder(state, command);
    case 'DeclareIntent':
      return declareIntent(state, command);
    case 'RevealOrder':
      return revealOrder(state, command);
    case 'Pursue':
      return pursue(state, command);
    case 'ReportBreakOff':
      return reportBreakOff(state, command);
    case 'ResolveCloseCombat':
      return resolveCloseCombat(state, command, dice);
    case 'RangedAttack':
      return rangedAttack(state, command, dice);
    case 'EndTurn':
      return endTurn(state, command);
    default:
      return assertNever(command, 'atomic-africa command');
  }
}

/**
 * The decide() of one edition: it creates matches under its own version. Every other command is decided
 * by the edition the match was created under, which must be this one (a match keeps its version).
 *
 * The command's own events, then whatever the facts now decide without further input: flee verdicts
 * once both cards are out (AA-6), an attack forgone beyond range (AA-11), the end of the close combat.
 * All in the same append, so the log never stands still on something already decided.
 */
export function decideFor(edition: Edition) {
  return (state: AtomicAfricaState, command: AtomicAfricaCommand, dice: DiceSource): AtomicAfricaEvent[] => {
    if (state.match && editionOf(state) !== edition) {
      throw new Error(
        `a match of atomic-africa ${state.match.ruleset.version} is decided by that version, not ${edition.version}`,
      );
    }
    return decide(edition, state, command, dice);
  };
}

function decide(
  edition: Edition,
  state: AtomicAfricaState,
  command: AtomicAfricaCommand,
  dice: DiceSource,
): AtomicAfricaEvent[] {
  if (
    typeof command !== 'object' ||
    command === null ||
    !(COMMAND_TYPES as readonly unknown[]).includes(command.type)
  ) {
    violation('C-6', `type must be one of ${COMMAND_TYPES.join(', ')}`, 'invalid');
  }
  const events = decideCommand(edition, state, command, dice);
  let current = events.reduce(evolve, state);
  for (let next = progress(current); next.kind === 'automatic'; next = progress(current)) {
    events.push(next.event);
    current = evolve(current, next.event);
  }
  return events;
}
