import { randomBytes } from 'node:crypto';
import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { TournamentService } from '../../tournament/tournament.service.js';
import { WebhookDispatcher } from './webhook-dispatcher.js';
import { WebhookSecrets } from './webhook-secrets.js';
import { type Attempt, type Delivery, type Webhook, WebhookStore } from './webhook-store.js';

export interface WebhookView {
  webhookId: string;
  tournamentId: string;
  url: string;
  createdAt: string;
  active: boolean;
}

export interface RegisteredWebhookView extends WebhookView {
  /** Shown once: the key of X-Umpire-Signature. */
  secret: string;
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
  constructor(
    private readonly webhooks: WebhookStore,
    private readonly dispatcher: WebhookDispatcher,
    private readonly secrets: WebhookSecrets,
    private readonly tournaments: TournamentService,
  ) {}

  async register(tournamentId: string, url: string): Promise<RegisteredWebhookView> {
    await this.tournaments.read(tournamentId);
    const webhook = {
      webhookId: `wh_${randomBytes(9).toString('base64url')}`,
      tournamentId,
      url,
      nonce: randomBytes(16).toString('hex'),
      createdAt: new Date().toISOString(),
      // Only what happens from now on is sent.
      afterPosition: await this.dispatcher.head(),
    };
    this.webhooks.addWebhook(webhook);
    return { ...view({ ...webhook, deletedAt: null }), secret: this.secrets.secretOf(webhook) };
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
      items: page.map((d) => ({
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
      })),
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
  };
}
