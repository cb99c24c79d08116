import type { Database, Statement } from 'better-sqlite3';
import type { RecordedEvent } from '../event-store/event-store.port.js';
import type { Projection } from './projection.js';
import type { ProjectionDatabase } from './projection-database.js';

export interface PageOutcome {
  /** Position of the last event committed with its checkpoint (unchanged when none was). */
  position: number;
  /** The event the read model could not read: nothing from it on was committed. */
  failure?: { event: RecordedEvent; error: unknown };
}

/**
 * Commits a page of events for one read model: one transaction holding each event's rows and, last,
 * the checkpoint of the last event read, so a page is projected exactly once however the process stops.
 *
 * A read model reads an event against the rows of the events before it (an undo looks up the result it
 * undoes), so each event's writes run before the next event is read, in the same open transaction.
 * Projecting may await (the roster reads a match's earlier events from the store), so the transaction
 * stays open across those awaits: the queue lets one page at a time use the connection.
 *
 * An event it cannot read (its code throws, or its writes fail) ends the page there: the events before
 * it commit with their checkpoint, nothing of it does, and the caller stops the read model at that event. Never skipped: a read model that silently missed an event would
 * answer wrongly for good.
 */
export class PageTransactions {
  private readonly db: Database;
  private readonly begin: Statement;
  private readonly commit: Statement;
  private readonly rollback: Statement;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly database: ProjectionDatabase) {
    this.db = database.db;
    this.begin = this.db.prepare('BEGIN');
    this.commit = this.db.prepare('COMMIT');
    this.rollback = this.db.prepare('ROLLBACK');
  }

  /** Runs `work` when no page is being written: the one way to write the projections file. */
  exclusive<T>(work: () => T | Promise<T>): Promise<T> {
    const turn = this.queue.then(work);
    this.queue = turn.catch(() => undefined);
    return turn;
  }

  /**
   * Projects and commits `page` (events after `from`). Throws when the page cannot be committed (the
   * checkpoint or the commit fails): then nothing of it is, and it is read again.
   */
  apply(projection: Projection, from: number, page: readonly RecordedEvent[]): Promise<PageOutcome> {
    return this.exclusive(async () => {
      const first = await this.attempt(projection, from, page);
      if (!first.failure) return first;
      // An event failed: its writes may be half done, and the transaction holds them. Rather than a
      // savepoint around every event (a fifth of the cost of a page), the page is rolled back and the
      // events before the failing one are projected again, alone; then the caller stops at it.
      const failed = page.findIndex((event) => event === first.failure!.event);
      const outcome = await this.attempt(projection, from, page.slice(0, failed));
      if (outcome.failure) throw outcome.failure.error;
      return { ...outcome, failure: first.failure };
    });
  }

  /** One transaction: commits the events up to the first that fails, or rolls everything back when one does. */
  private async attempt(
    projection: Projection,
    from: number,
    events: readonly RecordedEvent[],
  ): Promise<PageOutcome> {
    const outcome: PageOutcome = { position: from };
    if (events.length === 0) return outcome;
    this.begin.run();
    try {
      for (const event of events) {
        try {
          const projected = projection.project(event);
          // Only an async read model awaits: a page of a synchronous one runs in one go.
          const write = projected instanceof Promise ? await projected : projected;
          if (write) write();
        } catch (error) {
          outcome.failure = { event, error };
          return outcome; // rolled back below
        }
        outcome.position = event.position;
      }
      projection.endPage?.();
      this.database.saveCheckpoint(projection.name, projection.version, outcome.position);
      this.commit.run();
      return outcome;
    } finally {
      if (this.db.inTransaction) {
        this.rollback.run();
        projection.abortPage?.();
      }
    }
  }

  /** Empties a read model and sets its checkpoint to the start, in one transaction. */
  reset(projection: Projection): Promise<void> {
    return this.exclusive(() =>
      this.db.transaction(() => {
        projection.reset(this.db);
        this.database.saveCheckpoint(projection.name, projection.version, 0);
      })(),
    );
  }
}
