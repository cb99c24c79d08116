import { setTimeout as sleep } from 'node:timers/promises';
import type { Projection } from './projection.js';
import type { RecordedStanding } from './projection-database.js';
import type { ReadModelFailure, ReadModelState } from './read-model-status.js';

/** How often a read waiting on another process's read model looks at its checkpoint again. */
export const OBSERVE_POLL_MS = 5;

const STATES: readonly string[] = ['catching up', 'live', 'failed', 'stopped'] satisfies ReadModelState[];

/**
 * A read model kept by another process on the same projections.db (UMPIRE_PROJECT_READ_MODELS=off):
 * where it stands is what that process last committed, its checkpoint with each page and its state at
 * each change, so a read here waits for that checkpoint exactly as a read in the keeping process
 * waits for its follower. It never writes.
 */
export class ProjectionObserver {
  state: ReadModelState = 'catching up';
  position = 0;
  errors = 0;
  failure: ReadModelFailure | null = null;
  /** Events taken in while catching up, and since when: the catch-up rate behind Retry-After. */
  readonly pace = { events: 0, since: performance.now() };
  private stopped = false;

  constructor(
    readonly projection: Projection,
    private readonly refresh: () => void,
  ) {}

  /** Takes in what the keeping process recorded (undefined: nothing yet, so it is catching up). */
  update(row: RecordedStanding | undefined): void {
    if (this.stopped) return;
    // A stored copy of another version is the keeping process's to rebuild: not current for this code.
    const current = row !== undefined && row.version === this.projection.version;
    const position = current ? row.position : 0;
    const state = current && row.state !== null && STATES.includes(row.state) ? row.state : 'catching up';
    if (this.state === 'catching up' && position > this.position)
      this.pace.events += position - this.position;
    this.position = position;
    this.state = state as ReadModelState;
    this.errors = current ? (row.errors ?? 0) : 0;
    this.failure = current && row.failure ? (JSON.parse(row.failure) as ReadModelFailure) : null;
  }

  /** Resolves after a look at the checkpoint, at most `ms` (and OBSERVE_POLL_MS) from now. */
  async progress(ms: number): Promise<void> {
    await sleep(Math.max(1, Math.min(ms, OBSERVE_POLL_MS)));
    this.refresh();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.state = 'stopped';
  }
}
