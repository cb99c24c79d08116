import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import BetterSqlite3, { type Database, type Statement } from 'better-sqlite3';
import type { MatchSnapshot, SnapshotStore } from './snapshot-store.js';

/**
 * Snapshots in their own SQLite file, beside the event store but not in it: saving one never takes the
 * event store's write lock from a group commit, and being a cache, it is written without fsync
 * (synchronous=OFF). A snapshot lost in a crash is made again.
 */
export class SqliteSnapshotStore implements SnapshotStore {
  private readonly db: Database;
  private readonly statements: {
    latest: Statement<[string, number], MatchSnapshot>;
    save: Statement<MatchSnapshot>;
    discard: Statement<[string, number]>;
  };

  constructor(file: string) {
    if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
    this.db = new BetterSqlite3(file);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = OFF');
    this.db.pragma('busy_timeout = 5000');
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS match_snapshots (
        stream   TEXT    NOT NULL,
        revision INTEGER NOT NULL,
        hash     TEXT    NOT NULL,
        ruleset  TEXT    NOT NULL,
        format   INTEGER NOT NULL,
        image    TEXT    NOT NULL,
        PRIMARY KEY (stream, revision)
      ) WITHOUT ROWID;
    `);
    this.statements = {
      latest: this.db.prepare(
        `SELECT stream, revision, hash, ruleset, format, image FROM match_snapshots
         WHERE stream = ? AND revision <= ? ORDER BY revision DESC LIMIT 1`,
      ),
      save: this.db.prepare(
        `INSERT OR REPLACE INTO match_snapshots (stream, revision, hash, ruleset, format, image)
         VALUES (:stream, :revision, :hash, :ruleset, :format, :image)`,
      ),
      discard: this.db.prepare('DELETE FROM match_snapshots WHERE stream = ? AND revision = ?'),
    };
  }

  async latest(stream: string, atMost = Number.MAX_SAFE_INTEGER): Promise<MatchSnapshot | undefined> {
    return this.statements.latest.get(stream, atMost);
  }

  async save(snapshot: MatchSnapshot): Promise<void> {
    this.statements.save.run(snapshot);
  }

  async discard(stream: string, revision: number): Promise<void> {
    this.statements.discard.run(stream, revision);
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }
}
