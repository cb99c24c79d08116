import { join, resolve } from 'node:path';

/** Everything the service reads from its environment, read once at start. */
export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  sqliteSynchronous: 'FULL' | 'NORMAL';
  /** When set, EventStoreDB is the store; otherwise the embedded SQLite file. */
  eventStoreConnectionString?: string;
  /** A fixed organiser key; without it one is generated on first start, printed once and stored hashed. */
  organiserKey?: string;
  /** The secret server dice seeds derive from; without it one is generated into the data folder. */
  serverSecret?: string;
}

export const APP_CONFIG = Symbol('APP_CONFIG');

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number, got ${env.PORT}`);
  const synchronous = (env.UMPIRE_SQLITE_SYNCHRONOUS ?? 'FULL').toUpperCase();
  if (synchronous !== 'FULL' && synchronous !== 'NORMAL') {
    throw new Error(`UMPIRE_SQLITE_SYNCHRONOUS must be FULL or NORMAL, got ${synchronous}`);
  }
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: resolve(env.UMPIRE_DATA_DIR ?? './data'),
    sqliteSynchronous: synchronous,
    eventStoreConnectionString: env.EVENTSTORE_CONNECTION_STRING || undefined,
    organiserKey: env.UMPIRE_ORGANISER_KEY || undefined,
    serverSecret: env.UMPIRE_SERVER_SECRET || undefined,
  };
}

export function sqliteFile(config: AppConfig): string {
  return join(config.dataDir, 'umpire.db');
}
