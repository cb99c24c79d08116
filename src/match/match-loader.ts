import { Inject, Injectable } from '@nestjs/common';
import { EVENT_STORE, type EventStore, type RecordedEvent } from '../event-store/event-store.port.js';
import type { LoadedMatch } from './match-aggregate.js';
import { MatchAggregates } from './match-aggregates.js';
import { matchStream } from './match-stream.js';

export { foldMatch, type LoadedMatch } from './match-aggregate.js';

/** The match as it stands now, for other rooms (keys, audit, live feeds): from the aggregate cache. */
@Injectable()
export class MatchLoader {
  constructor(
    private readonly aggregates: MatchAggregates,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  async load(matchId: string): Promise<LoadedMatch> {
    return (await this.aggregates.current(matchId)).current();
  }

  /** The ruleset state right after event `revision`: kept in memory, or rebuilt from a snapshot. */
  async stateAt(matchId: string, revision: number): Promise<unknown> {
    return this.aggregates.stateAt(await this.aggregates.current(matchId), revision);
  }

  /** The match's events 1 … `through`, in pages of `pageSize` (a whole log: exports and verification). */
  async *events(matchId: string, through: number, pageSize = 1000): AsyncGenerator<RecordedEvent[]> {
    for (let from = 1; from <= through; from += pageSize) {
      const page = await this.store.readStream(matchStream(matchId), {
        fromRevision: from,
        maxCount: Math.min(pageSize, through - from + 1),
      });
      if (page.length === 0) return;
      yield page;
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  }
}
