import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import BetterSqlite3, { type Database, type Statement } from 'better-sqlite3';
import { AppendSignal } from '../append-signal.js';
import { catchUpSubscription } from '../catch-up-subscription.js';
import { assertAppendable, sealBatch } from '../envelope.js';
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
}

type EventRow = [position: number, type: string, data: string, metadata: string];

const MAX_LIMIT = -1; // SQLite: LIMIT -1 means no limit

/**
 * The embedded default store: one SQLite file in WAL mode. better-sqlite3 is synchronous, so an
 * append is one IMMEDIATE transaction (the write lock is taken before the head is read, which makes
 * the expected-revision check and the insert atomic across processes too).
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
    byCommand: Statement<[string, string], { position: number; revision: number }>;
    insert: Statement<[string, number, string, string, string, string, string]>;
    readStream: Statement<[string, number, number], EventRow>;
    readAll: Statement<[number, number], EventRow>;
    readAllPrefixed: Statement<[number, string, string, number], EventRow>;
  };
  private readonly appendTransaction: (
    stream: string,
    events: NewEvent[],
    options: AppendOptions,
  ) => AppendResult;

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
      byCommand: this.db.prepare(
        'SELECT position, revision FROM events WHERE stream = ? AND command_id = ? ORDER BY position',
      ),
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

    const transaction = this.db.transaction(this.appendInTransaction.bind(this));
    this.appendTransaction = (stream, events, options) => transaction.immediate(stream, events, options);
  }

  private appendInTransaction(stream: string, events: NewEvent[], options: AppendOptions): AppendResult {
    const found = this.statements.headAndSeen.get({ stream, commandId: options.commandId });
    if (found?.seen) {
      const earlier = this.statements.byCommand.all(stream, options.commandId);
      return {
        nextRevision: earlier[earlier.length - 1]!.revision,
        positions: earlier.map((row) => row.position),
        duplicate: true,
      };
    }
    const head = found ? { revision: found.revision, hash: found.hash } : { revision: 0, hash: GENESIS_HASH };
    checkExpectedRevision(stream, options.expectedRevision, head.revision);
    const sealed = sealBatch(stream, head, events, options, options.at ?? new Date().toISOString());
    const positions = sealed.map((event) => {
      const { lastInsertRowid } = this.statements.insert.run(
        stream,
        event.metadata.revision,
        options.commandId,
        event.type,
        JSON.stringify(event.data),
        JSON.stringify(event.metadata),
        event.metadata.hash,
      );
      return Number(lastInsertRowid);
    });
    return { nextRevision: head.revision + events.length, positions, duplicate: false };
  }

  async append(stream: string, events: NewEvent[], options: AppendOptions): Promise<AppendResult> {
    assertAppendable(stream, events, options);
    assertValidExpectedRevision(options.expectedRevision);
    const result = this.appendTransaction(stream, events, options);
    if (!result.duplicate) this.signal.notify();
    return result;
  }

  async readStream(stream: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const rows = this.statements.readStream.all(
      stream,
      options.fromRevision ?? 1,
      options.maxCount ?? MAX_LIMIT,
    );
    return rows.map(toRecordedEvent);
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
