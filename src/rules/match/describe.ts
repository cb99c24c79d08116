import {
  line,
  type LogContext,
  type LogLine,
  possessive,
  quote,
  quoteToEnd,
  short,
  sideName,
} from '../common/turn-log.js';
import type { MatchLevelEvent } from './events.js';

/** The turn-log sentence of each match-level event (seeds, undo, disputes, the end). */
type Describers = {
  [Type in MatchLevelEvent['type']]: (context: LogContext, data: Data<Type>) => LogLine;
};

type Data<Type extends MatchLevelEvent['type']> = Extract<MatchLevelEvent, { type: Type }>['data'];

/** A dispute as the players know it: whose, and of which event (its id only when the context lacks it). */
function disputeNamed(context: LogContext, disputeId: string): string {
  const known =
    context.disputes && Object.hasOwn(context.disputes, disputeId) ? context.disputes[disputeId] : undefined;
  return known
    ? `${possessive(sideName(context, known.side))} dispute of event ${known.revision}`
    : `dispute ${disputeId}`;
}

/**
 * The reason a revert records. A backup on an upheld dispute records "dispute <id> upheld: <the judge's
 * note>"; the line has already named the dispute as the players know it, so it quotes the note alone.
 */
function rulingReason(d: Data<'ActionsReverted'>): string {
  const prefix = d.disputeId === null ? undefined : `dispute ${d.disputeId} upheld: `;
  return prefix !== undefined && d.reason.startsWith(prefix) ? d.reason.slice(prefix.length) : d.reason;
}

/**
 * C-5: a revert undoes the game's events from its target on, to the last event it could undo; the
 * match's own records after that (the request and its answer, the dispute and its ruling) stand and
 * are not counted.
 */
function actionsReverted(context: LogContext, d: Data<'ActionsReverted'>): LogLine {
  const who =
    d.orderedBy === 'judge'
      ? `ordered by the judge${d.disputeId ? ` on ${disputeNamed(context, d.disputeId)}` : ''}`
      : `asked by ${sideName(context, d.requestedBy)}, agreed by ${sideName(context, d.agreedBy)}`;
  const reason = quote(rulingReason(d));
  const last = Math.min(d.throughRevision, context.lastUndoable ?? d.throughRevision);
  if (last < d.fromRevision) {
    return line(
      context,
      `the match went back to how it stood after event ${d.toRevision}, as it already stood (${who}): ${reason}; no game event was undone.`,
      ['C-5'],
    );
  }
  const undone =
    last === d.fromRevision
      ? `event ${d.fromRevision} was undone`
      : `events ${d.fromRevision} to ${last} were undone`;
  return line(
    context,
    `${undone}, back to the match as it stood after event ${d.toRevision} (${who}): ${reason}; ${UNDONE_DICE[context.diceMode ?? 'unknown']}`,
    ['C-5'],
  );
}

/**
 * What an undo does to the dice (C-2, C-5): server dice count on, so an undone roll is never rolled
 * again; table dice were rolled at the table, and their faces stay on the record with the events.
 */
const UNDONE_DICE: Record<'server' | 'table' | 'unknown', string> = {
  server: 'they stay in the log, and the server dice count on: an undone roll is never rolled again.',
  table: 'they stay in the log, with the faces rolled for them at the table.',
  unknown: 'they stay in the log and the dice keep counting.',
};

function matchEnded(context: LogContext, d: Data<'MatchEnded'>): LogLine {
  const result = d.result.winner ? `${sideName(context, d.result.winner)} won` : 'a draw';
  const note = d.result.note ? ` (${d.result.note})` : '';
  const seed = d.serverSeed
    ? ` The server seed is revealed (${short(d.serverSeed)}): every server roll can now be recomputed.`
    : '';
  return line(context, `the match ended: ${result}${note}.${seed}`, d.serverSeed ? ['C-2'] : []);
}

const DESCRIBERS: Describers = {
  ClientSeedAdded: (context, d) =>
    line(context, `${sideName(context, d.side)} added a client seed to the server dice.`, ['C-2']),
  UndoRequested: (context, d) =>
    line(
      context,
      `${sideName(context, d.side)} asked to undo back to event ${d.toRevision}: ${quoteToEnd(d.reason)}`,
      ['C-5'],
    ),
  UndoAgreed: (context, d) =>
    line(context, `${sideName(context, d.side)} agreed to the undo request.`, ['C-5']),
  UndoDeclined: (context, d) =>
    line(context, `${sideName(context, d.side)} declined the undo request.`, ['C-5']),
  ActionsReverted: actionsReverted,
  DisputeRaised: (context, d) =>
    line(
      context,
      `${sideName(context, d.side)} disputed event ${d.revision}: ${quoteToEnd(d.claim)}`,
      // The claim names no rule; the judge's ruling does.
      [],
    ),
  DisputeRuled: (context, d) => {
    const backup = d.backupTo === null ? '' : `; the match goes back to event ${d.backupTo}`;
    return line(
      context,
      `the judge ${d.ruling} ${disputeNamed(context, d.disputeId)} under ${d.ruleId}: ${backup ? `${quote(d.note)}${backup}.` : quoteToEnd(d.note)}`,
      [d.ruleId, ...(d.backupTo === null ? [] : ['C-5'])],
    );
  },
  TimeCalled: (context, d) =>
    line(
      context,
      d.policy === 'stop-now'
        ? `time was called on round ${d.round}: play stops now, and the match awaits its end.`
        : `time was called on round ${d.round}: the turn being played is finished, then the match awaits its end.`,
      ['C-7'],
    ),
  MatchEnded: matchEnded,
};

/** One sentence for one match-level event. */
export function describeMatchLevel(event: MatchLevelEvent, context: LogContext): LogLine {
  const describer = DESCRIBERS[event.type] as (context: LogContext, data: unknown) => LogLine;
  return describer(context, event.data);
}

/** The log context after a match-level event: it keeps each dispute raised, for its ruling's words (C-5). */
export function matchLevelContextAfter(context: LogContext, event: MatchLevelEvent): LogContext {
  switch (event.type) {
    case 'DisputeRaised': {
      const { disputeId, revision, side } = event.data;
      return { ...context, disputes: { ...context.disputes, [disputeId]: { revision, side } } };
    }
    case 'UndoRequested':
      return { ...context, openUndo: event.data.side };
    case 'UndoAgreed':
    case 'UndoDeclined': {
      const { openUndo: _answered, ...rest } = context;
      return rest;
    }
    default:
      return context;
  }
}

/**
 * C-5: an undo request still open lapses when its turn ends or the match is reverted, though no event
 * records it: the line of the event that ended its turn, or of the revert, says so, and the context
 * after it holds no open request.
 */
export function withLapsedUndo(
  line: LogLine,
  before: LogContext,
  after: LogContext,
  reverted: boolean,
): { line: LogLine; context: LogContext } {
  const side = before.openUndo;
  const lapses = side !== undefined && after.openUndo === side && (reverted || after.turn !== before.turn);
  if (!lapses) return { line, context: after };
  const { openUndo: _lapsed, ...context } = after;
  return {
    line: {
      ...line,
      sentence: `${line.sentence} The undo request of ${sideName(before, side)} lapsed unanswered.`,
      ruleIds: [...new Set([...line.ruleIds, 'C-5'])],
    },
    context,
  };
}
