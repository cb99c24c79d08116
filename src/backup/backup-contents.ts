/**
 * What a backup holds, and in what order it is taken. The data folder of the embedded service holds:
 * - umpire.db: the event store (every match, tournament and the key registry's stream), the record;
 * - webhooks.db: webhook delivery state (queue, attempts, checkpoint), not rebuildable from events;
 * - projections.db and snapshots.db: read models and fold snapshots, rebuilt from the store when
 *   missing, so left out;
 * - server-secret, signing-key.pem, organiser-key: the secrets that make a restored service the same
 *   service (its server seeds and sealed cards' keys, its checkpoint signature, its first organiser
 *   key), present when the service generated them rather than took them from its environment.
 */
export interface BackedUpStore {
  name: string;
  required: boolean;
}

/**
 * SQLite stores, copied with SQLite's online backup while the service runs, in this order: webhook
 * state before the event store, so that its checkpoint is never ahead of the restored store (a
 * delivery is then made again, which receivers drop by its webhook-id, rather than never).
 */
export const STORES: readonly BackedUpStore[] = [
  { name: 'webhooks.db', required: false },
  { name: 'umpire.db', required: true },
];

/** The secret files of the data folder, copied as they are (owner-only on restore). */
export const SECRET_FILES = ['server-secret', 'signing-key.pem', 'organiser-key'] as const;

/** The first line of every backup file, and its format's version. */
export const BACKUP_MAGIC = 'umpire-backup 1';
