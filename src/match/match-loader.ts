import { Inject, Injectable } from '@nestjs/common';
import { serverRollsIn } from '../audit/dice-fairness.js';
import { EVENT_STORE, type EventStore, type RecordedEvent } from '../event-store/event-store.port.js';
import type { DomainEvent } from '../rules/common/decider.js';
import { type AnyRuleset, rulesetById } from '../rules/registry.js';
import { MatchNotFoundError } from './match-errors.js';
import { isMatchLevelEvent } from './match-events.js';
import { evolveMeta, initialMeta, type MatchMeta } from './match-level.js';
import { matchStream } from './match-stream.js';

/** A match as it stands at one revision of its stream. */
export interface LoadedMatch {
  matchId: string;
  ruleset: AnyRuleset;
  /** Every event of the stream, in order, reverted ones included. */
  events: RecordedEvent[];
  revision: number;
  /** The ruleset state now: reverted events do not count (C-5). */
  state: unknown;
  meta: MatchMeta;
  /** Revisions undone by an ActionsReverted; they stay in the log. */
  reverted: ReadonlySet<number>;
  /** The ruleset state as it stood right after event `revision` (0: before the match). */
  stateAt(revision: number): unknown;
}

/**
 * Folds a match's recorded events (C-3: the same events give the same state, anywhere). Ruleset events
 * go through the ruleset; ActionsReverted puts back the state as it stood after its target (C-5), so
 * a revert is exact whatever the ruleset keeps in its state.
 */
export function foldMatch(matchId: string, events: RecordedEvent[]): LoadedMatch {
  const first = events[0];
  const rulesetId = first?.metadata.ruleset?.id;
  const ruleset = rulesetId ? rulesetById(rulesetId) : undefined;
  if (!first || !ruleset) throw new MatchNotFoundError(matchId);
  const { decider } = ruleset;

  const states: unknown[] = [decider.initialState()];
  const turnStarts: number[] = [1];
  let state = states[0];
  let meta = initialMeta();
  for (const event of events) {
    const revision = event.metadata.revision;
    meta = evolveMeta(meta, event, revision, serverRollsIn([event.data]).length);
    if (event.type === 'ActionsReverted') {
      const { toRevision } = event.data as { toRevision: number };
      state = states[toRevision];
      meta = { ...meta, turnStartedAt: turnStarts[toRevision]! };
    } else if (!isMatchLevelEvent(event)) {
      state = decider.evolve(state, { type: event.type, data: event.data } as DomainEvent);
    }
    states[revision] = state;
    turnStarts[revision] = meta.turnStartedAt;
  }
  const revision = events[events.length - 1]!.metadata.revision;
  return {
    matchId,
    ruleset,
    events,
    revision,
    state,
    meta,
    reverted: new Set(meta.reverted),
    stateAt(at: number) {
      if (!Number.isInteger(at) || at < 0 || at > revision)
        throw new RangeError(`no event ${at} in match ${matchId}`);
      return states[at];
    },
  };
}

@Injectable()
export class MatchLoader {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async events(matchId: string): Promise<RecordedEvent[]> {
    return this.store.readStream(matchStream(matchId));
  }

  async load(matchId: string): Promise<LoadedMatch> {
    return foldMatch(matchId, await this.events(matchId));
  }
}
