// compatibility: logs recorded before commands were recorded (2026-11-30); remove when no such logs remain.
import type { AtomicAfricaCommand, AtomicAfricaEvent } from './atomic-africa/index.js';
import type { DomainEvent } from './common/decider.js';
import type { HandToHandCommand, HandToHandEvent } from './hand-to-hand/index.js';
import type { MatchLevelEvent } from './match/events.js';
import type { MatchLevelCommand } from './match/match-level.js';
import { atomicAfrica } from './atomic-africa/index.js';
import { handToHand } from './hand-to-hand/index.js';

/**
 * Commands rebuilt from the events they produced. Until each append recorded its prepared command in
 * the event metadata (inside the hash chain), the verifier could only decide a log again by inverting
 * decide(): each event group begins with the command's own event, which holds every field of it. A log
 * recorded since carries its commands and never comes here.
 */

/** The command behind a group of a ruleset's events, or undefined when the first event begins none. */
export function legacyCommandFrom(
  rulesetId: string,
  events: readonly DomainEvent[],
): HandToHandCommand | AtomicAfricaCommand | undefined {
  if (rulesetId === handToHand.id) return handToHandCommandFrom(events);
  if (rulesetId === atomicAfrica.id) return atomicAfricaCommandFrom(events);
  return undefined;
}

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

/** The match-level command behind a group of match-level events (C-2, C-4, C-5). */
export function matchLevelCommandFrom(events: readonly MatchLevelEvent[]): MatchLevelCommand | undefined {
  const first = events[0];
  if (!first) return undefined;
  switch (first.type) {
    case 'ClientSeedAdded':
      return { type: 'AddClientSeed', seed: first.data.seed };
    case 'UndoRequested': {
      const { requestId, toRevision, reason } = first.data;
      return { type: 'RequestUndo', requestId, toRevision, reason };
    }
    case 'UndoAgreed':
    case 'UndoDeclined':
      return { type: 'AnswerUndo', requestId: first.data.requestId, agree: first.type === 'UndoAgreed' };
    case 'ActionsReverted': {
      // First of its group only when a judge ordered it; an agreed undo's revert follows UndoAgreed.
      const { toRevision, reason, disputeId } = first.data;
      return { type: 'OrderBackup', toRevision, reason, ...(disputeId === null ? {} : { disputeId }) };
    }
    case 'DisputeRaised': {
      const { disputeId, revision, claim } = first.data;
      return { type: 'RaiseDispute', disputeId, revision, claim };
    }
    case 'DisputeRuled': {
      const { disputeId, ruling, ruleId, note, backupTo } = first.data;
      return {
        type: 'RuleDispute',
        disputeId,
        ruling,
        ruleId,
        note,
        ...(backupTo === null ? {} : { backupTo }),
      };
    }
    case 'MatchEnded':
      return { type: 'EndMatch', winner: first.data.result.winner, note: first.data.result.note };
    default:
      return undefined;
  }
}

/**
 * The CreateMatch behind a MatchCreated, for either ruleset. The recorded parameters are the resolved
 * whole; resolving them again gives them back.
 */
export function createMatchFrom<
  Data extends {
    matchId: string;
    sides: { A: string; B: string };
    diceMode: 'server' | 'table';
    diceCommitment: string | null;
    parameters: unknown;
  },
>(
  data: Data,
): {
  type: 'CreateMatch';
  matchId: string;
  sides: Data['sides'];
  diceMode: Data['diceMode'];
  diceCommitment?: string;
  parameters: Data['parameters'];
} {
  const { matchId, sides, diceMode, diceCommitment, parameters } = data;
  return {
    type: 'CreateMatch',
    matchId,
    sides,
    diceMode,
    ...(diceCommitment === null ? {} : { diceCommitment }),
    parameters,
  };
}
