import BetterSqlite3 from 'better-sqlite3';
import type { RecordedEvent } from '../event-store.port.js';
import { type EventRow, toRecordedEvent } from './sqlite-writer.js';

/**
 * One stream's events up to revision `upTo`, read in pages on a read-only connection of its own to
 * the store's file (the route's chain walked on a worker thread, beside the verification
 * that reads the same rows through SqliteEventStore; in WAL mode neither waits for the other, nor for
 * the writer). The rows are those SqliteEventStore's paged reads give the route (storePages): every
 * row of the stream with a revision from 1 to `upTo`, in revision order, each made into a
 * RecordedEvent by the store's own toRecordedEvent, so that it hashes the same. Throws when the file
 * cannot be opened or read (missing, closed under it, not a store).
 */
export function* streamPagesReadApart(
  file: string,
  stream: string,
  upTo: number,
  pageSize: number,
): Generator<RecordedEvent[]> {
  // fileMustExist: a missing file is an error, not a fresh empty database.
  const db = new BetterSqlite3(file, { readonly: true, fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    // After the last revision read (keyset): a row is read once even where revisions have gaps.
    const page = db
      .prepare<[string, number, number, number], [number, ...EventRow]>(
        `SELECT revision, position, type, data, metadata FROM events
         WHERE stream = ? AND revision > ? AND revision <= ? ORDER BY revision LIMIT ?`,
      )
      .raw(true);
    for (let after = 0; ;) {
      const rows = page.all(stream, after, upTo, pageSize);
      if (rows.length === 0) return;
      yield rows.map(([, ...row]) => toRecordedEvent(row));
      after = rows[rows.length - 1]![0];
    }
  } finally {
    db.close();
  }
}
