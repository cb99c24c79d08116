import type { RulesetRef } from '../common/ruleset-ref.js';
import type { Side } from '../common/sides.js';

/**
 * Events of the match itself rather than of its ruleset: fairness, undo, disputes, the end. They live
 * in the match stream beside the ruleset's events; the ruleset never sees them (C-5: a revert changes
 * which ruleset events count, not the events themselves).
 */
export type MatchLevelEvent =
  /** C-2: a player's client seed, mixed into every server roll after it. */
  | { type: 'ClientSeedAdded'; data: { side: Side; seed: string } }
  /** C-5: a player asks to go back to the state after event toRevision (in the current turn). */
  | { type: 'UndoRequested'; data: { requestId: string; toRevision: number; reason: string; side: Side } }
  | { type: 'UndoAgreed'; data: { requestId: string; side: Side } }
  | { type: 'UndoDeclined'; data: { requestId: string; side: Side } }
  /**
   * C-5: the match state becomes what it was right after toRevision; events fromRevision …
   * throughRevision stay in the log, reverted. Dice indices keep counting.
   */
  | {
      type: 'ActionsReverted';
      data: {
        toRevision: number;
        fromRevision: number;
        throughRevision: number;
        reason: string;
        requestedBy: Side | 'judge';
        agreedBy: Side | null;
        orderedBy: 'players' | 'judge';
        requestId: string | null;
        disputeId: string | null;
      };
    }
  | { type: 'DisputeRaised'; data: { disputeId: string; revision: number; claim: string; side: Side } }
  | {
      type: 'DisputeRuled';
      data: {
        disputeId: string;
        ruling: 'upheld' | 'dismissed';
        ruleId: string;
        note: string;
        backupTo: number | null;
      };
    }
  /**
   * C-7: the organiser called time on the round the match plays, under the policy they published:
   * `stop-now` (no game command after it) or `finish-turn` (game commands go on until the turn in
   * progress ends). Either way the match then awaits its end by a judge or the organiser.
   */
  | { type: 'TimeCalled'; data: { policy: TimePolicy; round: number } }
  /** The end: the result, and (server dice) the seed, so that anyone can recompute every roll (C-2). */
  | {
      type: 'MatchEnded';
      data: { result: { winner: Side | null; note: string }; serverSeed: string | null };
    };

export type MatchLevelEventType = MatchLevelEvent['type'];

/** What a match does once time is called (C-7): stop at once, or finish the turn in progress. */
export type TimePolicy = 'finish-turn' | 'stop-now';
export const TIME_POLICIES: readonly TimePolicy[] = ['finish-turn', 'stop-now'];

export const MATCH_LEVEL_EVENT_TYPES: ReadonlySet<string> = new Set<MatchLevelEventType>([
  'ClientSeedAdded',
  'UndoRequested',
  'UndoAgreed',
  'UndoDeclined',
  'ActionsReverted',
  'DisputeRaised',
  'DisputeRuled',
  'TimeCalled',
  'MatchEnded',
]);

/**
 * C-5: what an undo or a judge's backup undoes: the game's events in its range, and an earlier revert
 * among them. The match's own records in that range (a seed added, an undo asked and answered, a
 * dispute raised and ruled, time called) stand, as the fold keeps them in the meta: the request or
 * ruling that caused the revert is never shown undone by it.
 */
export function isUndoneByRevert(type: string): boolean {
  return !MATCH_LEVEL_EVENT_TYPES.has(type) || type === 'ActionsReverted';
}

export function isMatchLevelEvent<E extends { type: string }>(event: E): event is E & MatchLevelEvent {
  return MATCH_LEVEL_EVENT_TYPES.has(event.type);
}

/**
 * The event, typed as the match-level event of this type when it is one: a recorded event (metadata
 * and all) narrows to its data's shape without a cast.
 */
export function isMatchLevel<T extends MatchLevelEvent['type'], E extends { type: string; data: unknown }>(
  event: E,
  type: T,
): event is E & Extract<MatchLevelEvent, { type: T }> {
  return event.type === type;
}

/**
 * What every ruleset's MatchCreated records alike, whatever else it adds (its parameters): the match,
 * its sides, its dice and its rules. The machinery around the rules (the aggregate, the read models,
 * the webhooks) reads only this part; registry.ts checks at compile time that every ruleset's
 * MatchCreated has it.
 */
export interface MatchCreatedHeader {
  type: 'MatchCreated';
  data: {
    matchId: string;
    sides: Record<Side, string>;
    diceMode: 'server' | 'table';
    diceCommitment: string | null;
    ruleset: RulesetRef;
    turn: number;
    activeSide: Side;
  };
}

/** The event, typed as the shared part of a MatchCreated when it is one (see MatchCreatedHeader). */
export function isMatchCreated<E extends { type: string; data: unknown }>(
  event: E,
): event is E & MatchCreatedHeader {
  return event.type === 'MatchCreated';
}
