import { serverRollsIn } from '../audit/dice-fairness.js';
import type { DomainEvent } from '../rules/common/decider.js';
import type { AnyRuleset } from '../rules/registry.js';
import { isMatchLevelEvent } from './match-events.js';
import { evolveMeta, initialMeta, type MatchMeta } from './match-level.js';

/** An event as folding needs it: what it is, and where it stands in its stream. */
export interface FoldableEvent {
  type: string;
  data: unknown;
  metadata: { revision: number };
}

/** A revert whose target is not an earlier event of the match (C-5). */
export class RevertTargetError extends Error {
  constructor(
    readonly revision: number,
    readonly target: unknown,
  ) {
    super(`ActionsReverted at event ${revision} goes back to ${String(target)}, which is no earlier event`);
    this.name = 'RevertTargetError';
  }
}

/**
 * Folds a match's events one at a time (C-3: the same events give the same state, anywhere). Ruleset
 * events go through the ruleset; ActionsReverted puts back the state as it stood after its target
 * (C-5), so a revert is exact whatever the ruleset keeps in its state; match-level events go into the
 * meta. Pure: the service's loader and the offline verifier fold with this same code.
 */
export class MatchFold {
  private readonly states: unknown[];
  private readonly turnStarts: number[] = [1];
  private current: unknown;
  private currentMeta: MatchMeta = initialMeta();
  private last = 0;

  constructor(private readonly ruleset: AnyRuleset) {
    this.current = ruleset.decider.initialState();
    this.states = [this.current];
  }

  apply(event: FoldableEvent): void {
    const revision = event.metadata.revision;
    let meta = evolveMeta(this.currentMeta, event, revision, serverRollsIn([event.data]).length);
    let state = this.current;
    if (event.type === 'ActionsReverted') {
      const target = (event.data as { toRevision?: unknown } | null)?.toRevision;
      if (
        typeof target !== 'number' ||
        !Number.isInteger(target) ||
        target < 0 ||
        target >= revision ||
        !(target in this.states)
      ) {
        throw new RevertTargetError(revision, target);
      }
      state = this.states[target];
      meta = { ...meta, turnStartedAt: this.turnStarts[target]! };
    } else if (!isMatchLevelEvent(event)) {
      state = this.ruleset.decider.evolve(state, { type: event.type, data: event.data } as DomainEvent);
    }
    this.current = state;
    this.currentMeta = meta;
    this.states[revision] = state;
    this.turnStarts[revision] = meta.turnStartedAt;
    this.last = revision;
  }

  /** The ruleset state now: reverted events do not count (C-5). */
  get state(): unknown {
    return this.current;
  }

  get meta(): MatchMeta {
    return this.currentMeta;
  }

  get revision(): number {
    return this.last;
  }

  /** The ruleset state as it stood right after event `revision` (0: before the match). */
  stateAt(revision: number): unknown {
    if (!Number.isInteger(revision) || revision < 0 || revision > this.last || !(revision in this.states)) {
      throw new RangeError(`no event ${revision} in this match`);
    }
    return this.states[revision];
  }
}
