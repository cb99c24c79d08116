import type { DomainEvent } from '../common/decider.js';
import { createMatchFrom } from '../common/legacy-create-match.js';
import type { HandToHandCommand } from './commands.js';
import type { HandToHandEvent } from './events.js';

/*
 * compatibility: logs recorded before each append recorded its prepared command in the event metadata
 * (inside the hash chain). The verifier can decide such a log again only by inverting decide(): each
 * event group begins with the command's own event, which holds every field of it. A log recorded since
 * carries its commands and never comes here; remove when no such logs remain.
 */

/** The hand-to-hand command behind a group of events: its first event holds every field of it. */
export function handToHandCommandFrom(events: readonly DomainEvent[]): HandToHandCommand | undefined {
  const first = events[0] as HandToHandEvent | undefined;
  if (!first) return undefined;
  switch (first.type) {
    case 'MatchCreated':
      return createMatchFrom(first.data);
    case 'UnitRegistered': {
      const { unitId, name, side, morale, move } = first.data;
      return { type: 'RegisterUnit', unitId, name, side, morale, move };
    }
    case 'ChargeDeclared': {
      const { chargeId, attackerId, defenderId, aspect, slope } = first.data;
      return { type: 'Charge', chargeId, attackerId, defenderId, aspect, slope };
    }
    case 'ImpactRolled':
      return { type: 'RollImpact', chargeId: first.data.chargeId };
    case 'MoraleTested': {
      const { unitId, cause, penalty } = first.data;
      return {
        type: 'TakeMoraleTest',
        unitId,
        cause,
        // HH-18: only a shooting test carries a penalty.
        ...(cause === 'shooting' ? { penalty: penalty ?? 0 } : {}),
      };
    }
    case 'GroundGiven': {
      const { unitId, couldMove, leftTable } = first.data;
      return { type: 'ReportGiveGround', unitId, couldMove, leftTable };
    }
    case 'UnitWithdrew': {
      const { unitId, leftTable } = first.data;
      return { type: 'Withdraw', unitId, leftTable };
    }
    case 'TurnEnded':
      return { type: 'EndTurn' };
    // Consequences only: each follows a command's own event in the same append.
    case 'WillpowerTested':
    case 'ChargeFaltered':
    case 'ContactMade':
    case 'DefenderSurrendered':
    case 'AttackerVictorious':
    case 'ReformStuck':
    case 'UnitRallied':
    case 'UnitRemoved':
    case 'RallyTestRequired':
      return undefined;
    default:
      return undefined;
  }
}
