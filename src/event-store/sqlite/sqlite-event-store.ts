import { existsSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import BetterSqlite3, { type Database, type Statement } from 'better-sqlite3';
import { AppendSignal } from '../append-signal.js';
import { catchUpSubscription } from '../catch-up-subscription.js';
import { assertAppendable, firstCommand, prefixEnd } from '../envelope.js';
import type {
  AppendOptions,
  AppendResult,
  EventHandler,
  EventStore,
  NewEvent,
  ReadAllOptions,
  ReadStreamOptions,
  RecordedEvent,
  StoreHealth,
  SubscribeOptions,
  Subscription,
} from '../event-store.port.js';
import { assertValidExpectedRevision } from '../expected-revision.js';
import { migrate } from './migrations.js';
import {
  type AppendOutcome,
  type AppendRequest,
  type EventRow,
  settle,
  SqliteWriter,
  toRecordedEvent,
} from './sqlite-writer.js';

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
  /**
   * Other processes append to the same file (several instances): how often to look whether one has
   * committed (PRAGMA data_version, one page-cache check), so that the subscriptions here hear of it at
   * once instead of at their poll. Unset: only this process's appends ring them.
   */
  watchOtherWritersMs?: number;
  /** The most appends committed together in one transaction (group commit). Default 512. */
  maxGroup?: number;
  /**
   * `inline` (default): groups are sealed, written and fsynced on the calling thread. `thread`: on a
   * worker thread, while the main thread goes on deciding and answering (':memory:' is always inline).
   */
  writer?: 'thread' | 'inline';
}

const MAX_LIMIT = -1; // SQLite: LIMIT -1 means no limit

/** An append waiting for its group's commit. */
interface PendingAppend {
  request: AppendRequest;
  resolve: (result: AppendResult) => void;
  reject: (error: unknown) => void;
}

/**
 * The worker's entry: the compiled file beside this one, or, when running from source (tsx, jest), a
 * small bootstrap that registers tsx's loader in the worker and imports the source.
 */
function writerWorker(): { entry: string | URL; eval: boolean } {
  const here = fileURLToPath(import.meta.url);
  const compiled = here.replace(/sqlite-event-store\.(ts|js)$/, 'sqlite-writer.worker.js');
  if (here.endsWith('.js') && existsSync(compiled)) return { entry: compiled, eval: false };
  const source = pathToFileURL(here.replace(/sqlite-event-store\.(ts|js)$/, 'sqlite-writer.worker.ts')).href;
  return {
    entry: `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(source)}); });`,
    eval: true,
  };
}

/**
 * The embedded default store: one SQLite file in WAL mode. Appends are grouped: those made while a
 * group is being committed go together into the next one (one IMMEDIATE transaction, one fsync; see
 * SqliteWriter), so concurrent commands share an fsync instead of queueing for one each. The writer
 * runs on a worker thread: better-sqlite3 is synchronous, and the main thread would otherwise stand
 * still for every fsync. Reads stay on the main thread's own connection (WAL readers never wait).
 */
export class SqliteEventStore implements EventStore {
  private readonly db: Database;
  private readonly signal = new AppendSignal();
  private readonly subscriptions = new Set<Subscription>();
  private readonly pollMs: number;
  private readonly statements: {
    byCommandPrefix: Statement<[string, string, string], EventRow>;
    readStream: Statement<[string, number, number], EventRow>;
    readAll: Statement<[number, number], EventRow>;
    readAllPrefixed: Statement<[number, string, string, number], EventRow>;
  };
  /** Appends waiting for the next group commit, and whether a group is being committed now. */
  private pending: PendingAppend[] = [];
  private committing = false;
  private readonly maxGroup: number;
  private readonly inline?: SqliteWriter;
  /** The inline writer's own connection (none for ':memory:', whose one connection is the store). */
  private readonly writeDb?: Database;
  private readonly busyTimeoutMs: number;
  /** Since when the group at the head of `pending` has found the write lock taken, if it has. */
  private busySince?: number;
  private readonly worker?: Worker;
  private readonly inWorker = new Map<number, PendingAppend[]>();
  private nextGroupId = 1;
  /**
   * The reads at the head made in this turn of the event loop, with the append generation they saw.
   * A commit wakes every subscription at once (the bell's, the referee's, the feeds'; the bell then
   * wakes the read models), and each asks for the same events after the same position: the first
   * read is handed to the others. Only within the turn, and only while no append of this process has
   * come in since (a subscription that saw a later append reads again); an append by another process
   * in between is as if the read had been made a moment earlier, which the poll is there for.
   */
  private headReads: { key: string; generation: number; events: RecordedEvent[] }[] = [];
  /** The read connection's data_version as last seen: it changes when any other connection commits. */
  private readonly dataVersion?: Statement<[], number>;
  private seenDataVersion = 0;
  private readonly watch?: NodeJS.Timeout;

  constructor(readonly options: SqliteEventStoreOptions) {
    if (options.file !== ':memory:') mkdirSync(dirname(options.file), { recursive: true });
    this.db = new BetterSqlite3(options.file);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma(`synchronous = ${options.synchronous ?? 'FULL'}`);
    this.db.pragma(`busy_timeout = ${options.busyTimeoutMs ?? 10_000}`);
    this.pollMs = options.pollMs ?? 250;
    migrate(this.db);

    this.statements = {
      // A range on the (stream, command_id) index: the commandIds that start with the prefix.
      byCommandPrefix: this.db
        .prepare<[string, string, string], EventRow>(
          `SELECT position, type, data, metadata FROM events
           WHERE stream = ? AND command_id >= ? AND command_id < ? ORDER BY position`,
        )
        .raw(true),
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

    if (options.watchOtherWritersMs !== undefined && options.file !== ':memory:') {
      this.dataVersion = this.db.prepare<[], number>('PRAGMA data_version').pluck();
      this.seenDataVersion = this.dataVersion.get()!;
      this.watch = setInterval(() => this.lookForOtherWriters(), options.watchOtherWritersMs);
      this.watch.unref();
    }

    this.maxGroup = options.maxGroup ?? 512;
    this.busyTimeoutMs = options.busyTimeoutMs ?? 10_000;
    if (options.file === ':memory:') {
      this.inline = new SqliteWriter(this.db);
    } else if (options.writer !== 'thread') {
      // A connection of its own that never sleeps for the write lock: SQLite's busy handler would
      // hold the whole event loop while another process (an instance on the same file) commits.
      // A busy group waits for its turn on a timer instead (flush).
      this.writeDb = new BetterSqlite3(options.file);
      this.writeDb.pragma(`synchronous = ${options.synchronous ?? 'FULL'}`);
      this.writeDb.pragma('busy_timeout = 0');
      this.inline = new SqliteWriter(this.writeDb);
    } else {
      const { entry, eval: evaluate } = writerWorker();
      this.worker = new Worker(entry, {
        eval: evaluate,
        workerData: {
          file: options.file,
          synchronous: options.synchronous ?? 'FULL',
          busyTimeoutMs: options.busyTimeoutMs ?? 10_000,
        },
      });
      this.worker.on('message', (message: { id: number; outcomes?: AppendOutcome[]; failed?: string }) =>
        this.committed(message.id, message.outcomes, message.failed),
      );
      this.worker.on('error', (error) => this.writerFailed(error));
      this.worker.unref(); // an idle writer does not keep the process alive; one committing does (ref below)
    }
  }

  append(stream: string, events: NewEvent[], options: AppendOptions): Promise<AppendResult> {
    try {
      assertAppendable(stream, events, options);
      assertValidExpectedRevision(options.expectedRevision);
    } catch (error) {
      return Promise.reject(error);
    }
    return new Promise((resolve, reject) => {
      this.pending.push({ request: { stream, events, options }, resolve, reject });
      // setImmediate, not a microtask: the group takes every append made while this turn of the event
      // loop handles the requests that have arrived.
      if (this.pending.length === 1 && !this.committing) setImmediate(() => this.flush());
    });
  }

  /** Starts committing the waiting appends as one group, unless a group is being committed already. */
  private flush(): void {
    if (this.committing || this.pending.length === 0) return;
    const group = this.pending.splice(0, this.maxGroup);
    const requests = group.map((append) => append.request);
    if (this.inline) {
      let outcomes: AppendOutcome[];
      try {
        outcomes = this.inline.commit(requests);
        this.busySince = undefined;
      } catch (error) {
        const now = performance.now();
        if (isBusy(error) && now - (this.busySince ??= now) < this.busyTimeoutMs) {
          // Another process holds the write lock: the group goes back first in line and tries again
          // in a moment, while this process goes on serving.
          this.pending.unshift(...group);
          this.committing = true;
          setTimeout(() => {
            this.committing = false;
            this.flush();
          }, 1);
          return;
        }
        this.busySince = undefined;
        for (const append of group) append.reject(error);
        if (this.pending.length > 0) setImmediate(() => this.flush());
        return;
      }
      this.answer(group, outcomes);
      if (this.pending.length > 0) setImmediate(() => this.flush());
      return;
    }
    const id = this.nextGroupId++;
    this.committing = true;
    this.inWorker.set(id, group);
    this.worker!.ref();
    this.worker!.postMessage({ id, group: requests });
  }

  private committed(id: number, outcomes: AppendOutcome[] | undefined, failed: string | undefined): void {
    const group = this.inWorker.get(id);
    this.inWorker.delete(id);
    this.committing = false;
    this.worker!.unref();
    if (group) {
      // The transaction itself failed (busy past the timeout, disk full): nothing of it was committed.
      if (!outcomes) for (const append of group) append.reject(new Error(failed ?? 'the write failed'));
      else this.answer(group, outcomes);
    }
    this.flush();
  }

  private writerFailed(error: Error): void {
    this.committing = false;
    for (const group of this.inWorker.values()) for (const append of group) append.reject(error);
    this.inWorker.clear();
    for (const append of this.pending.splice(0)) append.reject(error);
  }

  private answer(group: PendingAppend[], outcomes: AppendOutcome[]): void {
    let appended = false;
    group.forEach((append, i) => {
      try {
        const result = settle(outcomes[i]!);
        appended ||= !result.duplicate;
        append.resolve(result);
      } catch (error) {
        append.reject(error);
      }
    });
    if (appended) this.signal.notify();
    // This process's own commit changed data_version too; the subscriptions just rung read past it
    // (and past any other process's commit before it), so neither needs a second ring.
    if (this.dataVersion) this.seenDataVersion = this.dataVersion.get()!;
  }

  private lookForOtherWriters(): void {
    if (!this.db.open) return;
    const version = this.dataVersion!.get()!;
    if (version === this.seenDataVersion) return;
    this.seenDataVersion = version;
    this.signal.notify();
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
    const key = `${from} ${limit} ${options.streamPrefix ?? ''}`;
    const generation = this.signal.generation;
    const shared = this.headReads.find((read) => read.key === key && read.generation === generation);
    if (shared) return shared.events.slice();
    const rows = options.streamPrefix
      ? this.statements.readAllPrefixed.all(from, options.streamPrefix, options.streamPrefix, limit)
      : this.statements.readAll.all(from, limit);
    const events = rows.map(toRecordedEvent);
    // A full page is a catch-up through the backlog, read once (the read models share those pages),
    // and a read of everything is no subscriber's: only a page that reached the head is shared. Only
    // for the turn: events kept longer would outlive the young generation and cost the GC more than
    // parsing them again (measured: a cache of the last 2,048 decoded events did).
    if (limit !== MAX_LIMIT && rows.length < limit) {
      if (this.headReads.length === 0) setImmediate(() => (this.headReads = []));
      this.headReads.push({ key, generation, events });
      if (this.headReads.length > 16) this.headReads.shift();
      return events.slice();
    }
    return events;
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
    while (this.pending.length > 0 || this.committing) {
      this.flush();
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    clearInterval(this.watch);
    await Promise.all([...this.subscriptions].map((s) => s.close()));
    if (this.worker) {
      const exited = new Promise((resolve) => this.worker!.once('exit', resolve));
      this.worker.ref(); // held until it has closed its connection
      this.worker.postMessage('close');
      await exited;
    }
    if (this.writeDb?.open) this.writeDb.close();
    if (this.db.open) this.db.close();
  }

  /** Test hook: the contract suite edits rows directly to prove the chain check catches it. */
  get database(): Database {
    return this.db;
  }
}

/** SQLite's answer when another connection holds the lock a statement needs. */
function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_BUSY' || code === 'SQLITE_BUSY_SNAPSHOT';
}
