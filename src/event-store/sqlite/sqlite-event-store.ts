import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import BetterSqlite3, { type Database, type Statement } from 'better-sqlite3';
import { AppendSignal } from '../append-signal.js';
import { catchUpSubscription } from '../catch-up-subscription.js';
import { assertAppendable, firstCommand, prefixEnd, sealBatch } from '../envelope.js';
import type {
  AppendOptions,
  AppendResult,
  EventHandler,
  EventMetadata,
  EventStore,
  NewEvent,
  ReadAllOptions,
  ReadStreamOptions,
  RecordedEvent,
  StoreHealth,
  SubscribeOptions,
  Subscription,
} from '../event-store.port.js';
import { assertValidExpectedRevision, checkExpectedRevision } from '../expected-revision.js';
import { GENESIS_HASH } from '../hash-chain.js';
import { migrate } from './migrations.js';

export interface SqliteEventStoreOptions {
  /** Path of the database file (created with its folder), or ':memory:'. */
  file: string;
  /**
   * FULL (default) fsyncs the WAL at every commit: an acknowledged append survives power loss.
   * NORMAL survives a process crash but may lose the last commits on power loss.
   */
  synchronous?: 'FULL' | 'NORMAL';
  /** How long a writer waits for another process's write lock before failing. */
  busyTimeoutMs?: number;
  /** How often a caught-up subscription looks for appends made by other processes. */
  pollMs?: number;
  /** The most appends committed together in one transaction (group commit). Default 512. */
  maxGroup?: number;
}

/** An append waiting for its group's commit, and then what became of it. */
interface PendingAppend {
  stream: string;
  events: NewEvent[];
  options: AppendOptions;
  resolve: (result: AppendResult) => void;
  reject: (error: unknown) => void;
  result?: AppendResult;
  error?: unknown;
}

type EventRow = [position: number, type: string, data: string, metadata: string];

const MAX_LIMIT = -1; // SQLite: LIMIT -1 means no limit

/**
 * The embedded default store: one SQLite file in WAL mode. better-sqlite3 is synchronous; appends are
 * grouped into one IMMEDIATE transaction per turn of the event loop (the write lock is taken before
 * any head is read, which makes each expected-revision check and its inserts atomic across processes
 * too), so concurrent commands share one fsync instead of queueing for one each.
 */
export class SqliteEventStore implements EventStore {
  private readonly db: Database;
  private readonly signal = new AppendSignal();
  private readonly subscriptions = new Set<Subscription>();
  private readonly pollMs: number;
  private readonly statements: {
    headAndSeen: Statement<
      { stream: string; commandId: string },
      { revision: number; hash: string; seen: number }
    >;
    byCommand: Statement<[string, string], EventRow>;
    byCommandPrefix: Statement<[string, string, string], EventRow>;
    insert: Statement<[string, number, string, string, string, string, string]>;
    readStream: Statement<[string, number, number], EventRow>;
    readAll: Statement<[number, number], EventRow>;
    readAllPrefixed: Statement<[number, string, string, number], EventRow>;
  };
  /** Appends waiting for the next group commit. */
  private pending: PendingAppend[] = [];
  private readonly commitGroup: (group: PendingAppend[]) => void;
  private readonly maxGroup: number;

  constructor(readonly options: SqliteEventStoreOptions) {
    if (options.file !== ':memory:') mkdirSync(dirname(options.file), { recursive: true });
    this.db = new BetterSqlite3(options.file);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma(`synchronous = ${options.synchronous ?? 'FULL'}`);
    this.db.pragma(`busy_timeout = ${options.busyTimeoutMs ?? 10_000}`);
    this.pollMs = options.pollMs ?? 250;
    migrate(this.db);

    this.statements = {
      // One statement on the hot path: the head, and whether this command is already in the stream
      // (positions of a duplicate are looked up only when there is one).
      headAndSeen: this.db.prepare(
        `SELECT revision, hash,
                EXISTS (SELECT 1 FROM events WHERE stream = :stream AND command_id = :commandId) AS seen
         FROM events WHERE stream = :stream ORDER BY revision DESC LIMIT 1`,
      ),
      // ORDER BY position, not revision: with revision the planner walks the whole stream through the
      // (stream, revision) index instead of seeking events_by_command, and appends slow down as a match grows.
      byCommand: this.db
        .prepare<[string, string], EventRow>(
          'SELECT position, type, data, metadata FROM events WHERE stream = ? AND command_id = ? ORDER BY position',
        )
        .raw(true),
      // A range on the (stream, command_id) index: the commandIds that start with the prefix.
      byCommandPrefix: this.db
        .prepare<[string, string, string], EventRow>(
          `SELECT position, type, data, metadata FROM events
           WHERE stream = ? AND command_id >= ? AND command_id < ? ORDER BY position`,
        )
        .raw(true),
      insert: this.db.prepare(
        'INSERT INTO events (stream, revision, command_id, type, data, metadata, hash) VALUES (?, ?, ?, ?, ?, ?, ?)',
      ),
      readStream: this.db
        .prepare<[string, number, number], EventRow>(
          'SELECT position, type, data, metadata FROM events WHERE stream = ? AND revision >= ? ORDER BY revision LIMIT ?',
        )
        .raw(true),
      readAll: this.db
        .prepare<[number, number], EventRow>(
          'SELECT position, type, data, metadata FROM events WHERE position > ? ORDER BY position LIMIT ?',
        )
        .raw(true),
      // substr() rather than LIKE: stream names may hold % or _.
      readAllPrefixed: this.db
        .prepare<[number, string, string, number], EventRow>(
          `SELECT position, type, data, metadata FROM events
           WHERE position > ? AND substr(stream, 1, length(?)) = ? ORDER BY position LIMIT ?`,
        )
        .raw(true),
    };

    // Group commit: the appends that arrive together go into one IMMEDIATE transaction, so one fsync
    // makes them all durable. Each runs in its own savepoint (a nested better-sqlite3 transaction):
    // one that fails its expected-revision check, or throws, leaves no row and fails alone.
    this.maxGroup = options.maxGroup ?? 512;
    const one = this.db.transaction(this.appendInTransaction.bind(this));
    const group = this.db.transaction((appends: PendingAppend[]) => {
      for (const append of appends) {
        try {
          append.result = one(append.stream, append.events, append.options);
        } catch (error) {
          append.error = error;
        }
      }
    });
    this.commitGroup = (appends) => group.immediate(appends);
  }

  private appendInTransaction(stream: string, events: NewEvent[], options: AppendOptions): AppendResult {
    const found = this.statements.headAndSeen.get({ stream, commandId: options.commandId });
    if (found?.seen) {
      const earlier = this.statements.byCommand.all(stream, options.commandId).map(toRecordedEvent);
      return {
        nextRevision: earlier[earlier.length - 1]!.metadata.revision,
        positions: earlier.map((event) => event.position),
        duplicate: true,
        events: earlier,
      };
    }
    const head = found ? { revision: found.revision, hash: found.hash } : { revision: 0, hash: GENESIS_HASH };
    checkExpectedRevision(stream, options.expectedRevision, head.revision);
    const sealed = sealBatch(stream, head, events, options, options.at ?? new Date().toISOString());
    const recorded = sealed.map((event): RecordedEvent => {
      const { lastInsertRowid } = this.statements.insert.run(
        stream,
        event.metadata.revision,
        options.commandId,
        event.type,
        JSON.stringify(event.data),
        JSON.stringify(event.metadata),
        event.metadata.hash,
      );
      return { ...event, position: Number(lastInsertRowid) };
    });
    return {
      nextRevision: head.revision + events.length,
      positions: recorded.map((event) => event.position),
      duplicate: false,
      events: recorded,
    };
  }

  append(stream: string, events: NewEvent[], options: AppendOptions): Promise<AppendResult> {
    try {
      assertAppendable(stream, events, options);
      assertValidExpectedRevision(options.expectedRevision);
    } catch (error) {
      return Promise.reject(error);
    }
    return new Promise((resolve, reject) => {
      this.pending.push({ stream, events, options, resolve, reject });
      // setImmediate, not a microtask: the group takes every append made while this turn of the
      // event loop handles the requests that have arrived, and commits after them.
      if (this.pending.length === 1) setImmediate(() => this.flush());
    });
  }

  /** Commits the waiting appends, at most maxGroup per transaction, then answers each. */
  private flush(): void {
    while (this.pending.length > 0) {
      const group = this.pending.splice(0, this.maxGroup);
      try {
        this.commitGroup(group);
      } catch (error) {
        // The transaction itself failed (busy past the timeout, disk full): nothing of it was committed.
        for (const append of group) append.reject(error);
        continue;
      }
      let appended = false;
      for (const append of group) {
        if (append.result) {
          appended ||= !append.result.duplicate;
          append.resolve(append.result);
        } else {
          append.reject(append.error);
        }
      }
      if (appended) this.signal.notify();
    }
  }

  async readStream(stream: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const rows = this.statements.readStream.all(
      stream,
      options.fromRevision ?? 1,
      options.maxCount ?? MAX_LIMIT,
    );
    return rows.map(toRecordedEvent);
  }

  async findCommand(stream: string, commandIdPrefix: string): Promise<RecordedEvent[]> {
    const rows = this.statements.byCommandPrefix.all(stream, commandIdPrefix, prefixEnd(commandIdPrefix));
    return firstCommand(rows.map(toRecordedEvent));
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const from = options.fromPosition ?? 0;
    const limit = options.maxCount ?? MAX_LIMIT;
    const rows = options.streamPrefix
      ? this.statements.readAllPrefixed.all(from, options.streamPrefix, options.streamPrefix, limit)
      : this.statements.readAll.all(from, limit);
    return rows.map(toRecordedEvent);
  }

  subscribe(options: SubscribeOptions, handler: EventHandler): Subscription {
    const subscription = catchUpSubscription(
      (o) => this.readAll(o),
      this.signal,
      options,
      handler,
      this.pollMs,
    );
    this.subscriptions.add(subscription);
    void subscription.done.finally(() => this.subscriptions.delete(subscription)).catch(() => undefined);
    return subscription;
  }

  async health(): Promise<StoreHealth> {
    try {
      this.db.prepare('SELECT 1').get();
      return { store: 'sqlite', status: 'up', detail: this.options.file };
    } catch (error) {
      return {
        store: 'sqlite',
        status: 'down',
        detail: error instanceof Error ? error.message : String(error),
      };
    }
  }

  async close(): Promise<void> {
    // Appends already accepted are committed and answered, not dropped with the connection.
    this.flush();
    await Promise.all([...this.subscriptions].map((s) => s.close()));
    if (this.db.open) this.db.close();
  }

  /** Test hook: the contract suite edits rows directly to prove the chain check catches it. */
  get database(): Database {
    return this.db;
  }
}

function toRecordedEvent([position, type, data, metadata]: EventRow): RecordedEvent {
  return { type, data: JSON.parse(data), metadata: JSON.parse(metadata) as EventMetadata, position };
}
