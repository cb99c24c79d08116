/** Where a read model stands: what /health/ready, GET /projections and a 503 say about it. */
export type ReadModelState =
  /** Reading the backlog after a start or a rebuild: what it holds is not current, so it answers nothing. */
  | 'catching up'
  /** It has read the store to its head once and follows it: a read waits (briefly) for the last writes. */
  | 'live'
  /** It stopped at an event it could not read (its code threw, or its rows could not be written). */
  | 'failed'
  | 'stopped';

/** The event a read model stopped at, and why. It tries the event again, after a growing pause. */
export interface ReadModelFailure {
  position: number;
  stream: string;
  type: string;
  error: string;
  /** When it first failed on this event (ISO-8601). */
  since: string;
}

export interface ProjectionStatus {
  name: string;
  version: number;
  state: ReadModelState;
  /** Global position of the last event this read model has read (and committed). */
  position: number;
  /**
   * How far the store's last event is ahead of `position`, as last measured: events on SQLite, log
   * bytes on EventStoreDB (its positions are addresses). Null while it has not been measured.
   */
  lag: number | null;
  /** Failed attempts in a row at the event it is stuck on (0 when it is not stuck). */
  errors: number;
  failure: ReadModelFailure | null;
}
