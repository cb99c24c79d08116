import { randomUUID } from 'node:crypto';
import { ConflictException, GoneException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { secretMatches } from '../auth/api-key.js';
import { KeyRegistry } from '../auth/key-registry.service.js';
import { actorOf, type KeyGrant, type Principal } from '../auth/principal.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { loadOrCreateServerSecret } from '../config/server-secret.js';
import { EVENT_STORE, type EventStore, type RecordedEvent } from '../event-store/event-store.port.js';
import { WrongExpectedRevisionError } from '../event-store/wrong-expected-revision.error.js';
import type { Side } from '../rules/common/sides.js';
import { KeyScope } from '../tournament/key-scope.js';
import {
  derivedInvitationCode,
  invitationLinkPath,
  invitationStream,
  newInvitationCode,
  parseInvitationCode,
} from './invitation-code.js';
import type { InvitationEvent, SeatGrant } from './invitation-events.js';

export interface CreatedInvitation extends SeatGrant {
  invitationId: string;
  code: string;
  link: string;
  expiresAt: string;
}

export interface RedeemedSeat extends SeatGrant {
  token: string;
  keyId: string;
}

/** An invitation answered the same whether it never existed or its secret is wrong. */
const UNKNOWN = 'no such invitation: check the link, or ask the organiser for a new one';

/**
 * Seat invitations: an organiser invites one seat of one match; whoever holds the code trades it,
 * once, for that seat's player key. Each invitation is its own stream, so a redemption is an append
 * at the revision it was decided on: of two redemptions at once, on one instance or two, exactly one
 * is appended and the other is told the invitation is used. Only a hash of the code is stored.
 */
@Injectable()
export class Invitations {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly keys: KeyRegistry,
    private readonly scope: KeyScope,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private serverSecret?: Buffer;

  async create(
    principal: Principal,
    request: { matchId: string; side: Side; expiresInMinutes: number; label?: string; commandId?: string },
    now = Date.now(),
  ): Promise<CreatedInvitation> {
    // The same checks as issuing the player key itself: the match exists and is within the key's scope.
    const granted = await this.scope.grantFor(principal, {
      role: 'player',
      matchId: request.matchId,
      side: request.side,
      ...(request.label ? { label: request.label } : {}),
    });
    const seat: SeatGrant = {
      matchId: request.matchId,
      side: request.side,
      ...(granted.tournamentId ? { tournamentId: granted.tournamentId } : {}),
      ...(request.label ? { label: request.label } : {}),
    };
    const { invitationId, code, secretHash } =
      request.commandId === undefined
        ? newInvitationCode()
        : derivedInvitationCode(this.secret(), principal.keyId, request.commandId);
    const stream = invitationStream(invitationId);
    if (request.commandId !== undefined) {
      const earlier = await this.earlier(stream, seat, request.commandId);
      if (earlier) return { invitationId, code, link: invitationLinkPath(code), ...earlier };
    }
    const expiresAt = new Date(now + request.expiresInMinutes * 60_000).toISOString();
    const event: InvitationEvent = {
      type: 'SeatInvitationCreated',
      data: { invitationId, secretHash, expiresAt, ...seat },
    };
    try {
      await this.store.append(stream, [event], {
        expectedRevision: 'no_stream',
        commandId: `create-${invitationId}`,
        actor: actorOf(principal),
      });
    } catch (error) {
      // The same request at once, twice: the first stands, and is the answer to both.
      const raced =
        error instanceof WrongExpectedRevisionError && request.commandId !== undefined
          ? await this.earlier(stream, seat, request.commandId)
          : undefined;
      if (!raced) throw error;
      return { invitationId, code, link: invitationLinkPath(code), ...raced };
    }
    return { invitationId, code, link: invitationLinkPath(code), expiresAt, ...seat };
  }

  /** The invitation a commandId made before, if it did; 409 when it was for another seat (C-6). */
  private async earlier(
    stream: string,
    seat: SeatGrant,
    commandId: string,
  ): Promise<(SeatGrant & { expiresAt: string }) | undefined> {
    const created = (await this.store.readStream(stream, { maxCount: 1 }))
      .map(asInvitationEvent)
      .find((e) => e.type === 'SeatInvitationCreated');
    if (!created) return undefined;
    const { matchId, side, tournamentId, label, expiresAt } = created.data;
    const first: SeatGrant = {
      matchId,
      side,
      ...(tournamentId ? { tournamentId } : {}),
      ...(label ? { label } : {}),
    };
    if (JSON.stringify(first) !== JSON.stringify(seat)) {
      throw new ConflictException(`C-6: commandId ${commandId} was already used to invite another seat`);
    }
    return { ...first, expiresAt };
  }

  private secret(): Buffer {
    this.serverSecret ??= loadOrCreateServerSecret(this.config.dataDir, this.config.serverSecret);
    return this.serverSecret;
  }

  async redeem(code: string, now = Date.now()): Promise<RedeemedSeat> {
    const parsed = parseInvitationCode(code);
    if (!parsed) throw new NotFoundException(UNKNOWN);
    const stream = invitationStream(parsed.invitationId);
    const events = await this.store.readStream(stream);
    const created = events.map(asInvitationEvent).find((e) => e.type === 'SeatInvitationCreated');
    if (!created || !secretMatches(parsed.secret, created.data.secretHash))
      throw new NotFoundException(UNKNOWN);
    if (events.some((e) => e.type === 'SeatInvitationRedeemed')) throw used();
    if (now >= Date.parse(created.data.expiresAt)) {
      throw new GoneException(
        `this invitation expired at ${created.data.expiresAt}: ask the organiser for a new one`,
      );
    }
    const { matchId, side, tournamentId, label } = created.data;
    const grant: Omit<KeyGrant, 'keyId'> = {
      role: 'player',
      matchId,
      side,
      ...(tournamentId ? { tournamentId } : {}),
      label: label ?? `seat ${side} of ${matchId}, by invitation`,
    };
    // Idempotent by the invitation: two redemptions racing here get one and the same key, and only
    // the one whose append below lands is given its token.
    const issued = await this.keys.issue(grant, { role: 'system' }, `invitation-${parsed.invitationId}`);
    const redeemed: InvitationEvent = {
      type: 'SeatInvitationRedeemed',
      data: { invitationId: parsed.invitationId, keyId: issued.grant.keyId },
    };
    try {
      await this.store.append(stream, [redeemed], {
        expectedRevision: events.length,
        // Unique per attempt: the revision, not the commandId, decides which redemption stands.
        commandId: `redeem-${randomUUID()}`,
        actor: { role: 'system' },
      });
    } catch (error) {
      if (error instanceof WrongExpectedRevisionError) throw used();
      throw error;
    }
    return {
      token: issued.token,
      keyId: issued.grant.keyId,
      matchId,
      side,
      ...(tournamentId ? { tournamentId } : {}),
      ...(label ? { label } : {}),
    };
  }
}

function used(): GoneException {
  return new GoneException(
    'this invitation was already used: an invitation joins one seat once; ask the organiser for a new one',
  );
}

function asInvitationEvent(event: RecordedEvent): InvitationEvent {
  return { type: event.type, data: event.data } as InvitationEvent;
}
