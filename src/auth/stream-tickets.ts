import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { loadOrCreateServerSecret } from '../config/server-secret.js';
import { KeyRegistry } from './key-registry.service.js';
import type { Principal } from './principal.js';

/** The one live feed a ticket opens. */
export interface FeedRef {
  feed: 'match' | 'tournament';
  id: string;
}

export interface IssuedTicket {
  ticket: string;
  expiresAt: string;
}

const PREFIX = 'umpire_ticket_';
const TICKET = /^umpire_ticket_([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]{43})$/;

interface TicketBody {
  /** The key it was issued to: the feed shows what that key would see (its side, its delay). */
  k: string;
  f: FeedRef['feed'];
  i: string;
  /** Until when it may be used (ms since the epoch). */
  e: number;
  /** Makes each ticket unique, and marks it used. */
  n: string;
}

/**
 * Stream tickets: a browser's EventSource cannot send an Authorization header, so a page asks for a
 * ticket with its key (POST /stream-tickets) and opens the feed with `?ticket=`. A ticket is
 * read-only and single-purpose (the live-feed routes accept it, for the one feed it names, and no
 * other route does), short-lived (UMPIRE_STREAM_TICKET_TTL_MS, 60 s, to connect: an open feed lasts
 * as long as it is open) and single use in this instance. It stands for the key it was issued to,
 * checked again when it is used: a key revoked meanwhile opens nothing, and the feed counts against
 * that key's cap of live feeds.
 *
 * A ticket is signed, not stored (HMAC under a key derived from the server secret), so any instance on
 * the same secret accepts it; single use is kept per instance, so with several instances a ticket
 * could open one feed on each within its minute, never a feed it does not name. Tickets travel in a
 * URL, so the request log writes paths without their query string.
 */
@Injectable()
export class StreamTickets {
  private readonly used = new Map<string, number>();
  private sweptAt = 0;
  private macKey?: Buffer;

  constructor(
    private readonly keys: KeyRegistry,
    @Inject(APP_CONFIG)
    private readonly config: Pick<AppConfig, 'dataDir' | 'serverSecret' | 'streamTicketTtlMs'>,
  ) {}

  private now(): number {
    return Date.now();
  }

  issue(principal: Principal, feed: FeedRef): IssuedTicket {
    const expires = this.now() + this.config.streamTicketTtlMs;
    const body: TicketBody = {
      k: principal.keyId,
      f: feed.feed,
      i: feed.id,
      e: expires,
      n: randomBytes(12).toString('base64url'),
    };
    const payload = Buffer.from(JSON.stringify(body)).toString('base64url');
    return { ticket: `${PREFIX}${payload}.${this.mac(payload)}`, expiresAt: new Date(expires).toISOString() };
  }

  /** The key a ticket stands for, if it opens this feed now; otherwise 401 saying why. */
  async redeem(ticket: string, feed: FeedRef): Promise<Principal> {
    const body = this.opened(ticket);
    if (!body) throw new UnauthorizedException('the stream ticket is not valid');
    if (body.f !== feed.feed || body.i !== feed.id) {
      throw new UnauthorizedException(
        `this stream ticket is for the ${body.f} feed of ${body.i}, not this one`,
      );
    }
    const now = this.now();
    if (now > body.e) throw new UnauthorizedException('the stream ticket has expired: ask for a new one');
    this.forgetExpired(now);
    if (this.used.has(body.n))
      throw new UnauthorizedException('the stream ticket was used already: ask for a new one');
    const principal = await this.keys.verifiedGrant(body.k);
    if (!principal)
      throw new UnauthorizedException('the key this stream ticket was issued to is no longer valid');
    this.used.set(body.n, body.e);
    return principal;
  }

  private opened(ticket: string): TicketBody | undefined {
    const parts = TICKET.exec(ticket);
    if (!parts) return undefined;
    const [, payload, mac] = parts as unknown as [string, string, string];
    const expected = Buffer.from(this.mac(payload));
    if (!timingSafeEqual(expected, Buffer.from(mac))) return undefined;
    try {
      return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as TicketBody;
    } catch {
      return undefined;
    }
  }

  private mac(payload: string): string {
    this.macKey ??= Buffer.from(
      hkdfSync(
        'sha256',
        loadOrCreateServerSecret(this.config.dataDir, this.config.serverSecret),
        'stream-tickets',
        'umpire stream ticket v1',
        32,
      ),
    );
    return createHmac('sha256', this.macKey).update(payload).digest('base64url');
  }

  /** Used tickets are remembered until they expire: after that, expiry refuses them anyway. */
  private forgetExpired(now: number): void {
    if (now - this.sweptAt < 1000) return;
    this.sweptAt = now;
    for (const [nonce, expires] of this.used) if (now > expires) this.used.delete(nonce);
  }
}
