import type { DomainEvent } from './common/decider.js';
import { line, type LogContext, type LogLine, namesAfter } from './common/turn-log.js';
import { describeMatchLevel, matchLevelContextAfter } from './match/describe.js';
import { isMatchLevelEvent, isUndoneByRevert } from './match/events.js';
import type { AnyRuleset } from './registry.js';

/**
 * The turn log of a match: one plain sentence per recorded step, with its dice, modifiers and rule
 * ids, in the game's own words. Each ruleset words its own events; the match-level rules word theirs.
 * Pure: the same events give the same log. Events are described exactly as handed over, so whoever
 * calls decides what may be seen (AA-2).
 */

export type { LogContext, LogLine } from './common/turn-log.js';
export { initialLogContext } from './common/turn-log.js';
export { withLapsedUndo } from './match/describe.js';

/** True for the events of this ruleset (as opposed to match-level ones and unknown types). */
export function isRulesetEvent(ruleset: AnyRuleset | undefined, type: string): boolean {
  return ruleset !== undefined && ruleset.eventTypes.includes(type);
}

/** One sentence for one event of a match played under `ruleset`. */
export function describeEvent(
  ruleset: AnyRuleset | undefined,
  context: LogContext,
  event: DomainEvent,
): LogLine {
  if (isMatchLevelEvent(event)) return describeMatchLevel(event, context);
  if (ruleset && isRulesetEvent(ruleset, event.type)) return ruleset.describe(event, context);
  return line(context, `${event.type} was recorded.`, []);
}

/**
 * The context after event `revision`: names, the turn, the last event an undo would undo.
 * ActionsReverted's turn is the caller's to put back (C-5: the turn as it stood after the target).
 */
export function advanceLogContext(
  ruleset: AnyRuleset | undefined,
  context: LogContext,
  event: DomainEvent,
  revision: number,
): LogContext {
  const after =
    ruleset && isRulesetEvent(ruleset, event.type)
      ? ruleset.logContextAfter(context, event)
      : isMatchLevelEvent(event)
        ? matchLevelContextAfter(context, event)
        : namesAfter(context, event);
  return isUndoneByRevert(event.type) ? { ...after, lastUndoable: revision } : after;
}
