import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import {
  type Actor,
  EVENT_STORE,
  type EventStore,
  type RecordedEvent,
} from '../event-store/event-store.port.js';
import { hashSecret, newKeyId, newToken, parseToken, secretMatches } from './api-key.js';
import type { KeyGrant } from './principal.js';

export const KEYS_STREAM = 'keys';
const CONFIGURED_ORGANISER: KeyGrant = {
  keyId: 'configured',
  role: 'organiser',
  label: 'UMPIRE_ORGANISER_KEY',
};
/**
 * Keys are re-read from their stream at most this often before a key is checked, so that a key issued
 * or revoked by another instance on the same store counts here within this time too.
 */
const REFRESH_MS = 1000;

interface StoredKey {
  grant: KeyGrant;
  secretHash: string;
  revoked: boolean;
}

type KeyEvent =
  | { type: 'KeyIssued'; data: KeyGrant & { secretHash: string } }
  | { type: 'KeyRevoked'; data: { keyId: string } };

/**
 * API keys, event-sourced in their own stream so that they live wherever the events live (SQLite or
 * EventStoreDB) and every issue and revocation is on the record. Only hashes of secrets are stored.
 */
@Injectable()
export class KeyRegistry implements OnModuleInit {
  private readonly logger = new Logger('keys');
  private readonly keys = new Map<string, StoredKey>();
  private revision = 0;
  private lastRefresh = 0;
  private refreshing?: Promise<void>;
  private readonly configuredOrganiserHash?: string;

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    if (config.organiserKey) this.configuredOrganiserHash = hashSecret(config.organiserKey);
  }

  async onModuleInit(): Promise<void> {
    await this.refresh();
    if (this.configuredOrganiserHash) return;
    const hasOrganiser = [...this.keys.values()].some((k) => k.grant.role === 'organiser' && !k.revoked);
    if (!hasOrganiser) {
      const { token } = await this.issue({ role: 'organiser', label: 'first start' }, { role: 'system' });
      // Printed once: only its hash is kept. Lose it and set UMPIRE_ORGANISER_KEY instead.
      this.logger.warn(`organiser key (shown once, store it now): ${token}`);
    }
  }

  async issue(grant: Omit<KeyGrant, 'keyId'>, by: Actor): Promise<{ token: string; grant: KeyGrant }> {
    const keyId = newKeyId();
    const { token, secretHash } = newToken(keyId);
    const full: KeyGrant = { keyId, ...grant };
    await this.store.append(KEYS_STREAM, [{ type: 'KeyIssued', data: { ...full, secretHash } }], {
      expectedRevision: 'any',
      commandId: `issue-key-${keyId}`,
      actor: by,
    });
    await this.refresh();
    return { token, grant: full };
  }

  async revoke(keyId: string, by: Actor): Promise<boolean> {
    await this.refresh();
    if (!this.keys.has(keyId)) return false;
    await this.store.append(KEYS_STREAM, [{ type: 'KeyRevoked', data: { keyId } }], {
      expectedRevision: 'any',
      commandId: `revoke-key-${keyId}`,
      actor: by,
    });
    await this.refresh();
    return true;
  }

  /** The grant behind a bearer token, or undefined for a wrong, unknown or revoked key. */
  async verify(token: string): Promise<KeyGrant | undefined> {
    if (this.configuredOrganiserHash && secretMatches(token, this.configuredOrganiserHash))
      return CONFIGURED_ORGANISER;
    const parsed = parseToken(token);
    if (!parsed) return undefined;
    if (Date.now() - this.lastRefresh > REFRESH_MS) await this.refresh();
    const key = this.keys.get(parsed.keyId);
    if (!key || key.revoked || !secretMatches(parsed.secret, key.secretHash)) return undefined;
    return key.grant;
  }

  list(filter: (grant: KeyGrant) => boolean = () => true): (KeyGrant & { revoked: boolean })[] {
    return [...this.keys.values()]
      .filter((k) => filter(k.grant))
      .map((k) => ({ ...k.grant, revoked: k.revoked }));
  }

  /** One read at a time, shared by everyone who asks meanwhile; events apply once, in order. */
  private refresh(): Promise<void> {
    this.refreshing ??= (async () => {
      try {
        this.lastRefresh = Date.now();
        const events = await this.store.readStream(KEYS_STREAM, { fromRevision: this.revision + 1 });
        for (const event of events) if (event.metadata.revision > this.revision) this.apply(event);
      } finally {
        this.refreshing = undefined;
      }
    })();
    return this.refreshing;
  }

  private apply(recorded: RecordedEvent): void {
    this.revision = recorded.metadata.revision;
    const event = { type: recorded.type, data: recorded.data } as KeyEvent;
    switch (event.type) {
      case 'KeyIssued': {
        const { secretHash, ...grant } = event.data;
        this.keys.set(grant.keyId, { grant, secretHash, revoked: false });
        break;
      }
      case 'KeyRevoked': {
        const key = this.keys.get(event.data.keyId);
        if (key) key.revoked = true;
        break;
      }
    }
  }
}
