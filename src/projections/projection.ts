import type { Database } from 'better-sqlite3';
import type { RecordedEvent } from '../event-store/event-store.port.js';

/** The synchronous writes one event makes; the runner commits them with the page's checkpoint, atomically. */
export type ProjectionWrite = () => void;

/**
 * A read model fed by an event-store subscription from its own checkpoint (DESIGN.md: projections
 * can be dropped and rebuilt at any time and give the same answer).
 *
 * A projection only ever reads the events it is handed and, when it needs a match's earlier events,
 * the store up to the event in hand: never the clock, never anything later. So building it live, event
 * by event, and rebuilding it from nothing reach the same rows.
 *
 * The runner hands it the events a page at a time, in one transaction (see PageTransactions): each
 * event's writes run before the next event is projected. A read model may keep work back for the end
 * of the page (the roster writes a match's units once per page, not once per event): what it writes at
 * endPage must be what the events' own writes would have left. It must not change the events it is
 * handed: the same objects go to every read model.
 */
export interface Projection {
  readonly name: string;
  /** Bump when its tables or its reading of events change: a stored copy of another version is rebuilt. */
  readonly version: number;
  /** Creates its tables if they are missing. */
  setUp(db: Database): void;
  /** Empties its tables and forgets any cache, so that it can be built again from the first event. */
  reset(db: Database): void;
  /** Reads one event; returns the writes to make, or undefined when the event changes nothing here. */
  project(event: RecordedEvent): ProjectionWrite | undefined | Promise<ProjectionWrite | undefined>;
  /** Every row it holds, in a stable order: what "rebuilt gives the same answer" compares. */
  dump(): unknown;
  /**
   * Writes what it kept back during the page, inside the page's transaction before its checkpoint.
   * Called after the last event read, also when the page ends early at an event it could not read.
   */
  endPage?(): void;
  /** The page's transaction was rolled back: forget anything kept in memory that may be ahead of the rows. */
  abortPage?(): void;
}

/** Nest token for the list of projections the runner keeps up to date. */
export const PROJECTIONS = Symbol('PROJECTIONS');
