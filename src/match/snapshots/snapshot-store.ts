/**
 * Snapshots of a match's fold, every K events: a cold load is the latest snapshot plus the events after
 * it, not the whole stream. They are a cache, nothing more: a snapshot is saved with the revision and
 * chain hash it stands at, one that does not match the chain is ignored, and deleting them all
 * changes no answer (only how long the next load takes).
 */
export interface MatchSnapshot {
  stream: string;
  revision: number;
  /** The hash of the event at `revision`: the snapshot stands on exactly that chain. */
  hash: string;
  /** `id@version` of the ruleset the fold was made with; another version's snapshot is not used. */
  ruleset: string;
  /** The shape of `image`; bumped when the fold's image changes, so that old snapshots are ignored. */
  format: number;
  /** The aggregate's image, as JSON text. */
  image: string;
}

export interface SnapshotStore {
  /** The latest snapshot of the stream at or before `atMost` (default: the latest of all). */
  latest(stream: string, atMost?: number): Promise<MatchSnapshot | undefined>;
  save(snapshot: MatchSnapshot): Promise<void>;
  /** Forgets a snapshot found not to match its stream. */
  discard(stream: string, revision: number): Promise<void>;
  close(): Promise<void>;
}

export const SNAPSHOT_STORE = Symbol('SNAPSHOT_STORE');

/** For tests and the in-memory event store. */
export class InMemorySnapshotStore implements SnapshotStore {
  private readonly snapshots = new Map<string, MatchSnapshot[]>();

  async latest(stream: string, atMost = Number.POSITIVE_INFINITY): Promise<MatchSnapshot | undefined> {
    const list = this.snapshots.get(stream) ?? [];
    for (let i = list.length - 1; i >= 0; i--) if (list[i]!.revision <= atMost) return list[i];
    return undefined;
  }

  async save(snapshot: MatchSnapshot): Promise<void> {
    const list = (this.snapshots.get(snapshot.stream) ?? []).filter((s) => s.revision !== snapshot.revision);
    list.push(snapshot);
    list.sort((a, b) => a.revision - b.revision);
    this.snapshots.set(snapshot.stream, list);
  }

  async discard(stream: string, revision: number): Promise<void> {
    const list = this.snapshots.get(stream) ?? [];
    this.snapshots.set(
      stream,
      list.filter((s) => s.revision !== revision),
    );
  }

  async close(): Promise<void> {}

  /** Test hook. */
  count(stream: string): number {
    return this.snapshots.get(stream)?.length ?? 0;
  }
}
