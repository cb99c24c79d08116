import { Inject, Injectable } from '@nestjs/common';
import { EVENT_STORE, type EventStore, type RecordedEvent } from '../event-store/event-store.port.js';
import { type AnyRuleset, rulesetById } from '../rules/registry.js';
import { MatchNotFoundError } from './match-errors.js';
import { MatchFold } from './fold.js';
import type { MatchMeta } from './match-level.js';
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

/** Folds a whole match stream (see MatchFold). */
export function foldMatch(matchId: string, events: RecordedEvent[]): LoadedMatch {
  return foldMatchWithFold(matchId, events).match;
}

/** The same, keeping the fold, so that a caller can go on folding the events appended after these. */
export function foldMatchWithFold(
  matchId: string,
  events: RecordedEvent[],
): { match: LoadedMatch; fold: MatchFold } {
  const first = events[0];
  const rulesetId = first?.metadata.ruleset?.id;
  const ruleset = rulesetId ? rulesetById(rulesetId) : undefined;
  if (!first || !ruleset) throw new MatchNotFoundError(matchId);
  const fold = new MatchFold(ruleset);
  for (const event of events) fold.apply(event);
  return { match: loadedMatch(matchId, ruleset, events, fold), fold };
}

/** The match as a fold that has taken exactly these events stands. */
export function loadedMatch(
  matchId: string,
  ruleset: AnyRuleset,
  events: RecordedEvent[],
  fold: MatchFold,
): LoadedMatch {
  return {
    matchId,
    ruleset,
    events,
    revision: fold.revision,
    state: fold.state,
    meta: fold.meta,
    reverted: new Set(fold.meta.reverted),
    stateAt: (revision: number) => fold.stateAt(revision),
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
