import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import BetterSqlite3, { type Database, type Statement } from 'better-sqlite3';

export interface Webhook {
  webhookId: string;
  tournamentId: string;
  url: string;
  /**
   * Public salt of the signing secret. The secret itself is derived from the server secret and this
   * nonce whenever it is needed, so no file but the server secret's holds anything that signs.
   */
  nonce: string;
  createdAt: string;
  /** Events at or before this global position were recorded before the webhook existed: not sent. */
  afterPosition: number;
  deletedAt: string | null;
  /**
   * What it is sent: each event of the tournament and its matches (`event`), each referee match's
   * result (`result`), the tournament's own events alone (`tournament`: participants, rounds opened,
   * pairings published, results reported, confirmed, disputed, overridden…), or any of them together.
   */
  kinds: WebhookKind[];
  /** `<keyId>:<commandId>` of the registration, when the client gave one (idempotency). */
  commandId: string | null;
  /** The key that registered it (null for webhooks registered before this was kept). */
  registeredBy: string | null;
}

/** How many active webhooks a registration may find before it is refused. */
export interface WebhookLimits {
  perTournament: number;
  perOrganiser: number;
}

/** What became of a registration: added, beaten to it by the same commandId, or over a limit. */
export type AddedWebhook = 'added' | 'duplicate' | 'tournament-full' | 'organiser-full';

export const WEBHOOK_KINDS = ['event', 'result', 'tournament'] as const;
export type WebhookKind = (typeof WEBHOOK_KINDS)[number];
/** A delivery's kind: what the webhook asked for, or a test sent by hand. */
export type DeliveryKind = WebhookKind | 'test';

export type DeliveryStatus = 'pending' | 'delivered' | 'failed' | 'cancelled';

export interface Delivery {
  seq: number;
  deliveryId: string;
  webhookId: string;
  position: number;
  kind: DeliveryKind;
  eventType: string;
  matchId: string | null;
  body: string;
  status: DeliveryStatus;
  attempts: number;
  /** Attempts made before the last redelivery by hand: each redelivery gets the full number again. */
  retryFrom: number;
  nextAttemptAt: number;
  createdAt: string;
  deliveredAt: string | null;
}

export interface Attempt {
  attempt: number;
  at: string;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}

export interface NewDelivery {
  deliveryId: string;
  webhookId: string;
  position: number;
  kind: DeliveryKind;
  eventType: string;
  matchId: string | null;
  body: string;
}

interface WebhookRow {
  webhook_id: string;
  tournament_id: string;
  url: string;
  nonce: string;
  created_at: string;
  after_position: number;
  deleted_at: string | null;
  kinds: string;
  command_id: string | null;
  registered_by: string | null;
}

interface DeliveryRow {
  seq: number;
  delivery_id: string;
  webhook_id: string;
  position: number;
  kind: string;
  event_type: string;
  match_id: string | null;
  body: string;
  status: string;
  attempts: number;
  retry_from: number;
  next_attempt_at: number;
  created_at: string;
  delivered_at: string | null;
}

interface AttemptRow {
  delivery_id: string;
  attempt: number;
  at: string;
  status_code: number | null;
  error: string | null;
  duration_ms: number;
}

/**
 * Webhook registrations and their delivery queue, in webhooks.db beside the event store. Unlike the
 * projections this is not rebuildable from events (which attempt answered what, what is still owed),
 * so it is fsynced (synchronous=FULL).
 */
export class WebhookStore {
  readonly db: Database;
  private readonly s: {
    insertWebhook: Statement<
      [string, string, string, string, string, number, string, string | null, string | null]
    >;
    activeInTournament: Statement<[string], { n: number }>;
    activeByKey: Statement<[string], { n: number }>;
    activeIdsByKey: Statement<[string], { webhook_id: string }>;
    webhook: Statement<[string], WebhookRow>;
    webhooks: Statement<[string], WebhookRow>;
    active: Statement<[string, number], WebhookRow>;
    activeCount: Statement<[], { n: number }>;
    deleteWebhook: Statement<[string, string]>;
    cancel: Statement<[string]>;
    checkpoint: Statement<[], { position: number }>;
    saveCheckpoint: Statement<[number]>;
    insertDelivery: Statement<
      [string, string, number, string, string, string | null, string, number, string]
    >;
    nextPerWebhook: Statement<[], DeliveryRow>;
    delivery: Statement<[string], DeliveryRow>;
    deliveries: Statement<[string, number, number], DeliveryRow>;
    attempts: Statement<[string], AttemptRow>;
    insertAttempt: Statement<[string, number, string, number | null, string | null, number]>;
    settle: Statement<[string, number, number, string | null, string]>;
    byCommand: Statement<[string], WebhookRow>;
    redeliver: Statement<[number, string]>;
    insertSettled: Statement<
      [string, string, number, string, string, string | null, string, string, string, string | null]
    >;
  };

  constructor(file: string) {
    if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
    this.db = new BetterSqlite3(file);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = FULL');
    this.db.pragma('busy_timeout = 10000');
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS webhooks (
        webhook_id     TEXT PRIMARY KEY,
        tournament_id  TEXT    NOT NULL,
        url            TEXT    NOT NULL,
        nonce          TEXT    NOT NULL,
        created_at     TEXT    NOT NULL,
        after_position INTEGER NOT NULL,
        deleted_at     TEXT
      );
      CREATE INDEX IF NOT EXISTS webhooks_by_tournament ON webhooks (tournament_id);
      CREATE TABLE IF NOT EXISTS webhook_deliveries (
        seq             INTEGER PRIMARY KEY AUTOINCREMENT,
        delivery_id     TEXT    NOT NULL UNIQUE,
        webhook_id      TEXT    NOT NULL,
        position        INTEGER NOT NULL,
        kind            TEXT    NOT NULL,
        event_type      TEXT    NOT NULL,
        match_id        TEXT,
        body            TEXT    NOT NULL,
        status          TEXT    NOT NULL,
        attempts        INTEGER NOT NULL DEFAULT 0,
        next_attempt_at INTEGER NOT NULL,
        created_at      TEXT    NOT NULL,
        delivered_at    TEXT
      );
      CREATE INDEX IF NOT EXISTS webhook_deliveries_queue ON webhook_deliveries (status, webhook_id, seq);
      CREATE INDEX IF NOT EXISTS webhook_deliveries_by_webhook ON webhook_deliveries (webhook_id, seq);
      CREATE TABLE IF NOT EXISTS webhook_attempts (
        delivery_id TEXT    NOT NULL,
        attempt     INTEGER NOT NULL,
        at          TEXT    NOT NULL,
        status_code INTEGER,
        error       TEXT,
        duration_ms INTEGER NOT NULL,
        PRIMARY KEY (delivery_id, attempt)
      );
      CREATE TABLE IF NOT EXISTS webhook_dispatch (
        id       INTEGER PRIMARY KEY CHECK (id = 1),
        position INTEGER NOT NULL
      );
    `);
    // Added since the first release: a webhook's kinds and commandId, a delivery's redelivery mark.
    const db0 = this.db;
    const columns = (table: string) =>
      (db0.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[]).map((c) => c.name);
    if (!columns('webhooks').includes('kinds'))
      db0.exec(`ALTER TABLE webhooks ADD COLUMN kinds TEXT NOT NULL DEFAULT 'event,result'`);
    if (!columns('webhooks').includes('command_id'))
      db0.exec('ALTER TABLE webhooks ADD COLUMN command_id TEXT');
    if (!columns('webhooks').includes('registered_by'))
      db0.exec('ALTER TABLE webhooks ADD COLUMN registered_by TEXT');
    db0.exec('CREATE INDEX IF NOT EXISTS webhooks_by_key ON webhooks (registered_by)');
    if (!columns('webhook_deliveries').includes('retry_from'))
      db0.exec('ALTER TABLE webhook_deliveries ADD COLUMN retry_from INTEGER NOT NULL DEFAULT 0');
    db0.exec(
      'CREATE UNIQUE INDEX IF NOT EXISTS webhooks_by_command ON webhooks (command_id) WHERE command_id IS NOT NULL',
    );
    const db = this.db;
    this.s = {
      insertWebhook: db.prepare(
        `INSERT INTO webhooks
           (webhook_id, tournament_id, url, nonce, created_at, after_position, kinds, command_id, registered_by)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
      activeInTournament: db.prepare(
        'SELECT COUNT(*) AS n FROM webhooks WHERE tournament_id = ? AND deleted_at IS NULL',
      ),
      activeByKey: db.prepare(
        'SELECT COUNT(*) AS n FROM webhooks WHERE registered_by = ? AND deleted_at IS NULL',
      ),
      activeIdsByKey: db.prepare(
        'SELECT webhook_id FROM webhooks WHERE registered_by = ? AND deleted_at IS NULL',
      ),
      webhook: db.prepare('SELECT * FROM webhooks WHERE webhook_id = ?'),
      webhooks: db.prepare('SELECT * FROM webhooks WHERE tournament_id = ? ORDER BY created_at, webhook_id'),
      active: db.prepare(
        `SELECT * FROM webhooks WHERE tournament_id = ? AND deleted_at IS NULL AND after_position < ?
         ORDER BY webhook_id`,
      ),
      activeCount: db.prepare('SELECT COUNT(*) AS n FROM webhooks WHERE deleted_at IS NULL'),
      deleteWebhook: db.prepare(
        'UPDATE webhooks SET deleted_at = ? WHERE webhook_id = ? AND deleted_at IS NULL',
      ),
      cancel: db.prepare(
        `UPDATE webhook_deliveries SET status = 'cancelled' WHERE webhook_id = ? AND status = 'pending'`,
      ),
      checkpoint: db.prepare('SELECT position FROM webhook_dispatch WHERE id = 1'),
      saveCheckpoint: db.prepare(
        `INSERT INTO webhook_dispatch (id, position) VALUES (1, ?)
         ON CONFLICT (id) DO UPDATE SET position = excluded.position`,
      ),
      insertDelivery: db.prepare(
        `INSERT INTO webhook_deliveries
           (delivery_id, webhook_id, position, kind, event_type, match_id, body, status, next_attempt_at, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, 'pending', ?, ?)`,
      ),
      // Each webhook gets its deliveries in order: only its oldest pending one is ever due.
      nextPerWebhook: db.prepare(
        `SELECT d.* FROM webhook_deliveries d
         JOIN (SELECT webhook_id, MIN(seq) AS seq FROM webhook_deliveries WHERE status = 'pending' GROUP BY webhook_id) f
           ON f.seq = d.seq`,
      ),
      delivery: db.prepare('SELECT * FROM webhook_deliveries WHERE delivery_id = ?'),
      deliveries: db.prepare(
        'SELECT * FROM webhook_deliveries WHERE webhook_id = ? AND seq > ? ORDER BY seq LIMIT ?',
      ),
      attempts: db.prepare('SELECT * FROM webhook_attempts WHERE delivery_id = ? ORDER BY attempt'),
      insertAttempt: db.prepare(
        `INSERT INTO webhook_attempts (delivery_id, attempt, at, status_code, error, duration_ms)
         VALUES (?, ?, ?, ?, ?, ?)`,
      ),
      settle: db.prepare(
        `UPDATE webhook_deliveries SET status = ?, attempts = ?, next_attempt_at = ?, delivered_at = ?
         WHERE delivery_id = ?`,
      ),
      byCommand: db.prepare('SELECT * FROM webhooks WHERE command_id = ?'),
      redeliver: db.prepare(
        `UPDATE webhook_deliveries SET status = 'pending', next_attempt_at = ?, retry_from = attempts
         WHERE delivery_id = ? AND status IN ('failed', 'delivered')`,
      ),
      insertSettled: db.prepare(
        `INSERT INTO webhook_deliveries
           (delivery_id, webhook_id, position, kind, event_type, match_id, body, status, attempts, next_attempt_at,
            created_at, delivered_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, 1, 0, ?, ?)`,
      ),
    };
  }

  /**
   * Adds a webhook unless its tournament, or the key registering it, has as many active ones as the
   * limits allow: counted and added in one write transaction, so that registrations racing each other
   * (here or through another connection to this file) cannot pass a limit together. 'duplicate' when a
   * webhook was registered under this commandId meanwhile (another request got there first).
   */
  addWebhook(webhook: Omit<Webhook, 'deletedAt'>, limits?: WebhookLimits): AddedWebhook {
    this.activeKnown = undefined;
    try {
      return this.db
        .transaction((): AddedWebhook => {
          if (limits && this.s.activeInTournament.get(webhook.tournamentId)!.n >= limits.perTournament)
            return 'tournament-full';
          if (
            limits &&
            webhook.registeredBy !== null &&
            this.s.activeByKey.get(webhook.registeredBy)!.n >= limits.perOrganiser
          )
            return 'organiser-full';
          this.s.insertWebhook.run(
            webhook.webhookId,
            webhook.tournamentId,
            webhook.url,
            webhook.nonce,
            webhook.createdAt,
            webhook.afterPosition,
            webhook.kinds.join(','),
            webhook.commandId,
            webhook.registeredBy,
          );
          return 'added';
        })
        .immediate();
    } catch (error) {
      if ((error as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE' && webhook.commandId)
        return 'duplicate';
      throw error;
    }
  }

  /** The webhook registered under this commandId (`<keyId>:<commandId>`), if any. */
  webhookByCommand(commandId: string): Webhook | undefined {
    const row = this.s.byCommand.get(commandId);
    return row ? toWebhook(row) : undefined;
  }

  /**
   * Puts a failed or delivered delivery back in its webhook's queue, due now, with the full number of
   * attempts again. False when it is pending already or cancelled.
   */
  redeliver(deliveryId: string, now: number): boolean {
    return this.s.redeliver.run(now, deliveryId).changes > 0;
  }

  /** A delivery sent at once, outside the queue (a test), with its one attempt. */
  recordSent(delivery: NewDelivery, attempt: Attempt, delivered: boolean): void {
    this.db.transaction(() => {
      this.s.insertSettled.run(
        delivery.deliveryId,
        delivery.webhookId,
        delivery.position,
        delivery.kind,
        delivery.eventType,
        delivery.matchId,
        delivery.body,
        delivered ? 'delivered' : 'failed',
        attempt.at,
        delivered ? attempt.at : null,
      );
      this.s.insertAttempt.run(
        delivery.deliveryId,
        attempt.attempt,
        attempt.at,
        attempt.statusCode,
        attempt.error,
        attempt.durationMs,
      );
    })();
  }

  webhook(webhookId: string): Webhook | undefined {
    const row = this.s.webhook.get(webhookId);
    return row ? toWebhook(row) : undefined;
  }

  webhooks(tournamentId: string): Webhook[] {
    return this.s.webhooks.all(tournamentId).map(toWebhook);
  }

  /** The webhooks of a tournament that an event at `position` goes to. */
  activeFor(tournamentId: string, position: number): Webhook[] {
    return this.s.active.all(tournamentId, position).map(toWebhook);
  }

  /**
   * Whether any webhook is registered. Asked for every event in the store, so the answer is kept: a
   * webhook added or deleted here changes it at once, one added through another connection to this
   * file within a second.
   */
  hasActive(): boolean {
    const now = Date.now();
    if (this.activeKnown === undefined || now - this.activeKnownAt > 1000) {
      this.activeKnown = this.s.activeCount.get()!.n > 0;
      this.activeKnownAt = now;
    }
    return this.activeKnown;
  }

  private activeKnown: boolean | undefined;
  private activeKnownAt = 0;

  /** Stops a webhook at once: its pending deliveries are cancelled. False when there was none to delete. */
  deleteWebhook(webhookId: string, at: string): boolean {
    this.activeKnown = undefined;
    return this.db.transaction(() => {
      const changed = this.s.deleteWebhook.run(at, webhookId).changes > 0;
      if (changed) this.s.cancel.run(webhookId);
      return changed;
    })();
  }

  /**
   * Deletes every active webhook a key registered, as DELETE would (its pending deliveries cancelled),
   * and answers how many. A look first, so that a key with none (most) costs no write.
   */
  deleteRegisteredBy(keyId: string, at: string): number {
    if (this.s.activeByKey.get(keyId)!.n === 0) return 0;
    return this.db.transaction(
      () =>
        this.s.activeIdsByKey
          .all(keyId)
          .filter(({ webhook_id: webhookId }) => this.deleteWebhook(webhookId, at)).length,
    )();
  }

  checkpoint(): number | undefined {
    return this.s.checkpoint.get()?.position;
  }

  /** Queues the deliveries of one event and moves the checkpoint past it, together. */
  enqueue(position: number, deliveries: readonly NewDelivery[], now: number): void {
    this.db.transaction(() => {
      const createdAt = new Date(now).toISOString();
      for (const d of deliveries) {
        this.s.insertDelivery.run(
          d.deliveryId,
          d.webhookId,
          d.position,
          d.kind,
          d.eventType,
          d.matchId,
          d.body,
          now,
          createdAt,
        );
      }
      this.s.saveCheckpoint.run(position);
    })();
  }

  /** The oldest pending delivery of each webhook. */
  due(): Delivery[] {
    return this.s.nextPerWebhook.all().map(toDelivery);
  }

  delivery(deliveryId: string): Delivery | undefined {
    const row = this.s.delivery.get(deliveryId);
    return row ? toDelivery(row) : undefined;
  }

  deliveries(webhookId: string, afterSeq: number, limit: number): (Delivery & { history: Attempt[] })[] {
    return this.s.deliveries.all(webhookId, afterSeq, limit).map((row) => this.withHistory(row));
  }

  /** One delivery with its attempts. */
  deliveryWithHistory(deliveryId: string): (Delivery & { history: Attempt[] }) | undefined {
    const row = this.s.delivery.get(deliveryId);
    return row ? this.withHistory(row) : undefined;
  }

  private withHistory(row: DeliveryRow): Delivery & { history: Attempt[] } {
    return {
      ...toDelivery(row),
      history: this.s.attempts.all(row.delivery_id).map((a) => ({
        attempt: a.attempt,
        at: a.at,
        statusCode: a.status_code,
        error: a.error,
        durationMs: a.duration_ms,
      })),
    };
  }

  /** Records one attempt and where the delivery stands after it. */
  recordAttempt(
    delivery: Delivery,
    attempt: Attempt,
    outcome: { status: DeliveryStatus; nextAttemptAt: number },
  ): void {
    this.db.transaction(() => {
      this.s.insertAttempt.run(
        delivery.deliveryId,
        attempt.attempt,
        attempt.at,
        attempt.statusCode,
        attempt.error,
        attempt.durationMs,
      );
      // A delivery cancelled meanwhile (its webhook deleted) stays cancelled.
      const current = this.s.delivery.get(delivery.deliveryId);
      const status = current?.status === 'cancelled' ? 'cancelled' : outcome.status;
      this.s.settle.run(
        status,
        attempt.attempt,
        outcome.nextAttemptAt,
        status === 'delivered' ? attempt.at : null,
        delivery.deliveryId,
      );
    })();
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}

function toWebhook(row: WebhookRow): Webhook {
  return {
    webhookId: row.webhook_id,
    tournamentId: row.tournament_id,
    url: row.url,
    nonce: row.nonce,
    createdAt: row.created_at,
    afterPosition: row.after_position,
    deletedAt: row.deleted_at,
    kinds: row.kinds
      .split(',')
      .filter((k): k is WebhookKind => (WEBHOOK_KINDS as readonly string[]).includes(k)),
    commandId: row.command_id,
    registeredBy: row.registered_by,
  };
}

function toDelivery(row: DeliveryRow): Delivery {
  return {
    seq: row.seq,
    deliveryId: row.delivery_id,
    webhookId: row.webhook_id,
    position: row.position,
    kind: row.kind as Delivery['kind'],
    eventType: row.event_type,
    matchId: row.match_id,
    body: row.body,
    status: row.status as DeliveryStatus,
    attempts: row.attempts,
    retryFrom: row.retry_from,
    nextAttemptAt: row.next_attempt_at,
    createdAt: row.created_at,
    deliveredAt: row.delivered_at,
  };
}
