import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { ExportedEvent } from '../../../src/audit/export-format.js';

/**
 * Tampering with a running service's SQLite file directly, as someone with access to the disk would:
 * the table is events(position, stream, revision, command_id, type, data, metadata, hash).
 */
export class StoredLog {
  private readonly db: Database.Database;
  private readonly stream: string;

  constructor(dataDir: string, matchId: string) {
    this.db = new Database(join(dataDir, 'umpire.db'));
    this.db.pragma('busy_timeout = 5000');
    this.stream = `match-${matchId}`;
  }

  /** UPDATE one event's data JSON, leaving its recorded hash as it was. */
  setData(revision: number, data: unknown): void {
    this.db
      .prepare('UPDATE events SET data = ? WHERE stream = ? AND revision = ?')
      .run(JSON.stringify(data), this.stream, revision);
  }

  /** DELETE one event's row. */
  delete(revision: number): void {
    this.db.prepare('DELETE FROM events WHERE stream = ? AND revision = ?').run(this.stream, revision);
  }

  /** Two rows trade places in the stream's order (UNIQUE (stream, revision): through a free number). */
  swap(a: number, b: number): void {
    const move = this.db.prepare('UPDATE events SET revision = ? WHERE stream = ? AND revision = ?');
    this.db.transaction(() => {
      move.run(-1, this.stream, a);
      move.run(a, this.stream, b);
      move.run(b, this.stream, -1);
    })();
  }

  /** UPDATE every row whose content differs from a forged log of the same revisions (chain recomputed). */
  overwrite(forged: readonly ExportedEvent[]): void {
    const update = this.db.prepare(
      'UPDATE events SET type = ?, data = ?, metadata = ?, hash = ? WHERE stream = ? AND revision = ?',
    );
    this.db.transaction(() => {
      for (const event of forged) {
        update.run(
          event.type,
          JSON.stringify(event.data),
          JSON.stringify(event.metadata),
          event.metadata.hash,
          this.stream,
          event.metadata.revision,
        );
      }
    })();
  }

  close(): void {
    this.db.close();
  }
}
