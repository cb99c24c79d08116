import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import BetterSqlite3, { type Database, type Statement } from 'better-sqlite3';

export interface Checkpoint {
  name: string;
  version: number;
  position: number;
}

/** A read model as the process that keeps it last recorded it: what the other instances answer by. */
export interface RecordedStanding extends Checkpoint {
  /** Null until the keeping process has recorded a state (one of ReadModelState). */
  state: string | null;
  errors: number | null;
  /** The event it stopped at, as JSON (a ReadModelFailure), or null. */
  failure: string | null;
}

/**
 * The read models' own SQLite file (projections.db beside the event store, never the store's tables).
 * Everything in it can be rebuilt from the events, so it runs with synchronous=NORMAL: a power cut may
 * cost the last few checkpoints, and the projections then re-read those events, which changes nothing
 * because each page's writes and its checkpoint commit together.
 */
export class ProjectionDatabase {
  readonly db: Database;
  private readonly statements: {
    checkpoint: Statement<[string], Checkpoint>;
    saveCheckpoint: Statement<[string, number, number]>;
    standings: Statement<[], RecordedStanding>;
    saveState: Statement<[string, string, number, string | null]>;
  };

  constructor(file: string) {
    if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
    this.db = new BetterSqlite3(file);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL');
    this.db.pragma('busy_timeout = 10000');
    this.db.exec(`CREATE TABLE IF NOT EXISTS projection_checkpoints (
      name     TEXT PRIMARY KEY,
      version  INTEGER NOT NULL,
      position INTEGER NOT NULL
    )`);
    // Written by the process that keeps the read models at each change of state (not per page), for
    // the instances that only read them (UMPIRE_PROJECT_READ_MODELS=off).
    this.db.exec(`CREATE TABLE IF NOT EXISTS projection_states (
      name    TEXT PRIMARY KEY,
      state   TEXT NOT NULL,
      errors  INTEGER NOT NULL,
      failure TEXT
    )`);
    // Prepared once: the checkpoint is written with every page.
    this.statements = {
      checkpoint: this.db.prepare(
        'SELECT name, version, position FROM projection_checkpoints WHERE name = ?',
      ),
      saveCheckpoint: this.db.prepare(
        `INSERT INTO projection_checkpoints (name, version, position) VALUES (?, ?, ?)
         ON CONFLICT (name) DO UPDATE SET version = excluded.version, position = excluded.position`,
      ),
      standings: this.db.prepare(
        `SELECT c.name, c.version, c.position, s.state, s.errors, s.failure
         FROM projection_checkpoints c LEFT JOIN projection_states s ON s.name = c.name`,
      ),
      saveState: this.db.prepare(
        `INSERT INTO projection_states (name, state, errors, failure) VALUES (?, ?, ?, ?)
         ON CONFLICT (name) DO UPDATE SET state = excluded.state, errors = excluded.errors, failure = excluded.failure`,
      ),
    };
  }

  checkpoint(name: string): Checkpoint | undefined {
    return this.statements.checkpoint.get(name);
  }

  saveCheckpoint(name: string, version: number, position: number): void {
    this.statements.saveCheckpoint.run(name, version, position);
  }

  /** Every read model's checkpoint and recorded state. */
  standings(): RecordedStanding[] {
    return this.statements.standings.all();
  }

  saveState(name: string, state: string, errors: number, failure: string | null): void {
    this.statements.saveState.run(name, state, errors, failure);
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}
