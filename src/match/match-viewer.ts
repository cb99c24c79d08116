import { Injectable } from '@nestjs/common';
import type { RecordedEvent } from '../event-store/event-store.port.js';
import type { CommandTemplate, TemplateDraft } from '../rules/common/play-contract.js';
import { awaitedCombatOf, type AwaitedInput } from '../rules/common/roster.js';
import type { RulesetRef } from '../rules/common/ruleset-ref.js';
import type { Side } from '../rules/common/sides.js';
import type { Viewer } from '../rules/ruleset.js';
import { type UnitWords, unitWordsById } from '../rules/common/unit-words.js';
import { isMatchLevelEvent, isUndoneByRevert } from '../rules/match/events.js';
import { matchLevelTemplates } from '../rules/match/play-contract.js';
import type { MatchMeta } from '../rules/match/match-level.js';
import type { LoadedMatch } from './match-aggregate.js';
import { SealedOrders } from './sealed-orders.js';

/** An event as a caller sees it: the ruleset's view of its data, and who did it when. */
export interface EventView {
  revision: number;
  type: string;
  data: unknown;
  at: string;
  actor: { role: string; side?: string };
  /** True when a later ActionsReverted undid it (C-5); it stays in the log. */
  reverted: boolean;
}

/**
 * One thing the match waits for, as a complete command template (route, body, choices, dice), with the
 * fields awaited steps always had (`step`, `command`, `route`, `side`, `unitId`, `ruleId`, `combat`).
 */
export interface AwaitedStepView extends CommandTemplate {
  /** The route segment that answers it (POST /matches/{id}/{step}): the ruleset's route of `command`. */
  step: string;
  /** The side that must send it. */
  side: Side;
}

export interface PendingUndoRequest {
  requestId: string;
  toRevision: number;
  reason: string;
  side: Side;
}

export interface PendingDispute {
  disputeId: string;
  revision: number;
  claim: string;
  side: Side;
}

/**
 * The play contract: what `GET /matches/:id` and every command answer carry, whatever the ruleset.
 * The ruleset supplies where the match stands (progress), what it awaits and its own state; the
 * match-level rules supply the end and what is pending.
 */
export interface PlayContractView {
  matchId: string;
  /** The revision everything below stands at (a spectator may be held behind live play). */
  revision: number;
  ruleset: RulesetRef;
  turn: number;
  activeSide: Side;
  /** The ruleset's own name for where the turn stands (each ruleset documents its phases). */
  phase: string;
  ended: boolean;
  /** Only once ended: the winning side (null for a draw), its name and the note. */
  result?: { winner: Side | null; winnerName: string | null; note: string };
  /** What the match waits for, first to send first; empty when the side to play may do anything, and after the end. */
  awaiting: AwaitedStepView[];
  /**
   * What each side (and, for a judge's or organiser's key, that key) may do now beside what is awaited:
   * the ruleset's actions (a charge, an order, the end of the turn) and the match-level ones (an undo, a
   * dispute, a client seed; a judge's backup and rulings; the end).
   */
  available: CommandTemplate[];
  /** Undo requests and disputes still waiting for an answer or a ruling. */
  pending: { undoRequests: PendingUndoRequest[]; disputes: PendingDispute[] };
  /** C-7: only once time was called on the match's round. */
  timeCalled?: { round: number; policy: 'finish-turn' | 'stop-now'; revision: number; playOver: boolean };
  /** The ruleset's own state, as this caller may see it. */
  state: unknown;
  /**
   * Each unit of `state` in a player's words, by its id, said by the ruleset from its public facts (the
   * roster's): the pages show these as given, so that none names a ruleset's fields.
   */
  unitWords: Record<string, UnitWords>;
}

/** A match as it stood right after one revision: what a play-contract answer is built from. */
export interface MatchAt {
  revision: number;
  state: unknown;
  meta: MatchMeta;
}

/** The route segments of the match-level commands whose route names nothing they answer. */
const MATCH_LEVEL_ROUTES: Readonly<Record<string, string>> = {
  AddClientSeed: 'client-seeds',
  RequestUndo: 'undo-requests',
  OrderBackup: 'backups',
  RaiseDispute: 'disputes',
  EndMatch: 'end',
};

/** The route of a match command: POST /matches/{matchId}/{segment}. */
export function matchRoute(matchId: string, segment: string): string {
  return `/matches/${encodeURIComponent(matchId)}/${segment}`;
}

/**
 * THE place where match information leaves the service for a viewer (AA-2): every route, stream,
 * export and webhook goes through here. The ruleset hides what its rules hide, and with the match's
 * escrow shows a side its own sealed cards.
 */
@Injectable()
export class MatchViewer {
  /**
   * Each ruleset state's units in words: a state is never changed once folded (the same state is the
   * same object), so every viewer of it, and every read of it, shares one saying of its public facts.
   */
  private readonly unitWords = new WeakMap<object, Record<string, UnitWords>>();

  constructor(private readonly sealedOrders: SealedOrders) {}

  event(match: LoadedMatch, event: RecordedEvent, viewer: Viewer): EventView {
    // Match-level events (seeds, undo, disputes, the end) hide nothing and are not the ruleset's to view.
    const viewed = isMatchLevelEvent(event)
      ? { type: event.type, data: event.data }
      : match.ruleset.viewEvent(
          { type: event.type, data: event.data },
          viewer,
          this.sealedOrders.escrow(match.matchId),
        );
    const { role, side } = event.metadata.actor;
    return {
      revision: event.metadata.revision,
      type: viewed.type,
      data: viewed.data,
      at: event.metadata.at,
      actor: side ? { role, side } : { role },
      reverted: match.reverted.has(event.metadata.revision) && isUndoneByRevert(event.type),
    };
  }

  events(match: LoadedMatch, viewer: Viewer, events: readonly RecordedEvent[]): EventView[] {
    return events.map((event) => this.event(match, event, viewer));
  }

  state(match: LoadedMatch, viewer: Viewer): unknown {
    return this.stateOf(match, match.state, viewer);
  }

  /** A ruleset state of this match (now, or as it stood after some event), as this viewer may see it. */
  stateOf(match: LoadedMatch, state: unknown, viewer: Viewer): unknown {
    return match.ruleset.viewState(state, viewer, this.sealedOrders.escrow(match.matchId));
  }

  /**
   * A draft made complete: its route (the ruleset's route of its command, or the match-level one it
   * names), rebuilt field by field so that nothing a draft carries beyond the contract's shape rides along.
   */
  template(match: LoadedMatch, draft: TemplateDraft): CommandTemplate {
    const { ruleset } = match;
    const segment =
      draft.routeSegment ??
      ruleset.routes[draft.command as keyof typeof ruleset.routes] ??
      MATCH_LEVEL_ROUTES[draft.command] ??
      draft.command;
    return {
      action: draft.action,
      label: draft.label,
      command: draft.command,
      ...(draft.side !== undefined ? { side: draft.side } : {}),
      ...(draft.role !== undefined ? { role: draft.role } : {}),
      method: 'POST',
      route: matchRoute(match.matchId, segment),
      body: draft.body,
      ...(draft.freshIds !== undefined ? { freshIds: draft.freshIds } : {}),
      choices: draft.choices,
      ...(draft.dice !== undefined ? { dice: draft.dice } : {}),
      ruleId: draft.ruleId,
      ...(draft.unitId !== undefined ? { unitId: draft.unitId } : {}),
      ...(draft.combat !== undefined ? { combat: awaitedCombatOf(draft.combat) } : {}),
    };
  }

  /** The match now, in the play contract's shape, as this viewer may see it. */
  contractNow(match: LoadedMatch, viewer: Viewer): PlayContractView {
    return this.contract(match, { revision: match.revision, state: match.state, meta: match.meta }, viewer);
  }

  /**
   * The match as it stood right after `at.revision`, in the play contract's shape. Everything in it is
   * of that revision (a delayed spectator learns nothing newer from `awaiting` or `pending`), and only
   * the ruleset's own state can hold a sealed card: it goes through the ruleset's view like any state,
   * while `awaiting` and `pending` are rebuilt field by field, so nothing a ruleset or a player adds to
   * them can ride along (AA-2).
   */
  contract(match: LoadedMatch, at: MatchAt, viewer: Viewer): PlayContractView {
    const { ruleset } = match;
    const { turn, activeSide, phase } = ruleset.progress(at.state);
    const ended = at.meta.ended;
    const timeCalled = at.meta.timeCalled;
    // After the end nothing is awaited, whatever the ruleset's state still says (C-4); nor once time was
    // called and play is over (C-7): the match then waits for its end.
    const playOver = ended !== null || timeCalled?.playOver === true;
    const escrow = this.sealedOrders.escrow(match.matchId);
    const inputs = playOver ? [] : ruleset.awaiting(at.state);
    const drafts = inputs.length > 0 ? ruleset.awaitedTemplates?.(at.state, viewer, escrow) : undefined;
    const awaiting = inputs.map((input, i): AwaitedStepView => {
      const step = ruleset.routes[input.command as keyof typeof ruleset.routes] ?? input.command;
      const draft = drafts?.[i]?.command === input.command ? drafts[i]! : derivedDraft(input);
      const { side: _side, ...template } = this.template(match, draft);
      // Today's fields come from the awaited input itself, so a client reading only them keeps working.
      return {
        ...template,
        step,
        command: input.command,
        side: input.side,
        ...(input.unitId !== undefined ? { unitId: input.unitId } : {}),
        ruleId: input.ruleId,
        ...(input.combat !== undefined ? { combat: awaitedCombatOf(input.combat) } : {}),
      };
    });
    const rulesetActions = playOver ? [] : (ruleset.available?.(at.state, viewer, escrow) ?? []);
    const matchActions = matchLevelTemplates({
      meta: at.meta,
      revision: at.revision,
      diceMode: typeof match.created.diceMode === 'string' ? match.created.diceMode : undefined,
      sides: match.created.sides,
      viewer,
      ...(match.endsCommand ? { endsCommand: match.endsCommand } : {}),
      // The fold passes the ruleset's state on untouched through match-level events (disputes, undo
      // requests) and back to the kept one on a revert: the same state is the same object.
      undoesGame: (revision) =>
        match.keepsStateAt(revision) ? match.stateAt(revision) !== at.state : undefined,
    });
    const available = [...rulesetActions, ...matchActions].map((draft) => this.template(match, draft));
    return {
      matchId: match.matchId,
      revision: at.revision,
      ruleset: match.rulesetRef,
      turn,
      activeSide,
      phase,
      ended: ended !== null,
      ...(ended ? { result: { ...ended, winnerName: sideName(match, ended.winner) } } : {}),
      awaiting,
      available,
      pending: {
        // An undo can no longer be answered once the match has ended; a dispute can still be ruled.
        undoRequests: ended
          ? []
          : at.meta.undoRequests
              .filter((request) => request.status === 'open')
              .map(({ requestId, toRevision, reason, side }) => ({ requestId, toRevision, reason, side })),
        disputes: at.meta.disputes
          .filter((dispute) => dispute.ruling === null)
          .map(({ disputeId, revision, claim, side }) => ({ disputeId, revision, claim, side })),
      },
      ...(timeCalled
        ? {
            timeCalled: {
              round: timeCalled.round,
              policy: timeCalled.policy,
              revision: timeCalled.revision,
              playOver: timeCalled.playOver,
            },
          }
        : {}),
      state: this.stateOf(match, at.state, viewer),
      unitWords: this.unitWordsOf(match, at.state),
    };
  }

  /** The units of a state in a player's words, as the match's ruleset says their public facts. */
  private unitWordsOf(match: LoadedMatch, state: unknown): Record<string, UnitWords> {
    const key = typeof state === 'object' && state !== null ? state : undefined;
    const known = key && this.unitWords.get(key);
    if (known) return known;
    const words = unitWordsById(match.ruleset.roster(state), match.ruleset.unitWords);
    if (key) this.unitWords.set(key, words);
    return words;
  }
}

/**
 * A template for an awaited step from the step alone, for a ruleset that does not state its own
 * (Ruleset.awaitedTemplates): it can name only what the step names (its charge or its unit), so it is
 * complete only for a step whose command needs nothing else; a ruleset states its hook to say the rest.
 */
function derivedDraft(input: AwaitedInput): TemplateDraft {
  // A step in a charge is answered by naming the charge (RollImpact quotes its chargeId); any other by its unit.
  const body: Record<string, unknown> =
    input.combat?.kind === 'charge'
      ? { chargeId: input.combat.chargeId }
      : input.unitId !== undefined
        ? { unitId: input.unitId }
        : {};
  return {
    action: input.command,
    label: input.command,
    command: input.command,
    side: input.side,
    body,
    choices: [],
    ruleId: input.ruleId,
  };
}

function sideName(match: LoadedMatch, side: Side | null): string | null {
  if (side === null) return null;
  return match.created.sides[side] ?? null;
}
