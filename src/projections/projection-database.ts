import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import BetterSqlite3, { type Database, type Statement } from 'better-sqlite3';

export interface Checkpoint {
  name: string;
  version: number;
  position: number;
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
    // Prepared once: the checkpoint is written with every page.
    this.statements = {
      checkpoint: this.db.prepare(
        'SELECT name, version, position FROM projection_checkpoints WHERE name = ?',
      ),
      saveCheckpoint: this.db.prepare(
        `INSERT INTO projection_checkpoints (name, version, position) VALUES (?, ?, ?)
         ON CONFLICT (name) DO UPDATE SET version = excluded.version, position = excluded.position`,
      ),
    };
  }

  checkpoint(name: string): Checkpoint | undefined {
    return this.statements.checkpoint.get(name);
  }

  saveCheckpoint(name: string, version: number, position: number): void {
    this.statements.saveCheckpoint.run(name, version, position);
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}
