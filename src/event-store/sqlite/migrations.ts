import type { Database } from 'better-sqlite3';

/**
 * Versioned schema migrations, applied in order, each in its own transaction, each recorded in
 * schema_migrations. Never edit a migration that has shipped: add the next one.
 */
export interface Migration {
  version: number;
  name: string;
  up: string;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'events',
    // position is the global order (AUTOINCREMENT: never reused, even after a delete).
    // UNIQUE (stream, revision) is the optimistic-concurrency guard even if a writer forgets to check.
    up: `
      CREATE TABLE events (
        position   INTEGER PRIMARY KEY AUTOINCREMENT,
        stream     TEXT    NOT NULL,
        revision   INTEGER NOT NULL,
        command_id TEXT    NOT NULL,
        type       TEXT    NOT NULL,
        data       TEXT    NOT NULL,
        metadata   TEXT    NOT NULL,
        hash       TEXT    NOT NULL,
        UNIQUE (stream, revision)
      );
      CREATE INDEX events_by_command ON events (stream, command_id);
    `,
  },
];

export function migrate(db: Database, migrations: readonly Migration[] = MIGRATIONS): number[] {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version    INTEGER PRIMARY KEY,
    name       TEXT NOT NULL,
    applied_at TEXT NOT NULL
  )`);
  const applied = new Set(
    (db.prepare('SELECT version FROM schema_migrations').all() as { version: number }[]).map(
      (r) => r.version,
    ),
  );
  const record = db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)');
  const ran: number[] = [];
  for (const migration of [...migrations].sort((a, b) => a.version - b.version)) {
    if (applied.has(migration.version)) continue;
    // IMMEDIATE: two processes opening a fresh file at once must not both run the same migration.
    db.transaction(() => {
      const already = db.prepare('SELECT 1 FROM schema_migrations WHERE version = ?').get(migration.version);
      if (already) return;
      db.exec(migration.up);
      record.run(migration.version, migration.name, new Date().toISOString());
      ran.push(migration.version);
    }).immediate();
  }
  return ran;
}
