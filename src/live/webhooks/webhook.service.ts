import { randomBytes } from 'node:crypto';
import {
  BadRequestException,
  ConflictException,
  Inject,
  Injectable,
  Logger,
  NotFoundException,
} from '@nestjs/common';
import { KeyRegistry } from '../../auth/key-registry.service.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import type { Principal } from '../../auth/principal.js';
import { TournamentService } from '../../tournament/tournament.service.js';
import { WebhookDispatcher } from './webhook-dispatcher.js';
import { WebhookSecrets } from './webhook-secrets.js';
import { WebhookTargets } from './webhook-targets.js';
import {
  type Attempt,
  type Delivery,
  type Webhook,
  type WebhookKind,
  WebhookStore,
} from './webhook-store.js';

export interface WebhookView {
  webhookId: string;
  tournamentId: string;
  url: string;
  createdAt: string;
  active: boolean;
  kinds: WebhookKind[];
  registeredBy: string | null;
}

export interface RegisteredWebhookView extends WebhookView {
  /** The Standard Webhooks signing secret ("whsec_…"). */
  secret: string;
  /** True when this commandId had registered it before: nothing was registered. */
  duplicate: boolean;
}

export interface RegisterWebhookRequest {
  url: string;
  kinds?: WebhookKind[];
  commandId?: string;
}

export interface DeliveryView {
  deliveryId: string;
  position: number;
  kind: Delivery['kind'];
  eventType: string;
  matchId: string | null;
  status: Delivery['status'];
  attempts: Attempt[];
  /** When the next attempt is due (ISO time), while the delivery is pending. */
  nextAttemptAt: string | null;
  createdAt: string;
  deliveredAt: string | null;
  /** The exact body sent (and signed). */
  payload: unknown;
}

/** What the organiser does with webhooks: register one per URL and tournament, list, delete, audit deliveries. */
@Injectable()
export class WebhookService {
  private readonly logger = new Logger('Webhooks');

  constructor(
    private readonly webhooks: WebhookStore,
    private readonly dispatcher: WebhookDispatcher,
    private readonly secrets: WebhookSecrets,
    private readonly tournaments: TournamentService,
    private readonly targets: WebhookTargets,
    @Inject(APP_CONFIG)
    private readonly config: Pick<AppConfig, 'webhooksPerTournament' | 'webhooksPerOrganiser'>,
    keys: KeyRegistry,
  ) {
    // A webhook speaks for the key that registered it: revoked (it leaked), that key's webhooks are
    // deleted, on whichever instance the revocation reaches first, and at start for one made meanwhile.
    keys.onRevoked((keyId) => {
      try {
        const deleted = this.webhooks.deleteRegisteredBy(keyId, new Date().toISOString());
        if (deleted > 0) this.logger.log(`key ${keyId} was revoked: its ${deleted} webhook(s) deleted`);
      } catch (error) {
        this.logger.error(`deleting the webhooks of revoked key ${keyId} failed: ${String(error)}`);
      }
    });
  }

  /**
   * Registers a URL for the tournament. With a commandId it is idempotent, as every write is: the same
   * key sending it again gets the same webhook (and secret) back; with another URL or kinds, 409 (C-6).
   * The URL is checked before anything is kept or sent (see WebhookTargets): 400 naming `url`. A
   * tournament holds at most UMPIRE_WEBHOOKS_PER_TOURNAMENT active webhooks and a key registers at most
   * UMPIRE_WEBHOOKS_PER_ORGANISER: 409 naming the limit.
   */
  async register(
    principal: Principal,
    tournamentId: string,
    request: RegisterWebhookRequest,
  ): Promise<RegisteredWebhookView> {
    await this.tournaments.read(tournamentId);
    const kinds: WebhookKind[] = request.kinds ? [...new Set(request.kinds)].sort() : ['event', 'result'];
    const commandId = request.commandId ? `${principal.keyId}:${request.commandId}` : null;
    const earlier = commandId ? this.webhooks.webhookByCommand(commandId) : undefined;
    if (earlier) return this.repeat(earlier, tournamentId, request.url, kinds, request.commandId!);
    const check = await this.targets.check(request.url);
    if (!check.allowed) throw new BadRequestException({ message: check.reason, field: 'url' });
    const webhook = {
      webhookId: `wh_${randomBytes(9).toString('base64url')}`,
      tournamentId,
      url: request.url,
      nonce: randomBytes(16).toString('hex'),
      createdAt: new Date().toISOString(),
      // Only what happens from now on is sent.
      afterPosition: await this.dispatcher.head(),
      kinds,
      commandId,
      registeredBy: principal.keyId,
    };
    const added = this.webhooks.addWebhook(webhook, {
      perTournament: this.config.webhooksPerTournament,
      perOrganiser: this.config.webhooksPerOrganiser,
    });
    if (added === 'tournament-full') {
      throw new ConflictException(
        `tournament ${tournamentId} has ${this.config.webhooksPerTournament} active webhooks, the most allowed (UMPIRE_WEBHOOKS_PER_TOURNAMENT): delete one first`,
      );
    }
    if (added === 'organiser-full') {
      throw new ConflictException(
        `this key has registered ${this.config.webhooksPerOrganiser} active webhooks, the most allowed (UMPIRE_WEBHOOKS_PER_ORGANISER): delete one first`,
      );
    }
    if (added === 'duplicate') {
      // The same command registered meanwhile: its webhook is the answer.
      return this.repeat(
        this.webhooks.webhookByCommand(commandId!)!,
        tournamentId,
        request.url,
        kinds,
        request.commandId!,
      );
    }
    return {
      ...view({ ...webhook, deletedAt: null }),
      secret: this.secrets.secretOf(webhook),
      duplicate: false,
    };
  }

  private repeat(
    earlier: Webhook,
    tournamentId: string,
    url: string,
    kinds: WebhookKind[],
    commandId: string,
  ): RegisteredWebhookView {
    if (
      earlier.tournamentId !== tournamentId ||
      earlier.url !== url ||
      earlier.kinds.join() !== kinds.join()
    ) {
      throw new ConflictException(`C-6: commandId ${commandId} was already used to register another webhook`);
    }
    return { ...view(earlier), secret: this.secrets.secretOf(earlier), duplicate: true };
  }

  /** Sends the webhook a signed test delivery now, and answers how it went. */
  async test(tournamentId: string, webhookId: string): Promise<DeliveryView> {
    const webhook = this.find(tournamentId, webhookId);
    if (webhook.deletedAt) throw new ConflictException(`webhook ${webhookId} was deleted`);
    const deliveryId = await this.dispatcher.sendTest(webhook);
    return deliveryView(this.webhooks.deliveryWithHistory(deliveryId)!);
  }

  /**
   * Puts a failed (or delivered) delivery back in the queue, due now, with the full number of attempts
   * again; the same body, id and order as before, signed afresh at each attempt.
   */
  redeliver(tournamentId: string, webhookId: string, deliveryId: string): DeliveryView {
    const webhook = this.find(tournamentId, webhookId);
    const delivery = this.webhooks.delivery(deliveryId);
    if (!delivery || delivery.webhookId !== webhookId) {
      throw new NotFoundException(`webhook ${webhookId} has no delivery ${deliveryId}`);
    }
    if (webhook.deletedAt) throw new ConflictException(`webhook ${webhookId} was deleted`);
    if (delivery.kind === 'test')
      throw new ConflictException('a test delivery is not redelivered: send another test');
    if (!this.webhooks.redeliver(deliveryId, Date.now())) {
      throw new ConflictException(
        `delivery ${deliveryId} is ${delivery.status}: only failed or delivered ones are redelivered`,
      );
    }
    this.dispatcher.kick();
    return deliveryView(this.webhooks.deliveryWithHistory(deliveryId)!);
  }

  async list(tournamentId: string): Promise<WebhookView[]> {
    await this.tournaments.read(tournamentId);
    return this.webhooks.webhooks(tournamentId).map(view);
  }

  async delete(tournamentId: string, webhookId: string): Promise<void> {
    this.find(tournamentId, webhookId);
    if (!this.webhooks.deleteWebhook(webhookId, new Date().toISOString())) {
      throw new NotFoundException(`webhook ${webhookId} was deleted already`);
    }
  }

  deliveries(
    tournamentId: string,
    webhookId: string,
    limit: number,
    cursor?: string,
  ): { items: DeliveryView[]; nextCursor: string | null } {
    this.find(tournamentId, webhookId);
    const after = cursor === undefined ? 0 : Number(cursor);
    if (!Number.isInteger(after) || after < 0)
      throw new BadRequestException('cursor is not one this API gave out');
    const rows = this.webhooks.deliveries(webhookId, after, limit + 1);
    const page = rows.slice(0, limit);
    return {
      items: page.map(deliveryView),
      nextCursor: rows.length > limit ? String(page[page.length - 1]!.seq) : null,
    };
  }

  private find(tournamentId: string, webhookId: string): Webhook {
    const webhook = this.webhooks.webhook(webhookId);
    if (!webhook || webhook.tournamentId !== tournamentId) {
      throw new NotFoundException(`tournament ${tournamentId} has no webhook ${webhookId}`);
    }
    return webhook;
  }
}

function view(webhook: Webhook): WebhookView {
  return {
    webhookId: webhook.webhookId,
    tournamentId: webhook.tournamentId,
    url: webhook.url,
    createdAt: webhook.createdAt,
    active: webhook.deletedAt === null,
    kinds: webhook.kinds,
    registeredBy: webhook.registeredBy,
  };
}

function deliveryView(d: Delivery & { history: Attempt[] }): DeliveryView {
  return {
    deliveryId: d.deliveryId,
    position: d.position,
    kind: d.kind,
    eventType: d.eventType,
    matchId: d.matchId,
    status: d.status,
    attempts: d.history,
    nextAttemptAt: d.status === 'pending' ? new Date(d.nextAttemptAt).toISOString() : null,
    createdAt: d.createdAt,
    deliveredAt: d.deliveredAt,
    payload: JSON.parse(d.body) as unknown,
  };
}
