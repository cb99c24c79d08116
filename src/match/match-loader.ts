import { Injectable } from '@nestjs/common';
import type { LoadedMatch } from './match-aggregate.js';
import { MatchAggregates } from './match-aggregates.js';
import type { MatchMeta } from '../rules/match/match-level.js';

export { foldMatch, type LoadedMatch } from './match-aggregate.js';

/** The match as it stands now, for other rooms (keys, audit, live feeds, read models): from the aggregate cache. */
@Injectable()
export class MatchLoader {
  constructor(private readonly aggregates: MatchAggregates) {}

  async load(matchId: string): Promise<LoadedMatch> {
    return (await this.aggregates.current(matchId)).current();
  }

  /** The ruleset state right after event `revision`: kept in memory, or rebuilt from a snapshot. */
  async stateAt(matchId: string, revision: number): Promise<unknown> {
    return this.aggregates.stateAt(await this.aggregates.current(matchId), revision);
  }

  /** The ruleset state and the match-level state right after event `revision` (0: before the first). */
  async matchAt(matchId: string, revision: number): Promise<{ state: unknown; meta: MatchMeta }> {
    return this.aggregates.matchAt(await this.aggregates.current(matchId), revision);
  }
}
