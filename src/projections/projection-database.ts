import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import BetterSqlite3, { type Database } from 'better-sqlite3';

export interface Checkpoint {
  name: string;
  version: number;
  position: number;
}

/**
 * The read models' own SQLite file (projections.db beside the event store, never the store's tables).
 * Everything in it can be rebuilt from the events, so it runs with synchronous=NORMAL: a power cut may
 * cost the last few checkpoints, and the projections then re-read those events, which changes nothing
 * because each event's writes and its checkpoint commit together.
 */
export class ProjectionDatabase {
  readonly db: Database;

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
  }

  checkpoint(name: string): Checkpoint | undefined {
    return this.db
      .prepare<[string], Checkpoint>(
        'SELECT name, version, position FROM projection_checkpoints WHERE name = ?',
      )
      .get(name);
  }

  saveCheckpoint(name: string, version: number, position: number): void {
    this.db
      .prepare(
        `INSERT INTO projection_checkpoints (name, version, position) VALUES (?, ?, ?)
         ON CONFLICT (name) DO UPDATE SET version = excluded.version, position = excluded.position`,
      )
      .run(name, version, position);
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}
