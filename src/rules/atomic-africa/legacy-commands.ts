import type { DomainEvent } from '../common/decider.js';
import { createMatchFrom } from '../common/legacy-create-match.js';
import type { AtomicAfricaCommand } from './commands.js';
import type { AtomicAfricaEvent } from './events.js';

/*
 * compatibility: logs recorded before each append recorded its prepared command in the event metadata
 * (inside the hash chain). The verifier can decide such a log again only by inverting decide(): each
 * event group begins with the command's own event, which holds every field of it. A log recorded since
 * carries its commands and never comes here; remove when no such logs remain.
 */

/**
 * The atomic-africa command behind a group of events: its first event holds every field of it. The
 * events the rules add on their own (flee verdicts, forgone attacks, the end of a close combat, close
 * combats beginning) never begin a group.
 */
export function atomicAfricaCommandFrom(events: readonly DomainEvent[]): AtomicAfricaCommand | undefined {
  const first = events[0] as AtomicAfricaEvent | undefined;
  if (!first) return undefined;
  switch (first.type) {
    case 'MatchCreated':
      return createMatchFrom(first.data);
    case 'UnitRegistered': {
      const { unitId, name, side, unitType, movement, firepower } = first.data;
      return { type: 'RegisterUnit', unitId, name, side, unitType, movement, firepower };
    }
    case 'ContactReported':
      return { type: 'ReportContact', unitId: first.data.unitIds[0], enemyId: first.data.unitIds[1] };
    case 'OrderSealed': {
      const { unitId, turn, sealedAs, card, commitment, escrow } = first.data;
      // AA-2: the escrow rides in the command as it rode in the event; the rules never open it.
      return sealedAs === 'card'
        ? { type: 'SealOrder', unitId, turn, ...(card === null ? {} : { card }) }
        : {
            type: 'SealOrder',
            unitId,
            turn,
            ...(commitment === null ? {} : { commitment }),
            ...(escrow === undefined ? {} : { escrow }),
          };
    }
    case 'IntentDeclared': {
      const { unitId, intent, opponentId } = first.data;
      return { type: 'DeclareIntent', unitId, intent, opponentId };
    }
    case 'OrderRevealed': {
      const { unitId, card, salt, specialAction } = first.data;
      return {
        type: 'RevealOrder',
        unitId,
        card,
        ...(salt === null ? {} : { salt }),
        ...(specialAction === null ? {} : { specialAction }),
      };
    }
    case 'PursuitDecided':
      return { type: 'Pursue', unitId: first.data.unitId, pursue: first.data.pursue };
    case 'BreakOffReported': {
      const { unitId, destination, inTransit, rangeInches } = first.data;
      return {
        type: 'ReportBreakOff',
        unitId,
        destination,
        inTransit,
        ...(rangeInches === null ? {} : { rangeInches }),
      };
    }
    case 'CloseCombatAttackRolled':
      return { type: 'ResolveCloseCombat', unitId: first.data.attackerId };
    case 'RangedAttackRolled': {
      const { attackerId, targetId, rangeInches } = first.data;
      return { type: 'RangedAttack', attackerId, targetId, rangeInches };
    }
    case 'TurnEnded':
      return { type: 'EndTurn' };
    default:
      return undefined;
  }
}
