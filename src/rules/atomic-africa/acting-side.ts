import { type Side, SIDES } from '../common/sides.js';
import type { AtomicAfricaCommand } from './commands.js';
import { entry, type AtomicAfricaState } from './state.js';

function ownerOf(state: AtomicAfricaState, unitId: unknown): Side | undefined {
  return typeof unitId === 'string' ? entry(state.units, unitId)?.side : undefined;
}

/**
 * Who must send the command: the unit's owner for its orders, declarations, movement and attacks (each
 * side rolls its own attack dice), the active side to end its turn (C-4). Undefined: anyone may
 * (creating the match, registering units, reporting a contact both players see on the table), or the
 * unit is unknown and decide() will refuse the command anyway.
 */
export function actingSide(state: AtomicAfricaState, command: AtomicAfricaCommand): Side | undefined {
  switch (command.type) {
    case 'CreateMatch':
    case 'ReportContact':
      return undefined;
    // A player registers units for its own side only.
    case 'RegisterUnit':
      return SIDES.find((side) => side === command.side);
    case 'SealOrder':
    case 'DeclareIntent':
    case 'RevealOrder':
    case 'Pursue':
    case 'ReportBreakOff':
    case 'ResolveCloseCombat':
      return ownerOf(state, command.unitId);
    case 'RangedAttack':
      return ownerOf(state, command.attackerId);
    case 'EndTurn':
      return state.match ? state.activeSide : undefined;
    default: {
      // Exhaustive at compile time; at run time an unknown command is decide()'s to refuse.
      const _unknown: never = command;
      return undefined;
    }
  }
}
