/**
 * The SQLite writer on its own thread: the main thread keeps deciding commands and answering requests
 * while a group is sealed, written and fsynced here. It opens its own connection to the same file
 * (WAL: the main thread's reads go on meanwhile). Messages: { id, group } in, { id, outcomes } or
 * { id, failed } out.
 */
import { parentPort, workerData } from 'node:worker_threads';
import BetterSqlite3 from 'better-sqlite3';
import { type AppendRequest, SqliteWriter } from './sqlite-writer.js';

interface WriterSettings {
  file: string;
  synchronous: 'FULL' | 'NORMAL';
  busyTimeoutMs: number;
}

const settings = workerData as WriterSettings;
const db = new BetterSqlite3(settings.file);
db.pragma('journal_mode = WAL');
db.pragma(`synchronous = ${settings.synchronous}`);
db.pragma(`busy_timeout = ${settings.busyTimeoutMs}`);
const writer = new SqliteWriter(db);

parentPort!.on('message', (message: { id: number; group: AppendRequest[] } | 'close') => {
  if (message === 'close') {
    db.close();
    parentPort!.close();
    return;
  }
  try {
    parentPort!.postMessage({ id: message.id, outcomes: writer.commit(message.group) });
  } catch (error) {
    parentPort!.postMessage({
      id: message.id,
      failed: error instanceof Error ? error.message : String(error),
    });
  }
});
