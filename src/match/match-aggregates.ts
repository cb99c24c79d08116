import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { EVENT_STORE, type EventStore, type RecordedEvent } from '../event-store/event-store.port.js';
import { type KeptState, StateNotKeptError } from './fold.js';
import { MatchAggregate, type MatchAggregateImage } from './match-aggregate.js';
import { MatchNotFoundError } from './match-errors.js';
import { matchStream } from './match-stream.js';
import { LeastRecentlyUsed } from './least-recently-used.js';
import { initialMeta, type MatchMeta } from '../rules/match/match-level.js';
import { SNAPSHOT_STORE, type SnapshotStore } from './snapshots/snapshot-store.js';

/** Bumped whenever MatchAggregateImage or MatchFoldImage changes shape: older snapshots are then ignored. */
const SNAPSHOT_FORMAT = 3;
/**
 * Older formats this build still reads: format 2 is format 3 without shared kept states
 * (MatchFoldImage.kept), so its images load as they are. A build that knows only format 2 ignores
 * format 3's, whose shared entries it would read as null states.
 */
const SNAPSHOT_FORMATS_READ = new Set([2, SNAPSHOT_FORMAT]);
/** Events read from the store at once on a cold load; the load yields to other requests between pages. */
const PAGE = 1000;

const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * The matches, folded and kept in memory (least recently used go past a bound of matches and bytes).
 * A miss is rebuilt from the latest snapshot plus the events after it; a hit reads only the events it
 * has not seen. Saving a snapshot every K events keeps a cold load short however long the match.
 */
@Injectable()
export class MatchAggregates implements OnApplicationShutdown {
  private readonly logger = new Logger('match-aggregates');
  private readonly cache: LeastRecentlyUsed<MatchAggregate>;
  /** One cold load per match at a time: concurrent misses share it. */
  private readonly loading = new Map<string, Promise<MatchAggregate>>();
  private readonly snapshotEvery: number;

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(SNAPSHOT_STORE) private readonly snapshots: SnapshotStore,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.cache = new LeastRecentlyUsed(config.matchCacheMatches, config.matchCacheBytes);
    this.snapshotEvery = config.snapshotEveryEvents;
  }

  /** The aggregate as this instance last saw it, loaded if it is not in memory (MatchNotFoundError). */
  async cached(matchId: string): Promise<MatchAggregate> {
    const hit = this.cache.get(matchId);
    if (hit) return hit;
    let loading = this.loading.get(matchId);
    if (!loading) {
      loading = this.coldLoad(matchId).finally(() => this.loading.delete(matchId));
      this.loading.set(matchId, loading);
    }
    const aggregate = await loading;
    this.cache.set(matchId, aggregate, aggregate.bytes);
    return aggregate;
  }

  /** The aggregate with every event in the store applied: what a read answers from. */
  async current(matchId: string): Promise<MatchAggregate> {
    return this.catchUp(await this.cached(matchId));
  }

  /** Undefined for a match that does not exist yet (CreateMatch). */
  async find(matchId: string): Promise<MatchAggregate | undefined> {
    try {
      return await this.current(matchId);
    } catch (error) {
      if (error instanceof MatchNotFoundError) return undefined;
      throw error;
    }
  }

  /** Reads the events appended after the aggregate's revision (by anyone) and applies them. */
  async catchUp(aggregate: MatchAggregate): Promise<MatchAggregate> {
    const stream = matchStream(aggregate.matchId);
    for (;;) {
      const tail = await this.store.readStream(stream, {
        fromRevision: aggregate.revision + 1,
        maxCount: PAGE,
      });
      await this.absorb(aggregate, tail);
      if (tail.length < PAGE) return aggregate;
      await yieldToEventLoop();
    }
  }

  /** A new match's first events, as its creating append recorded them. */
  started(matchId: string, events: readonly RecordedEvent[]): MatchAggregate {
    const aggregate = MatchAggregate.start(matchId, events[0]!);
    for (const event of events.slice(1)) aggregate.absorb(event);
    this.cache.set(matchId, aggregate, aggregate.bytes);
    return aggregate;
  }

  /**
   * Applies recorded events in order (ones it already holds are skipped). A gap is filled from the
   * store; a revert to a state no longer in memory has it rebuilt first.
   */
  async absorb(aggregate: MatchAggregate, events: readonly RecordedEvent[]): Promise<void> {
    const before = aggregate.revision;
    for (const event of events) {
      let applied: boolean;
      try {
        applied = aggregate.absorb(event);
      } catch (error) {
        if (!(error instanceof StateNotKeptError)) throw error;
        aggregate.fold.provide(
          error.revision,
          await this.rebuildKeptState(aggregate.matchId, error.revision),
        );
        applied = aggregate.absorb(event);
      }
      if (!applied) {
        await this.catchUp(aggregate);
        break;
      }
    }
    this.cache.resize(aggregate.matchId, aggregate.bytes);
    this.maybeSnapshot(aggregate, before);
  }

  /**
   * The ruleset state right after event `revision`: from memory when the current turn holds it,
   * otherwise rebuilt from the nearest snapshot before it (a judge's backup, `state?at=` of the past).
   */
  async stateAt(aggregate: MatchAggregate, revision: number): Promise<unknown> {
    if (!Number.isInteger(revision) || revision < 0 || revision > aggregate.revision) {
      throw new RangeError(`no event ${revision} in this match`);
    }
    if (aggregate.fold.keeps(revision)) return aggregate.fold.stateAt(revision);
    return (await this.rebuildKeptState(aggregate.matchId, revision)).state;
  }

  /**
   * The ruleset state and the match-level state right after event `revision` (0: before the first):
   * what an answer given as of an earlier revision is built from.
   */
  async matchAt(aggregate: MatchAggregate, revision: number): Promise<{ state: unknown; meta: MatchMeta }> {
    if (!Number.isInteger(revision) || revision < 0 || revision > aggregate.revision) {
      throw new RangeError(`no event ${revision} in this match`);
    }
    if (revision === 0) return { state: aggregate.ruleset.decider.initialState(), meta: initialMeta() };
    const meta = aggregate.fold.keeps(revision) ? aggregate.fold.metaAt(revision) : undefined;
    if (meta) return { state: aggregate.fold.stateAt(revision), meta };
    const rebuilt = await this.rebuildKeptState(aggregate.matchId, revision);
    return { state: rebuilt.state, meta: rebuilt.meta ?? initialMeta() };
  }

  /** Folds the match up to `revision` from the nearest usable snapshot at or before it. */
  private async rebuildKeptState(matchId: string, revision: number): Promise<KeptState> {
    const stream = matchStream(matchId);
    let aggregate = await this.fromSnapshot(matchId, revision);
    if (!aggregate) {
      const [first] = await this.store.readStream(stream, { maxCount: 1 });
      if (!first) throw new MatchNotFoundError(matchId);
      aggregate = MatchAggregate.start(matchId, first);
    }
    while (aggregate.revision < revision) {
      const page = await this.store.readStream(stream, {
        fromRevision: aggregate.revision + 1,
        maxCount: Math.min(PAGE, revision - aggregate.revision),
      });
      if (page.length === 0) break;
      for (const event of page) {
        try {
          aggregate.absorb(event);
        } catch (error) {
          // A revert inside the rebuilt stretch to a state even further back: rebuild that one too.
          if (!(error instanceof StateNotKeptError)) throw error;
          aggregate.fold.provide(error.revision, await this.rebuildKeptState(matchId, error.revision));
          aggregate.absorb(event);
        }
      }
      await yieldToEventLoop();
    }
    return {
      state: aggregate.fold.state,
      turnStartedAt: aggregate.fold.meta.turnStartedAt,
      meta: aggregate.fold.meta,
    };
  }

  private async coldLoad(matchId: string): Promise<MatchAggregate> {
    const stream = matchStream(matchId);
    let aggregate = await this.fromSnapshot(matchId);
    if (!aggregate) {
      const [first] = await this.store.readStream(stream, { maxCount: 1 });
      if (!first) throw new MatchNotFoundError(matchId);
      aggregate = MatchAggregate.start(matchId, first);
    }
    return this.catchUp(aggregate);
  }

  /**
   * The latest snapshot (at or before `atMost`) that stands on the stream's chain, as an aggregate.
   * One that names another ruleset version, an older image format, or a hash the stream does not have
   * at that revision is discarded: a snapshot is only a cache.
   */
  private async fromSnapshot(matchId: string, atMost?: number): Promise<MatchAggregate | undefined> {
    const stream = matchStream(matchId);
    for (;;) {
      const snapshot = await this.snapshots.latest(stream, atMost);
      if (!snapshot) return undefined;
      const [at] = await this.store.readStream(stream, { fromRevision: snapshot.revision, maxCount: 1 });
      if (SNAPSHOT_FORMATS_READ.has(snapshot.format) && at?.metadata.hash === snapshot.hash) {
        try {
          const image = JSON.parse(snapshot.image) as MatchAggregateImage;
          const ref = at.metadata.ruleset;
          if (
            ref &&
            snapshot.ruleset === `${ref.id}@${ref.version}` &&
            image.fold.revision === snapshot.revision
          ) {
            return MatchAggregate.fromImage(image, snapshot.image.length * 2);
          }
        } catch (error) {
          this.logger.warn(`snapshot ${stream}@${snapshot.revision} cannot be read: ${String(error)}`);
        }
      }
      this.logger.warn(`snapshot ${stream}@${snapshot.revision} does not match the stream; discarded`);
      await this.snapshots.discard(stream, snapshot.revision);
    }
  }

  /** Saves a snapshot when the aggregate has crossed a multiple of K events (after the answer, not before). */
  private maybeSnapshot(aggregate: MatchAggregate, before: number): void {
    const every = this.snapshotEvery;
    if (Math.floor(aggregate.revision / every) === Math.floor(before / every)) return;
    const image = JSON.stringify(aggregate.image());
    aggregate.bytes = image.length * 2;
    const ref = aggregate.rulesetRef;
    const snapshot = {
      stream: matchStream(aggregate.matchId),
      revision: aggregate.revision,
      hash: aggregate.headHash,
      ruleset: `${ref.id}@${ref.version}`,
      format: SNAPSHOT_FORMAT,
      image,
    };
    setImmediate(() => {
      this.snapshots.save(snapshot).catch((error: unknown) => {
        this.logger.warn(`snapshot ${snapshot.stream}@${snapshot.revision} not saved: ${String(error)}`);
      });
    });
  }

  /** Forgets every cached match (tests; a judge's tooling after editing snapshots by hand). */
  clear(): void {
    this.cache.clear();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.snapshots.close();
  }
}
