import { assertNever } from '../common/decider.js';
import { violation } from '../common/rule-violation.js';
import type { Side } from '../common/sides.js';
import type { MatchLevelEvent, TimePolicy } from './events.js';

/**
 * The match-level part of a match: pure decide/evolve like a ruleset, for the commands every ruleset
 * shares (client seeds, undo, backups, disputes, the end). Rule ids: C-2, C-4, C-5.
 */
export interface UndoRequest {
  requestId: string;
  toRevision: number;
  reason: string;
  side: Side;
  /** lapsed: its turn ended, or the match was reverted, before the opponent answered (C-5). */
  status: 'open' | 'agreed' | 'declined' | 'lapsed';
}

export interface Dispute {
  disputeId: string;
  revision: number;
  claim: string;
  side: Side;
  ruling: 'upheld' | 'dismissed' | null;
}

export interface MatchMeta {
  clientSeeds: { A?: string; B?: string };
  serverRolls: number;
  undoRequests: UndoRequest[];
  disputes: Dispute[];
  ended: { winner: Side | null; note: string } | null;
  /** Revisions whose ruleset events no longer count (C-5). */
  reverted: number[];
  /** The revision at which the current player turn began (C-5: a player's undo stays inside it). */
  turnStartedAt: number;
  /**
   * C-7: time was called on the match's round (absent until it is, so older metas and snapshots keep
   * their shape). `playOver`: no game command is accepted any more, the match awaits its end.
   */
  timeCalled?: { policy: TimePolicy; round: number; revision: number; playOver: boolean };
}

export function initialMeta(): MatchMeta {
  return {
    clientSeeds: {},
    serverRolls: 0,
    undoRequests: [],
    disputes: [],
    ended: null,
    reverted: [],
    turnStartedAt: 1,
  };
}

export type MatchLevelCommand =
  | { type: 'AddClientSeed'; seed: string }
  | { type: 'RequestUndo'; requestId: string; toRevision: number; reason: string }
  | { type: 'AnswerUndo'; requestId: string; agree: boolean }
  | { type: 'OrderBackup'; toRevision: number; reason: string; disputeId?: string }
  | { type: 'RaiseDispute'; disputeId: string; revision: number; claim: string }
  | {
      type: 'RuleDispute';
      disputeId: string;
      ruling: 'upheld' | 'dismissed';
      ruleId: string;
      note: string;
      backupTo?: number;
    }
  | { type: 'EndMatch'; winner: Side | null; note: string }
  | { type: 'RecordTimeCalled'; policy: TimePolicy; round: number };

export const MATCH_LEVEL_COMMAND_TYPES: ReadonlySet<string> = new Set([
  'AddClientSeed',
  'RequestUndo',
  'AnswerUndo',
  'OrderBackup',
  'RaiseDispute',
  'RuleDispute',
  'EndMatch',
  'RecordTimeCalled',
]);

/**
 * The command, as the match-level command of its type when it is one. The type is checked here; the
 * fields were checked where the command came in (the API's input schemas, or the log's own record).
 */
export function isMatchLevelCommand<C extends { type: string }>(
  command: C,
): command is C & MatchLevelCommand {
  return MATCH_LEVEL_COMMAND_TYPES.has(command.type);
}

/** Who sends the command: a player of a side, or a judge (or organiser, for the end). */
export interface MatchLevelActor {
  role: 'player' | 'judge' | 'organiser';
  side?: Side;
}

export interface MatchLevelContext {
  /** The stream's revision now: the next event will be revision + 1. */
  revision: number;
  /** Revealed with MatchEnded when the match rolls server dice. */
  serverSeed: string | null;
  /**
   * Q-32 (match-level rules 2.1.0 on): whether event `revision` is the last event of the command that
   * appended it; undefined when that cannot be told. Absent: the version decides without Q-32 (1.0.0).
   */
  endsCommand?: (revision: number) => boolean | undefined;
  /** C-7 (match-level rules 2.2.0 on): the version records time called. Absent: RecordTimeCalled is refused. */
  callsTime?: boolean;
}

/**
 * C-7: whether a game command (any command of the match's ruleset) is still accepted after time was
 * called. Under `stop-now` none is; under `finish-turn` they go on until the turn in progress ends.
 * Either way the match-level commands (disputes, undo, the end) go on.
 */
export function refusePlayAfterTimeCalled(meta: MatchMeta): void {
  const called = meta.timeCalled;
  if (!called?.playOver) return;
  violation(
    'C-7',
    called.policy === 'stop-now'
      ? `time was called on round ${called.round} (stop now): no more game commands; a judge or the organiser ends the match`
      : `time was called on round ${called.round} and the turn it was called in has ended: no more game commands; a judge or the organiser ends the match`,
    'conflict',
  );
}

/** C-5: an undo request stands only until its turn ends or the match is reverted; then it lapses for good. */
function isOpen(request: UndoRequest): boolean {
  return request.status === 'open';
}

function requireSide(actor: MatchLevelActor, what: string): Side {
  if (actor.role !== 'player' || !actor.side) violation('C-5', `${what} is a player's request`, 'conflict');
  return actor.side;
}

function checkTarget(meta: MatchMeta, context: MatchLevelContext, toRevision: number): void {
  if (!Number.isInteger(toRevision) || toRevision < 1 || toRevision >= context.revision) {
    violation(
      'C-5',
      `toRevision must be an earlier event of this match, 1 to ${context.revision - 1}`,
      'invalid',
    );
  }
  if (meta.reverted.includes(toRevision)) {
    violation('C-5', `event ${toRevision} was itself reverted; go back to an event that still counts`);
  }
  // going back into the middle of one command's events would keep a roll and cut its outcome
  // (a rout's morale test without its removal). A target that cannot be told is refused too.
  if (context.endsCommand && context.endsCommand(toRevision) !== true) {
    violation(
      'Q-32',
      `toRevision ${toRevision} is inside one command's events; go back to the last event of a command`,
      'invalid',
    );
  }
}

function reverted(
  context: MatchLevelContext,
  toRevision: number,
  reason: string,
  who: Pick<
    Extract<MatchLevelEvent, { type: 'ActionsReverted' }>['data'],
    'requestedBy' | 'agreedBy' | 'orderedBy' | 'requestId' | 'disputeId'
  >,
): MatchLevelEvent {
  // The revert itself is the next event; it undoes everything after the target up to just before it.
  return {
    type: 'ActionsReverted',
    data: { toRevision, fromRevision: toRevision + 1, throughRevision: context.revision, reason, ...who },
  };
}

export function decideMatchLevel(
  meta: MatchMeta,
  command: MatchLevelCommand,
  actor: MatchLevelActor,
  context: MatchLevelContext,
): MatchLevelEvent[] {
  if (meta.ended && command.type !== 'RaiseDispute' && command.type !== 'RuleDispute') {
    violation('C-4', 'the match has ended');
  }
  switch (command.type) {
    case 'AddClientSeed': {
      const side = requireSide(actor, 'a client seed');
      // C-2: a seed added after a roll could be chosen knowing the faces so far.
      if (meta.serverRolls > 0) violation('C-2', 'client seeds are added before the first server roll');
      if (meta.clientSeeds[side] !== undefined)
        violation('C-2', `side ${side} has already added its client seed`);
      return [{ type: 'ClientSeedAdded', data: { side, seed: command.seed } }];
    }
    case 'RequestUndo': {
      const side = requireSide(actor, 'an undo');
      checkTarget(meta, context, command.toRevision);
      if (command.toRevision < meta.turnStartedAt) {
        violation(
          'C-5',
          `players may undo only within the current turn, which began at event ${meta.turnStartedAt}; a judge can order a backup`,
        );
      }
      if (meta.undoRequests.some(isOpen))
        violation('C-5', 'an undo request is already waiting for an answer');
      if (meta.undoRequests.some((r) => r.requestId === command.requestId))
        violation('C-6', `undo request ${command.requestId} exists already`);
      const { requestId, toRevision, reason } = command;
      return [{ type: 'UndoRequested', data: { requestId, toRevision, reason, side } }];
    }
    case 'AnswerUndo': {
      const side = requireSide(actor, 'an answer to an undo');
      const request = meta.undoRequests.find((r) => r.requestId === command.requestId);
      if (!request) violation('C-5', `no undo request ${command.requestId}`);
      // Named as the players know it (whose, and back to which event), not by the id the page made.
      const named = `${request.side === side ? 'your' : "the opponent's"} undo request back to event ${request.toRevision}`;
      if (request.status === 'lapsed') {
        violation(
          'C-5',
          `${named} lapsed when its turn ended or the match was reverted; a judge can order a backup`,
        );
      }
      if (request.status !== 'open') violation('C-5', `${named} was already ${request.status}`);
      if (request.side === side) violation('C-5', 'the undo takes effect only when the opponent agrees');
      if (!command.agree) return [{ type: 'UndoDeclined', data: { requestId: request.requestId, side } }];
      checkTarget(meta, { ...context, revision: context.revision + 1 }, request.toRevision);
      return [
        { type: 'UndoAgreed', data: { requestId: request.requestId, side } },
        reverted({ ...context, revision: context.revision + 1 }, request.toRevision, request.reason, {
          requestedBy: request.side,
          agreedBy: side,
          orderedBy: 'players',
          requestId: request.requestId,
          disputeId: null,
        }),
      ];
    }
    case 'OrderBackup': {
      if (actor.role !== 'judge') violation('C-5', 'only a judge orders a backup');
      checkTarget(meta, context, command.toRevision);
      return [
        reverted(context, command.toRevision, command.reason, {
          requestedBy: 'judge',
          agreedBy: null,
          orderedBy: 'judge',
          requestId: null,
          disputeId: command.disputeId ?? null,
        }),
      ];
    }
    case 'RaiseDispute': {
      const side = requireSide(actor, 'a dispute');
      if (
        !Number.isInteger(command.revision) ||
        command.revision < 1 ||
        command.revision > context.revision
      ) {
        violation('C-6', `revision must name an event of this match, 1 to ${context.revision}`, 'invalid');
      }
      if (meta.disputes.some((d) => d.disputeId === command.disputeId))
        violation('C-6', `dispute ${command.disputeId} exists already`);
      const { disputeId, revision, claim } = command;
      return [{ type: 'DisputeRaised', data: { disputeId, revision, claim, side } }];
    }
    case 'RuleDispute': {
      if (actor.role !== 'judge') violation('C-5', 'only a judge rules on a dispute');
      const dispute = meta.disputes.find((d) => d.disputeId === command.disputeId);
      if (!dispute) violation('C-6', `no dispute ${command.disputeId}`);
      if (dispute.ruling !== null) {
        violation('C-6', `the dispute of event ${dispute.revision} was already ruled on (${dispute.ruling})`);
      }
      if (command.backupTo !== undefined && command.ruling !== 'upheld') {
        violation('C-5', 'a backup goes only with an upheld dispute', 'invalid');
      }
      const ruled: MatchLevelEvent = {
        type: 'DisputeRuled',
        data: {
          disputeId: dispute.disputeId,
          ruling: command.ruling,
          ruleId: command.ruleId,
          note: command.note,
          backupTo: command.backupTo ?? null,
        },
      };
      if (command.backupTo === undefined) return [ruled];
      if (meta.ended) violation('C-4', 'the match has ended; a backup can no longer change it');
      const next = { ...context, revision: context.revision + 1 };
      checkTarget(meta, next, command.backupTo);
      return [
        ruled,
        reverted(next, command.backupTo, `dispute ${dispute.disputeId} upheld: ${command.note}`, {
          requestedBy: 'judge',
          agreedBy: null,
          orderedBy: 'judge',
          requestId: null,
          disputeId: dispute.disputeId,
        }),
      ];
    }
    case 'EndMatch': {
      if (actor.role === 'player') violation('C-4', 'a judge or the organiser ends a match');
      return [
        {
          type: 'MatchEnded',
          data: { result: { winner: command.winner, note: command.note }, serverSeed: context.serverSeed },
        },
      ];
    }
    case 'RecordTimeCalled': {
      if (!context.callsTime) {
        violation('C-7', 'this match is played under match-level rules that do not record time called');
      }
      if (actor.role === 'player') violation('C-7', 'the organiser or a judge calls time');
      if (meta.timeCalled) violation('C-7', `time was already called on round ${meta.timeCalled.round}`);
      return [{ type: 'TimeCalled', data: { policy: command.policy, round: command.round } }];
    }
    default:
      return assertNever(command, 'match-level command');
  }
}

/**
 * Where in a list of undo requests the open ones may start: every request before it is closed. Requests
 * only ever close, and new ones are appended, so the mark only moves forward; a turn's end or a revert
 * then looks at the requests from the mark on, not at every request ever made. The mark travels with the
 * (immutable) list itself, as a property no copy, view or snapshot carries, so the meta's shape stays as
 * it was and no state is kept outside the values; a list without it (one read from a snapshot) is scanned
 * once.
 */
const OPEN_FROM = Symbol('open undo requests start here');
type MarkedRequests = readonly UndoRequest[] & { [OPEN_FROM]?: number };

function openFrom(requests: readonly UndoRequest[]): number {
  const known = (requests as MarkedRequests)[OPEN_FROM];
  if (known !== undefined) return known;
  return markOpenFrom(requests, 0);
}

/** Records the mark of `requests`, knowing that every request before `from` is closed. */
function markOpenFrom(requests: readonly UndoRequest[], from: number): number {
  let mark = from;
  while (mark < requests.length && !isOpen(requests[mark]!)) mark += 1;
  setMark(requests, mark);
  return mark;
}

function setMark(requests: readonly UndoRequest[], mark: number): void {
  Object.defineProperty(requests, OPEN_FROM, { value: mark, enumerable: false, configurable: true });
}

function lapseOpen(requests: UndoRequest[]): UndoRequest[] {
  const from = openFrom(requests);
  if (from === requests.length) return requests;
  const lapsed = requests.slice();
  for (let i = from; i < lapsed.length; i++) {
    const request = lapsed[i]!;
    if (isOpen(request)) lapsed[i] = { ...request, status: 'lapsed' };
  }
  setMark(lapsed, lapsed.length);
  return lapsed;
}

function withRequest(requests: UndoRequest[], request: UndoRequest): UndoRequest[] {
  const from = openFrom(requests);
  const next = [...requests, request];
  markOpenFrom(next, from);
  return next;
}

function answered(requests: UndoRequest[], requestId: string, status: 'agreed' | 'declined'): UndoRequest[] {
  const from = openFrom(requests);
  const next = requests.map((r) => (r.requestId === requestId ? { ...r, status } : r));
  markOpenFrom(next, from);
  return next;
}

/**
 * Adds the revisions `from`..`through` to a sorted list without duplicates, keeping it sorted: one merge
 * pass, no re-sort. A revert nearly always reaches past every earlier one, so the usual case appends to
 * a copy. Bounds that are not whole numbers (only a damaged log has them) take the general path.
 */
function withReverted(reverted: number[], from: number, through: number): number[] {
  if (!Number.isSafeInteger(from) || !Number.isSafeInteger(through)) {
    const range: number[] = [];
    for (let r = from; r <= through; r++) range.push(r);
    return [...new Set([...reverted, ...range])].sort((a, b) => a - b);
  }
  const merged: number[] = [];
  let i = 0;
  let r = from;
  while (i < reverted.length || r <= through) {
    const kept = i < reverted.length ? reverted[i]! : Infinity;
    if (r <= through && r <= kept) {
      if (r === kept) i += 1;
      merged.push(r++);
    } else {
      merged.push(kept);
      i += 1;
    }
  }
  return merged;
}

/** Folds one event of the stream (any kind) into the meta state. `revision` is that event's revision. */
export function evolveMeta(
  meta: MatchMeta,
  event: { type: string; data: unknown },
  revision: number,
  serverRollsInEvent: number,
): MatchMeta {
  const next =
    serverRollsInEvent > 0 ? { ...meta, serverRolls: meta.serverRolls + serverRollsInEvent } : meta;
  const e = event as MatchLevelEvent | { type: 'TurnEnded'; data: unknown };
  switch (e.type) {
    case 'TurnEnded': {
      const ended = { ...next, turnStartedAt: revision, undoRequests: lapseOpen(next.undoRequests) };
      // C-7: under finish-turn, the turn time was called in has now been played out.
      return next.timeCalled && !next.timeCalled.playOver
        ? { ...ended, timeCalled: { ...next.timeCalled, playOver: true } }
        : ended;
    }
    case 'TimeCalled':
      return {
        ...next,
        timeCalled: { ...e.data, revision, playOver: e.data.policy === 'stop-now' },
      };
    case 'ClientSeedAdded':
      return { ...next, clientSeeds: { ...next.clientSeeds, [e.data.side]: e.data.seed } };
    case 'UndoRequested':
      return { ...next, undoRequests: withRequest(next.undoRequests, { ...e.data, status: 'open' }) };
    case 'UndoAgreed':
    case 'UndoDeclined': {
      const status = e.type === 'UndoAgreed' ? 'agreed' : 'declined';
      return { ...next, undoRequests: answered(next.undoRequests, e.data.requestId, status) };
    }
    case 'ActionsReverted': {
      // Whatever was still waiting for an answer asked about a history that is gone now.
      return {
        ...next,
        undoRequests: lapseOpen(next.undoRequests),
        reverted: withReverted(next.reverted, e.data.fromRevision, e.data.throughRevision),
      };
    }
    case 'DisputeRaised':
      return { ...next, disputes: [...next.disputes, { ...e.data, ruling: null }] };
    case 'DisputeRuled':
      return {
        ...next,
        disputes: next.disputes.map((d) =>
          d.disputeId === e.data.disputeId ? { ...d, ruling: e.data.ruling } : d,
        ),
      };
    case 'MatchEnded':
      return { ...next, ended: e.data.result };
    default:
      return next;
  }
}
