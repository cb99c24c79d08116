import type { MatchLevelEvent } from './events.js';
import type { MatchLevelCommand } from './match-level.js';

/*
 * compatibility: logs recorded before each append recorded its prepared command in the event metadata
 * (inside the hash chain). The verifier can decide such a log again only by inverting decide(): each
 * event group begins with the command's own event, which holds every field of it. A log recorded since
 * carries its commands and never comes here; remove when no such logs remain.
 */

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
