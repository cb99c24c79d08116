import type { MatchLevelEvent } from '../../match/match-events.js';
import type { MatchLevelCommand } from '../../match/match-level.js';
import type { Path } from './compare.js';

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

export function matchLevelRuleIdOf(event: { type: string }, path: Path): string {
  switch (event.type) {
    case 'ClientSeedAdded':
      return 'C-2';
    case 'MatchEnded':
      return path[1] === 'serverSeed' ? 'C-2' : 'C-4';
    default:
      return 'C-5';
  }
}
