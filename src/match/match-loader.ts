import { Inject, Injectable } from '@nestjs/common';
import { EVENT_STORE, type EventStore, type RecordedEvent } from '../event-store/event-store.port.js';
import type { DomainEvent } from '../rules/common/decider.js';
import { type AnyRuleset, rulesetById } from '../rules/registry.js';
import { MatchNotFoundError } from './match-errors.js';
import { matchStream } from './match-stream.js';

/** A match as it stands at one revision of its stream. */
export interface LoadedMatch {
  matchId: string;
  ruleset: AnyRuleset;
  /** Every event of the stream, in order. */
  events: RecordedEvent[];
  revision: number;
  state: unknown;
}

/** Folds a match's recorded events through its ruleset (C-3: the same events give the same state). */
export function foldMatch(matchId: string, events: RecordedEvent[]): LoadedMatch {
  const first = events[0];
  const rulesetId = first?.metadata.ruleset?.id;
  const ruleset = rulesetId ? rulesetById(rulesetId) : undefined;
  if (!first || !ruleset) throw new MatchNotFoundError(matchId);
  const { decider } = ruleset;
  let state = decider.initialState();
  for (const event of events)
    state = decider.evolve(state, { type: event.type, data: event.data } as DomainEvent);
  return {
    matchId,
    ruleset,
    events,
    revision: first ? events[events.length - 1]!.metadata.revision : 0,
    state,
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
