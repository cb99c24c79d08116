import type { Database, Statement } from 'better-sqlite3';
import { sealBatch } from '../envelope.js';
import type {
  AppendOptions,
  AppendResult,
  EventMetadata,
  NewEvent,
  RecordedEvent,
} from '../event-store.port.js';
import { checkExpectedRevision } from '../expected-revision.js';
import { GENESIS_HASH } from '../hash-chain.js';
import { WrongExpectedRevisionError } from '../wrong-expected-revision.error.js';

/** One append as the writer takes it (plain data: it may cross to a worker thread). */
export interface AppendRequest {
  stream: string;
  events: NewEvent[];
  options: AppendOptions;
}

/** What became of one append of a group: plain data, so that it can cross back from the worker. */
export type AppendOutcome =
  | { ok: AppendResult }
  | { conflict: { stream: string; expected: AppendOptions['expectedRevision']; actual: number } }
  | { error: string };

export type EventRow = [position: number, type: string, data: string, metadata: string];

export function toRecordedEvent([position, type, data, metadata]: EventRow): RecordedEvent {
  return { type, data: JSON.parse(data), metadata: JSON.parse(metadata) as EventMetadata, position };
}

/** Turns an outcome back into what append() answers or throws. */
export function settle(outcome: AppendOutcome): AppendResult {
  if ('ok' in outcome) return outcome.ok;
  if ('conflict' in outcome) {
    const { stream, expected, actual } = outcome.conflict;
    throw new WrongExpectedRevisionError(stream, expected, actual);
  }
  throw new Error(outcome.error);
}

/**
 * Writes groups of appends: one IMMEDIATE transaction, so one fsync, per group. The write lock is taken
 * before any head is read, which makes each expected-revision check and its inserts atomic across
 * processes too. Each append runs in its own savepoint (a nested better-sqlite3 transaction): one that
 * fails its check, or throws, leaves no row and fails alone. The sealing (RFC 8785 + SHA-256 of the
 * hash chain) happens here, so where the writer runs in a worker, so does that work.
 */
export class SqliteWriter {
  private readonly headAndSeen: Statement<
    { stream: string; commandId: string },
    { revision: number; hash: string; seen: number }
  >;
  private readonly byCommand: Statement<[string, string], EventRow>;
  private readonly insert: Statement<[string, number, string, string, string, string, string]>;
  private readonly group: { immediate(requests: AppendRequest[]): AppendOutcome[] };

  constructor(db: Database) {
    // One statement on the hot path: the head, and whether this command is already in the stream.
    this.headAndSeen = db.prepare(
      `SELECT revision, hash,
              EXISTS (SELECT 1 FROM events WHERE stream = :stream AND command_id = :commandId) AS seen
       FROM events WHERE stream = :stream ORDER BY revision DESC LIMIT 1`,
    );
    // ORDER BY position, not revision: with revision the planner walks the whole stream through the
    // (stream, revision) index instead of seeking events_by_command.
    this.byCommand = db
      .prepare<[string, string], EventRow>(
        'SELECT position, type, data, metadata FROM events WHERE stream = ? AND command_id = ? ORDER BY position',
      )
      .raw(true);
    this.insert = db.prepare(
      'INSERT INTO events (stream, revision, command_id, type, data, metadata, hash) VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
    const one = db.transaction((request: AppendRequest) => this.appendOne(request));
    this.group = db.transaction((requests: AppendRequest[]) =>
      requests.map((request): AppendOutcome => {
        try {
          return { ok: one(request) };
        } catch (error) {
          if (error instanceof WrongExpectedRevisionError) {
            return { conflict: { stream: error.stream, expected: error.expected, actual: error.actual } };
          }
          return { error: error instanceof Error ? error.message : String(error) };
        }
      }),
    );
  }

  /** Commits the group; throws (and commits nothing) only when the transaction itself fails. */
  commit(requests: AppendRequest[]): AppendOutcome[] {
    return this.group.immediate(requests);
  }

  private appendOne({ stream, events, options }: AppendRequest): AppendResult {
    const found = this.headAndSeen.get({ stream, commandId: options.commandId });
    if (found?.seen) {
      const earlier = this.byCommand.all(stream, options.commandId).map(toRecordedEvent);
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
      const { lastInsertRowid } = this.insert.run(
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
}
