import { randomBytes } from 'node:crypto';
import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { EVENT_STORE, type EventStore, type RecordedEvent } from '../../event-store/event-store.port.js';
import { lastPosition } from '../../event-store/store-head.js';
import { isMatchLevel, type MatchLevelEvent } from '../../rules/match/events.js';
import type { LoadedMatch } from '../../match/match-loader.js';
import { matchIdOf } from '../../match/match-stream.js';
import type { Side } from '../../rules/common/sides.js';
import { RestartingSubscription } from '../../projections/restarting-subscription.js';
import type { ScheduledMatch } from '../../projections/tournaments.projection.js';
import { TournamentDirectory, TournamentsNotReadyError } from '../../tournament/tournament-directory.js';
import { tournamentIdOf, tournamentStream } from '../../tournament/tournament-events.js';
import { LiveFeeds, type TournamentFeedMessage } from '../live-feeds.js';
import { postJson } from './http-post.js';
import { signedHeaders, WebhookSecrets } from './webhook-secrets.js';
import {
  type Attempt,
  type Delivery,
  type NewDelivery,
  type Webhook,
  type WebhookKind,
  WebhookStore,
} from './webhook-store.js';

/** The result of a match, as a webhook receives it when the match ends. */
export interface ResultPayload {
  position: number;
  tournamentId: string;
  matchId: string;
  round: number;
  table: number;
  players: ScheduledMatch['players'];
  sides: Record<Side, string>;
  result: { winner: Side | null; winnerName: string | null; note: string };
  endedAt: string;
}

/**
 * One of the tournament's own events (its stream, not its matches'), as a `tournament` delivery gets
 * it: the event as the tournament feed shows it, without the match events a schedule carries along.
 */
export interface TournamentEventPayload {
  position: number;
  tournamentId: string;
  /** MatchScheduled only: the match it schedules. */
  matchId?: string;
  event: TournamentFeedMessage['event'];
}

/** The longest wait between two attempts, however many have failed. */
const MAX_BACKOFF_MS = 60 * 60 * 1000;
/** Without deliveries to queue, the checkpoint is written at most this often (re-reading those events changes nothing). */
const IDLE_CHECKPOINT_MS = 1000;
const CACHED_MATCHES = 100;

/**
 * Webhooks: one catch-up subscription from its own checkpoint turns each event of a tournament with
 * webhooks into deliveries (queued with the checkpoint, atomically, so none is lost or queued twice),
 * and a sender posts them, signed, each webhook's in order, retrying with exponential backoff up to a
 * bounded number of attempts. Payloads are viewed as by a spectator (no side, AA-2).
 *
 * An event is never passed over: when it cannot be turned into deliveries yet (the tournaments read
 * model has not read it, so which tournament a match's event belongs to is not known) or anything
 * fails on the way, the subscription stops before it, with the checkpoint still before it, and starts
 * again from there after a pause (logged; doubling while it keeps failing).
 */
@Injectable()
export class WebhookDispatcher implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('webhooks');
  private subscription?: RestartingSubscription;
  private position = 0;
  private lastCheckpointAt = 0;
  private timer?: NodeJS.Timeout;
  private stopped = false;
  private readonly abort = new AbortController();
  private readonly inFlight = new Map<string, Promise<void>>();
  private readonly matches = new Map<string, LoadedMatch>();

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly webhooks: WebhookStore,
    private readonly directory: TournamentDirectory,
    private readonly feeds: LiveFeeds,
    private readonly secrets: WebhookSecrets,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.webhookDispatch) {
      this.stopped = true;
      return;
    }
    let from = this.webhooks.checkpoint();
    if (from === undefined) {
      // A new webhooks.db: nothing recorded so far is owed to anybody.
      from = await headPosition(this.store, 0);
      this.webhooks.enqueue(from, [], Date.now());
    }
    this.position = from;
    this.subscription = new RestartingSubscription(
      this.store,
      {
        from: () => this.position,
        onFailure: (error, retryInMs) => {
          const message = `event after position ${this.position} not dispatched yet: ${error instanceof Error ? error.message : String(error)}; trying again in ${retryInMs} ms`;
          if (error instanceof TournamentsNotReadyError) this.logger.warn(message);
          else this.logger.error(message);
        },
      },
      (event) => this.dispatch(event),
    );
    this.kick();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.abort.abort();
    await this.subscription?.close();
    await Promise.allSettled(this.inFlight.values());
    if (this.subscription && this.webhooks.db.open) this.webhooks.enqueue(this.position, [], Date.now());
  }

  /** The last global position known to be in the store (a new webhook gets the events after it). */
  async head(): Promise<number> {
    return headPosition(this.store, this.position);
  }

  /** Looks for due deliveries now. */
  kick(): void {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.send(), 0);
    this.timer.unref();
  }

  private async dispatch(event: RecordedEvent): Promise<void> {
    if (this.stopped) return; // shutting down: the checkpoint stays where it is
    // Throws (the event is read again later) rather than answer without knowing the tournament.
    const deliveries = this.webhooks.hasActive() ? await this.deliveriesFor(event) : [];
    if (this.stopped) return;
    this.position = event.position;
    const now = Date.now();
    if (deliveries.length > 0) {
      this.webhooks.enqueue(event.position, deliveries, now);
      this.lastCheckpointAt = now;
      this.kick();
    } else if (now - this.lastCheckpointAt >= IDLE_CHECKPOINT_MS) {
      this.webhooks.enqueue(event.position, [], now);
      this.lastCheckpointAt = now;
    }
  }

  private async deliveriesFor(event: RecordedEvent): Promise<NewDelivery[]> {
    let tournamentId = tournamentIdOf(event.metadata.stream);
    const matchId = matchIdOf(event.metadata.stream);
    let schedule: ScheduledMatch | undefined;
    if (tournamentId === undefined && matchId !== undefined) {
      schedule = await this.directory.scheduleBefore(matchId, event.position);
      tournamentId = schedule?.tournamentId;
    }
    if (tournamentId === undefined) return [];
    const hooks = this.webhooks.activeFor(tournamentId, event.position);
    if (hooks.length === 0) return [];

    const scheduled = new Map<string, number>();
    if (schedule && matchId) scheduled.set(matchId, schedule.scheduledPosition);
    const message = await this.feeds.tournamentMessage(
      tournamentId,
      tournamentStream(tournamentId),
      scheduled,
      this.matches,
      event,
    );
    this.trimCache();
    if (!message) return [];

    const payloads: { kind: WebhookKind; eventType: string; content: object }[] = [
      { kind: 'event', eventType: event.type, content: message satisfies TournamentFeedMessage },
    ];
    if (event.metadata.stream === tournamentStream(tournamentId)) {
      const { position, matchId: scheduledMatch, event: view } = message;
      payloads.push({
        kind: 'tournament',
        eventType: event.type,
        content: {
          position,
          tournamentId,
          ...(scheduledMatch !== undefined ? { matchId: scheduledMatch } : {}),
          event: view,
        } satisfies TournamentEventPayload,
      });
    }
    if (isMatchLevel(event, 'MatchEnded') && schedule && matchId) {
      payloads.push({
        kind: 'result',
        eventType: 'MatchResult',
        content: this.result(tournamentId, schedule, event),
      });
    }
    // Each webhook gets the kinds it was registered for (every event, results, or both).
    return hooks.flatMap((hook) =>
      payloads
        .filter(({ kind }) => hook.kinds.includes(kind))
        .map(({ kind, eventType, content }) => {
          const deliveryId = `dl_${randomBytes(12).toString('base64url')}`;
          return {
            deliveryId,
            webhookId: hook.webhookId,
            position: event.position,
            kind,
            eventType,
            matchId: matchId ?? message.matchId ?? null,
            body: JSON.stringify({ deliveryId, webhookId: hook.webhookId, kind, ...content }),
          };
        }),
    );
  }

  private result(
    tournamentId: string,
    schedule: ScheduledMatch,
    event: RecordedEvent & Extract<MatchLevelEvent, { type: 'MatchEnded' }>,
  ): ResultPayload {
    const match = this.matches.get(schedule.matchId);
    const sides = match?.created.sides ?? {
      A: 'side A',
      B: 'side B',
    };
    const { result } = event.data;
    return {
      position: event.position,
      tournamentId,
      matchId: schedule.matchId,
      round: schedule.round,
      table: schedule.table,
      players: schedule.players,
      sides,
      result: {
        winner: result.winner,
        winnerName: result.winner ? sides[result.winner] : null,
        note: result.note,
      },
      endedAt: event.metadata.at,
    };
  }

  private send(): void {
    if (this.stopped) return;
    const now = Date.now();
    let wakeAt = Number.POSITIVE_INFINITY;
    for (const delivery of this.webhooks.due()) {
      if (this.inFlight.has(delivery.webhookId)) continue;
      if (delivery.nextAttemptAt > now) {
        wakeAt = Math.min(wakeAt, delivery.nextAttemptAt);
        continue;
      }
      const attempt = this.attempt(delivery)
        .catch((error: unknown) =>
          this.logger.error(
            `delivery ${delivery.deliveryId}: ${error instanceof Error ? error.message : error}`,
          ),
        )
        .finally(() => {
          this.inFlight.delete(delivery.webhookId);
          this.kick();
        });
      this.inFlight.set(delivery.webhookId, attempt);
    }
    if (wakeAt < Number.POSITIVE_INFINITY) {
      clearTimeout(this.timer);
      this.timer = setTimeout(() => this.send(), Math.max(0, wakeAt - now));
      this.timer.unref();
    }
  }

  private async attempt(delivery: Delivery): Promise<void> {
    const hook = this.webhooks.webhook(delivery.webhookId);
    if (!hook || hook.deletedAt) return;
    const attempt = delivery.attempts + 1;
    const sent = await this.post(hook, delivery, attempt);
    if (this.stopped) return; // cut short by the shutdown: not the receiver's doing, not an attempt
    const delivered = sent.statusCode !== null && sent.statusCode >= 200 && sent.statusCode < 300;
    // A redelivery by hand gets the full number of attempts again.
    const spent = attempt - delivery.retryFrom;
    const status = delivered ? 'delivered' : spent >= this.config.webhookMaxAttempts ? 'failed' : 'pending';
    const backoff = Math.min(this.config.webhookBackoffMs * 2 ** (spent - 1), MAX_BACKOFF_MS);
    const finished = Date.parse(sent.at) + sent.durationMs;
    this.webhooks.recordAttempt(delivery, sent, {
      status,
      nextAttemptAt: status === 'pending' ? finished + backoff : 0,
    });
  }

  /**
   * A test delivery, sent at once and outside the queue (so that a backlog of failing deliveries does
   * not hold it up), signed like any other; recorded with its one attempt, never retried.
   */
  async sendTest(hook: Webhook): Promise<string> {
    const deliveryId = `dl_${randomBytes(12).toString('base64url')}`;
    const delivery: NewDelivery = {
      deliveryId,
      webhookId: hook.webhookId,
      position: 0,
      kind: 'test',
      eventType: 'WebhookTest',
      matchId: null,
      body: JSON.stringify({
        deliveryId,
        webhookId: hook.webhookId,
        kind: 'test',
        tournamentId: hook.tournamentId,
        at: new Date().toISOString(),
      }),
    };
    const sent = await this.post(hook, delivery, 1);
    const delivered = sent.statusCode !== null && sent.statusCode >= 200 && sent.statusCode < 300;
    this.webhooks.recordSent(delivery, sent, delivered);
    return deliveryId;
  }

  /** One signed POST; its outcome as an attempt (an error when the receiver did not answer 2xx). */
  private async post(
    hook: Webhook,
    delivery: Pick<NewDelivery, 'deliveryId' | 'eventType' | 'body'>,
    attempt: number,
  ): Promise<Attempt> {
    const started = Date.now();
    let statusCode: number | null = null;
    let error: string | null = null;
    try {
      statusCode = await postJson(
        hook.url,
        delivery.body,
        {
          'user-agent': 'umpire-webhooks/0.2',
          ...signedHeaders(
            this.secrets.secretOf(hook),
            delivery.deliveryId,
            delivery.body,
            new Date(started),
          ),
          'x-umpire-event': delivery.eventType,
          'x-umpire-attempt': String(attempt),
        },
        this.config.webhookTimeoutMs,
        this.abort.signal,
      );
    } catch (failure) {
      error = (failure instanceof Error ? failure.message : String(failure)).slice(0, 500);
    }
    const delivered = statusCode !== null && statusCode >= 200 && statusCode < 300;
    if (!delivered && error === null) error = `answered ${statusCode}`;
    return {
      attempt,
      at: new Date(started).toISOString(),
      statusCode,
      error,
      durationMs: Date.now() - started,
    };
  }

  private trimCache(): void {
    while (this.matches.size > CACHED_MATCHES) {
      const oldest = this.matches.keys().next().value;
      if (oldest === undefined) break;
      this.matches.delete(oldest);
    }
  }
}

/**
 * The last global position in the store at or after `from`: a few index look-ups (lastPosition), not a
 * read of every event after it, so a first start on a long store does not stall before it listens.
 */
export async function headPosition(store: EventStore, from: number): Promise<number> {
  let position = await lastPosition(store, from);
  // A store whose positions cannot be probed at will (EventStoreDB's are log offsets) is read forward
  // from what is known, in pages, giving the event loop a turn between them.
  for (;;) {
    const page = await store.readAll({ fromPosition: position, maxCount: 1000 });
    if (page.length === 0) return position;
    position = page[page.length - 1]!.position;
    await new Promise((resolve) => setImmediate(resolve));
  }
}
