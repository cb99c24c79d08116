import type { Database } from 'better-sqlite3';
import type { RecordedEvent } from '../event-store/event-store.port.js';

/** The synchronous writes one event makes; the runner commits them with the checkpoint, atomically. */
export type ProjectionWrite = () => void;

/**
 * A read model fed by an event-store subscription from its own checkpoint (DESIGN.md: projections
 * can be dropped and rebuilt at any time and give the same answer).
 *
 * A projection only ever reads the events it is handed and, when it needs a match's earlier events,
 * the store up to the event in hand: never the clock, never anything later. So building it live, event
 * by event, and rebuilding it from nothing reach the same rows.
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
}

/** Nest token for the list of projections the runner keeps up to date. */
export const PROJECTIONS = Symbol('PROJECTIONS');
