import { serverRollsIn } from '../src/rules/common/dice.js';
import type { DomainEvent } from '../src/rules/common/decider.js';
import type { AnyRuleset } from '../src/rules/registry.js';
import { isMatchLevelEvent, type MatchLevelEvent } from '../src/rules/match/events.js';
import { initialMeta, type MatchMeta, type UndoRequest } from '../src/rules/match/match-level.js';
import type { FoldableEvent, KeptState } from '../src/match/fold.js';
import type {
  HandToHandEvent,
  HandToHandState,
  MatchState,
  UnitState,
} from '../src/rules/hand-to-hand/index.js';
import { handToHand } from '../src/rules/hand-to-hand/index.js';

/**
 * The pure fold as it stood before the rules-performance work (main at a9f4a41), frozen: the old
 * hand-to-hand TurnEnded (every unit copied to expire its flags), the old `evolveMeta` (`lapseOpen`
 * scanning every undo request, `reverted` re-sorted on every revert) and the MatchFold that calls them.
 * The sameness test folds long matches with this and with the code in src/ and compares every state;
 * the fold bench measures both in one run. Not used by the service.
 */

function expire<T extends { inTurn: number }>(value: T | null, turn: number): T | null {
  return value !== null && value.inTurn < turn ? null : value;
}

function expireFlags(unit: UnitState, turn: number): UnitState {
  return {
    ...unit,
    cannotAttack: expire(unit.cannotAttack, turn),
    cannotAdvance: expire(unit.cannotAdvance, turn),
    cannotFire: expire(unit.cannotFire, turn),
    cannotMove: expire(unit.cannotMove, turn),
    impactBonusAgainst: expire(unit.impactBonusAgainst, turn),
    victoriousInTurn:
      unit.victoriousInTurn !== null && unit.victoriousInTurn < turn ? null : unit.victoriousInTurn,
  };
}

/** The old hand-to-hand evolve: only TurnEnded differed; every other event goes through src/ as before. */
export function evolveHandToHandBefore(state: HandToHandState, event: HandToHandEvent): HandToHandState {
  if (event.type !== 'TurnEnded') return handToHand.decider.evolve(state, event);
  if (!state.created) throw new Error(`event ${event.type} before MatchCreated`);
  const match: MatchState = state;
  const { turn, activeSide } = event.data;
  const units = Object.fromEntries(
    Object.entries(match.units).map(([unitId, unit]) => [unitId, expireFlags(unit, turn)]),
  );
  return { ...match, turn, activeSide, units, charges: [] };
}

function isOpen(request: UndoRequest): boolean {
  return request.status === 'open';
}

function lapseOpen(requests: UndoRequest[]): UndoRequest[] {
  return requests.some(isOpen)
    ? requests.map((r) => (isOpen(r) ? { ...r, status: 'lapsed' as const } : r))
    : requests;
}

export function evolveMetaBefore(
  meta: MatchMeta,
  event: { type: string; data: unknown },
  revision: number,
  serverRollsInEvent: number,
): MatchMeta {
  const next =
    serverRollsInEvent > 0 ? { ...meta, serverRolls: meta.serverRolls + serverRollsInEvent } : meta;
  const e = event as MatchLevelEvent | { type: 'TurnEnded'; data: unknown };
  switch (e.type) {
    case 'TurnEnded':
      return { ...next, turnStartedAt: revision, undoRequests: lapseOpen(next.undoRequests) };
    case 'ClientSeedAdded':
      return { ...next, clientSeeds: { ...next.clientSeeds, [e.data.side]: e.data.seed } };
    case 'UndoRequested':
      return { ...next, undoRequests: [...next.undoRequests, { ...e.data, status: 'open' }] };
    case 'UndoAgreed':
    case 'UndoDeclined': {
      const status = e.type === 'UndoAgreed' ? 'agreed' : 'declined';
      return {
        ...next,
        undoRequests: next.undoRequests.map((r) => (r.requestId === e.data.requestId ? { ...r, status } : r)),
      };
    }
    case 'ActionsReverted': {
      const undoRequests = lapseOpen(next.undoRequests);
      const range: number[] = [];
      for (let r = e.data.fromRevision; r <= e.data.throughRevision; r++) range.push(r);
      return {
        ...next,
        undoRequests,
        reverted: [...new Set([...next.reverted, ...range])].sort((a, b) => a - b),
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

/** The ruleset as it was: hand-to-hand with the old evolve; any other ruleset unchanged. */
export function rulesetBefore(ruleset: AnyRuleset): AnyRuleset {
  if (ruleset.id !== handToHand.id) return ruleset;
  return {
    ...ruleset,
    decider: { ...ruleset.decider, evolve: evolveHandToHandBefore },
  } as unknown as AnyRuleset;
}

/** MatchFold.apply as it was (without snapshots or retained revisions, which the comparison needs not). */
export class MatchFoldBefore {
  private readonly kept = new Map<number, KeptState>();
  private current: unknown;
  private currentMeta: MatchMeta = initialMeta();
  private readonly ruleset: AnyRuleset;

  constructor(ruleset: AnyRuleset) {
    this.ruleset = rulesetBefore(ruleset);
    this.current = this.ruleset.decider.initialState();
    this.kept.set(0, { state: this.current, turnStartedAt: 1 });
  }

  apply(event: FoldableEvent): void {
    const revision = event.metadata.revision;
    let meta = evolveMetaBefore(this.currentMeta, event, revision, serverRollsIn([event.data]).length);
    let state = this.current;
    if (event.type === 'ActionsReverted') {
      const target = (event.data as { toRevision: number }).toRevision;
      const back = this.kept.get(target);
      if (!back) throw new RangeError(`the state after event ${target} is not kept`);
      state = back.state;
      meta = { ...meta, turnStartedAt: back.turnStartedAt };
    } else if (!isMatchLevelEvent(event)) {
      state = this.ruleset.decider.evolve(state, { type: event.type, data: event.data } as DomainEvent);
    }
    const turnBegan = meta.turnStartedAt !== this.currentMeta.turnStartedAt;
    this.current = state;
    this.currentMeta = meta;
    this.kept.set(revision, { state, turnStartedAt: meta.turnStartedAt });
    if (turnBegan) {
      for (const kept of this.kept.keys()) if (kept < meta.turnStartedAt) this.kept.delete(kept);
    }
  }

  get state(): unknown {
    return this.current;
  }

  get meta(): MatchMeta {
    return this.currentMeta;
  }
}
