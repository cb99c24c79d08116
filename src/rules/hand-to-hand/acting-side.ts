import { assertNever, type Side, SIDES } from '../common/index.js';
import type { HandToHandCommand } from './commands.js';
import { findCharge, findUnit, type HandToHandState } from './state.js';

/**
 * Which side must issue the command; undefined when either may, or when the command names nothing the
 * match knows (decide then refuses it with the rule that explains why).
 */
export function actingSide(state: HandToHandState, command: HandToHandCommand): Side | undefined {
  if (!state.created) return undefined;
  switch (command.type) {
    case 'CreateMatch':
      return undefined;
    // A player registers units for its own side only.
    case 'RegisterUnit':
      return SIDES.find((side) => side === command.side);
    // HH-5 / HH-7: the attacker rolls willpower and impact.
    case 'Charge':
      return findUnit(state, command.attackerId)?.side;
    case 'RollImpact': {
      const charge = findCharge(state, command.chargeId);
      return charge === undefined ? undefined : findUnit(state, charge.attackerId)?.side;
    }
    // HH-2 / HH-11 to HH-15: the tested unit's owner rolls, reports its ground and moves it.
    case 'TakeMoraleTest':
    case 'ReportGiveGround':
    case 'Withdraw':
      return findUnit(state, command.unitId)?.side;
    // C-4
    case 'EndTurn':
      return state.activeSide;
    default:
      return assertNever(command, 'command');
  }
}
