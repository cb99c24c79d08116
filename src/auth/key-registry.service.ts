import { chmodSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import {
  ConflictException,
  Inject,
  Injectable,
  Logger,
  type OnModuleDestroy,
  type OnModuleInit,
} from '@nestjs/common';
import { loadOrCreateServerSecret } from '../config/server-secret.js';
import { APP_CONFIG, type AppConfig, organiserKeyFile, organiserKeyProblem } from '../config/app-config.js';
import {
  type Actor,
  EVENT_STORE,
  type EventStore,
  type RecordedEvent,
} from '../event-store/event-store.port.js';
import { derivedToken, hashSecret, newKeyId, newToken, parseToken, secretMatches } from './api-key.js';
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
/** How often the keys stream is read for changes (a revocation closes open feeds within about this). */
const FOLLOW_MS = 250;

interface StoredKey {
  grant: KeyGrant;
  secretHash: string;
  revoked: boolean;
  /** Issued by the service itself: the organiser key generated on first start. */
  generated: boolean;
  /** The key that issued it; null when the service did (its first key, or for a redeemed invitation). */
  issuedBy: string | null;
  /** When it was issued (its KeyIssued was recorded). */
  issuedAt: string;
}

/** A key as listed: its grant, whether it was revoked, which key issued it, and when. */
export type ListedKey = KeyGrant & { revoked: boolean; issuedBy: string | null; issuedAt: string };

export interface IssuedKey {
  token: string;
  grant: KeyGrant;
  /** True when this issuing key had sent this commandId before: nothing was appended. */
  duplicate: boolean;
}

type KeyEvent =
  | { type: 'KeyIssued'; data: KeyGrant & { secretHash: string } }
  | { type: 'KeyRevoked'; data: { keyId: string } };

/**
 * API keys, event-sourced in their own stream so that they live wherever the events live (SQLite or
 * EventStoreDB) and every issue and revocation is on the record. Only hashes of secrets are stored.
 */
@Injectable()
export class KeyRegistry implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('keys');
  private readonly keys = new Map<string, StoredKey>();
  /** The keys bound to each match (its seats, a judge or spectator of it alone), by id: listed without going through every key. */
  private readonly seatKeys = new Map<string, string[]>();
  private revision = 0;
  private following?: NodeJS.Timeout;
  private readonly revokedListeners = new Set<(keyId: string) => void>();
  private lastRefresh = 0;
  private refreshing?: Promise<void>;
  private readonly configuredOrganiserHash?: string;
  /** The key each recorded commandId issued (`<issuer keyId>:<commandId>`). */
  private readonly issuedBy = new Map<string, string>();
  private serverSecret?: Buffer;

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    if (config.organiserKey) {
      // Checked here too, not only when read from the environment: however the service is started.
      const problem = organiserKeyProblem(config.organiserKey);
      if (problem) throw new Error(`the configured organiser key ${problem}`);
      this.configuredOrganiserHash = hashSecret(config.organiserKey);
    }
  }

  async onModuleInit(): Promise<void> {
    await this.refresh();
    if (this.configuredOrganiserHash) {
      await this.retireGenerated();
    } else {
      const hasOrganiser = [...this.keys.values()].some((k) => k.grant.role === 'organiser' && !k.revoked);
      if (!hasOrganiser) {
        const { token } = await this.issue({ role: 'organiser', label: 'first start' }, { role: 'system' });
        this.handOver(token);
      }
    }
    this.follow();
  }

  onModuleDestroy(): void {
    clearInterval(this.following);
  }

  /**
   * The keys stream is followed, not only read when a key is checked: an open live feed checks no key
   * again, so a revocation recorded by any instance on the same store must reach this one by itself.
   * Each look is one indexed read of the keys stream after the last revision applied, whatever the
   * length of the other streams.
   */
  private follow(): void {
    this.following = setInterval(() => {
      this.refresh().catch((error: unknown) =>
        this.logger.warn(`reading the keys stream failed: ${error instanceof Error ? error.message : error}`),
      );
    }, FOLLOW_MS);
    this.following.unref();
  }

  /**
   * Called with a key's id whenever a revocation of it is applied here, whichever instance recorded
   * it: what holds something open for a key (a live feed) closes it. Answers the unsubscribe.
   */
  onRevoked(listener: (keyId: string) => void): () => void {
    this.revokedListeners.add(listener);
    return () => this.revokedListeners.delete(listener);
  }

  /** Whether a revocation of the key has been applied here (an unknown id is not revoked). */
  isRevoked(keyId: string): boolean {
    return this.keys.get(keyId)?.revoked === true;
  }

  /**
   * A configured organiser key replaces the generated one: that key is revoked (an older version
   * printed it into the log, where it may still be) and its file removed.
   */
  private async retireGenerated(): Promise<void> {
    for (const key of this.keys.values()) {
      if (key.generated && !key.revoked) await this.revoke(key.grant.keyId, { role: 'system' });
    }
    rmSync(organiserKeyFile(this.config), { force: true });
  }

  /**
   * The first organiser key goes to an owner-only file, and only its path to the log: the JSON log
   * is shipped and kept where a key must never be. Failing that, to stderr, outside the log stream.
   */
  private handOver(token: string): void {
    const file = organiserKeyFile(this.config);
    try {
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, `${token}\n`, { mode: 0o600 });
      chmodSync(file, 0o600);
      this.logger.warn(
        `a new organiser key was written to ${file} (readable by its owner only): store it, then delete the file`,
      );
    } catch (error) {
      process.stderr.write(
        `umpire: could not write the organiser key to ${file} (${(error as Error).message}); here it is, shown once:\n${token}\n`,
      );
    }
  }

  /**
   * Issues a key. With a commandId it is idempotent, as every write is: the same issuing key sending
   * the same commandId again gets the same key back (its token derived again, see derivedToken) and
   * nothing is appended; the same commandId with another grant is refused (409, C-6).
   */
  async issue(grant: Omit<KeyGrant, 'keyId'>, by: Actor, commandId?: string): Promise<IssuedKey> {
    if (commandId === undefined) {
      const keyId = newKeyId();
      const { token, secretHash } = newToken(keyId);
      const full: KeyGrant = { keyId, ...grant };
      await this.append(full, secretHash, `issue-key-${keyId}`, by);
      return { token, grant: full, duplicate: false };
    }
    // The issuer's own id keeps two issuers' commandIds apart; the ':' keeps them apart from issue-key-….
    const recorded = `${by.keyId ?? by.role}:${commandId}`; // as keyIssuedFor() finds it
    await this.readAfterNow();
    const earlier = this.earlier(recorded, grant, commandId);
    if (earlier) return earlier;
    const keyId = newKeyId();
    const { token, secretHash } = derivedToken(this.secret(), keyId);
    const full: KeyGrant = { keyId, ...grant };
    const result = await this.append(full, secretHash, recorded, by);
    if (result.duplicate) {
      // Another instance recorded the same command first: its key is the answer.
      const raced = this.earlier(recorded, grant, commandId);
      if (raced) return raced;
    }
    return { token, grant: full, duplicate: false };
  }

  private earlier(
    recorded: string,
    grant: Omit<KeyGrant, 'keyId'>,
    commandId: string,
  ): IssuedKey | undefined {
    const keyId = this.issuedBy.get(recorded);
    const key = keyId ? this.keys.get(keyId) : undefined;
    if (!key) return undefined;
    const { keyId: _id, ...first } = key.grant;
    if (JSON.stringify(sorted(first)) !== JSON.stringify(sorted(grant))) {
      throw new ConflictException(`C-6: commandId ${commandId} was already used to issue another key`);
    }
    // C-6 the first answer was a key that has since been revoked: its token would be handed out dead.
    if (key.revoked) {
      throw new ConflictException(
        `C-6: commandId ${commandId} issued key ${key.grant.keyId}, which has been revoked; send a new commandId for a new key`,
      );
    }
    return { token: derivedToken(this.secret(), key.grant.keyId).token, grant: key.grant, duplicate: true };
  }

  private async append(grant: KeyGrant, secretHash: string, commandId: string, by: Actor) {
    const result = await this.store.append(
      KEYS_STREAM,
      [{ type: 'KeyIssued', data: { ...grant, secretHash } }],
      {
        expectedRevision: 'any',
        commandId,
        actor: by,
      },
    );
    // Applied here before the caller is answered: the key works at once on this instance.
    await this.readAfterNow();
    return result;
  }

  private secret(): Buffer {
    this.serverSecret ??= loadOrCreateServerSecret(this.config.dataDir, this.config.serverSecret);
    return this.serverSecret;
  }

  async revoke(keyId: string, by: Actor): Promise<boolean> {
    await this.readAfterNow();
    if (!this.keys.has(keyId)) return false;
    await this.store.append(KEYS_STREAM, [{ type: 'KeyRevoked', data: { keyId } }], {
      expectedRevision: 'any',
      commandId: `revoke-key-${keyId}`,
      actor: by,
    });
    // Applied here before the caller is answered: no request on this instance passes with it after.
    await this.readAfterNow();
    return true;
  }

  /** The grant behind a bearer token, or undefined for a wrong, unknown or revoked key. */
  async verify(token: string): Promise<KeyGrant | undefined> {
    // An issued key is checked against its own hash alone: one SHA-256 a request, not two. Only a
    // token that is no valid issued key is then compared with the configured organiser key.
    const parsed = parseToken(token);
    if (parsed) {
      // A key not known here yet may have been issued a moment ago by another instance on the same
      // store (a connection to it names another match): the keys stream is read again before refusing.
      if (!this.keys.has(parsed.keyId)) await this.readAfterNow();
      else if (Date.now() - this.lastRefresh > REFRESH_MS) await this.refresh();
      const key = this.keys.get(parsed.keyId);
      if (key && !key.revoked && secretMatches(parsed.secret, key.secretHash)) return key.grant;
    }
    if (this.configuredOrganiserHash && secretMatches(token, this.configuredOrganiserHash))
      return CONFIGURED_ORGANISER;
    return undefined;
  }

  /**
   * The grant of a key that is valid now (not revoked), by its id alone: for a stream ticket, which
   * was issued to a key whose secret was checked then.
   */
  async verifiedGrant(keyId: string): Promise<KeyGrant | undefined> {
    if (keyId === CONFIGURED_ORGANISER.keyId)
      return this.configuredOrganiserHash ? CONFIGURED_ORGANISER : undefined;
    if (Date.now() - this.lastRefresh > REFRESH_MS) await this.refresh();
    const key = this.keys.get(keyId);
    return key && !key.revoked ? key.grant : undefined;
  }

  /** The key's grant, revoked or not. */
  async grant(keyId: string): Promise<KeyGrant | undefined> {
    await this.refresh();
    return this.keys.get(keyId)?.grant;
  }

  /** The keys whose grant passes `filter`; with `matchId`, only the keys bound to that match are looked at. */
  list(filter: (grant: KeyGrant) => boolean = () => true, matchId?: string): ListedKey[] {
    const looked =
      matchId === undefined
        ? [...this.keys.values()]
        : (this.seatKeys.get(matchId) ?? []).map((keyId) => this.keys.get(keyId)!);
    return looked
      .filter((k) => filter(k.grant))
      .map((k) => ({ ...k.grant, revoked: k.revoked, issuedBy: k.issuedBy, issuedAt: k.issuedAt }));
  }

  /** The key issue() made for this issuer and commandId, if it made one (as this instance has read). */
  keyIssuedFor(by: Actor, commandId: string): string | undefined {
    return this.issuedBy.get(`${by.keyId ?? by.role}:${commandId}`);
  }

  /** As list(), read after every key issued so far, by any instance: for a decision, not a page. */
  async listCurrent(filter: (grant: KeyGrant) => boolean, matchId?: string): Promise<ListedKey[]> {
    await this.readAfterNow();
    return this.list(filter, matchId);
  }

  /**
   * A read of the keys stream that starts after this call: one already under way may have begun
   * before the event the caller is looking for was written (by another instance), so it is waited for
   * and then read after.
   */
  private async readAfterNow(): Promise<void> {
    if (this.refreshing) await this.refreshing.catch(() => undefined);
    await this.refresh();
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
        const generated = recorded.metadata.actor.role === 'system' && grant.role === 'organiser';
        const issuedBy = recorded.metadata.actor.keyId ?? null;
        const issuedAt = recorded.metadata.at;
        this.keys.set(grant.keyId, { grant, secretHash, revoked: false, generated, issuedBy, issuedAt });
        if (grant.matchId !== undefined) {
          const seats = this.seatKeys.get(grant.matchId);
          if (seats) seats.push(grant.keyId);
          else this.seatKeys.set(grant.matchId, [grant.keyId]);
        }
        this.issuedBy.set(recorded.metadata.commandId, grant.keyId);
        break;
      }
      case 'KeyRevoked': {
        const key = this.keys.get(event.data.keyId);
        if (!key || key.revoked) break;
        key.revoked = true;
        for (const listener of this.revokedListeners) listener(event.data.keyId);
        break;
      }
    }
  }
}

/** A grant's fields in one order, without those left unset, for comparing two grants. */
function sorted(grant: Omit<KeyGrant, 'keyId'>): [string, unknown][] {
  return Object.entries(grant)
    .filter(([, value]) => value !== undefined)
    .sort(([a], [b]) => a.localeCompare(b));
}
