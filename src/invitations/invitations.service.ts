import canonicalize from 'canonicalize';
import { randomUUID } from 'node:crypto';
import {
  BadRequestException,
  ConflictException,
  ForbiddenException,
  GoneException,
  Inject,
  Injectable,
  NotFoundException,
} from '@nestjs/common';
import { secretMatches } from '../auth/api-key.js';
import { KeyRegistry, type ListedKey } from '../auth/key-registry.service.js';
import { actorOf, type KeyGrant, type Principal } from '../auth/principal.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { loadOrCreateServerSecret } from '../config/server-secret.js';
import { EVENT_STORE, type EventStore, type RecordedEvent } from '../event-store/event-store.port.js';
import { WrongExpectedRevisionError } from '../event-store/wrong-expected-revision.error.js';
import type { InvitationKind } from '../http/problem-details.js';
import type { Side } from '../rules/common/sides.js';
import { KeyScope } from '../tournament/key-scope.js';
import { TournamentConduct } from '../tournament/tournament-conduct.service.js';
import { DEFAULT_INVITATION_MINUTES } from './invitation.dto.js';
import {
  derivedInvitationCode,
  firstDerivedInvitationCode,
  invitationLinkPath,
  invitationStream,
  newInvitationCode,
  parseInvitationCode,
  participantInvitationLinkPath,
} from './invitation-code.js';
import { ownSeat, type OwnSeatRequest } from './own-seat.js';
import {
  type InvitationCreated,
  type InvitationEvent,
  type ParticipantGrant,
  REDEEMED_TYPES,
  type SeatGrant,
} from './invitation-events.js';

export interface CreatedInvitation extends SeatGrant {
  invitationId: string;
  code: string;
  link: string;
  expiresAt: string;
  /** Whether it was traded for the seat's key already, and when, and for which key. */
  redeemed: boolean;
  redeemedAt?: string;
  redeemedKeyId?: string;
}

export interface CreatedParticipantInvitation extends ParticipantGrant {
  invitationId: string;
  code: string;
  link: string;
  expiresAt: string;
  /** Whether it was traded for the participant's key already, and when, and for which key. */
  redeemed: boolean;
  redeemedAt?: string;
  redeemedKeyId?: string;
}

/** A participant's own seat invitation, and whether it was traded for its key already. */
export type OwnSeatInvitation = CreatedInvitation;

/** What a redemption answers: the key, and the seat or the participant it is for. */
export type Redeemed = (SeatGrant | ParticipantGrant) & { token: string; keyId: string };

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
    private readonly tournaments: TournamentConduct,
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
    const made = await this.record(principal, request, now, (invitation) => ({
      type: 'SeatInvitationCreated',
      data: { ...invitation, ...seat },
    }));
    const { matchId, side, tournamentId, label } = this.sameGrant(made, seat, 'seat', request.commandId);
    // A new invitation cannot have been used; one answered again (its commandId sent again) may have,
    // or its seat may have been joined with another since.
    return {
      ...handedOut(made, invitationLinkPath),
      matchId,
      side,
      ...(tournamentId ? { tournamentId } : {}),
      ...(label ? { label } : {}),
      ...(made.fresh ? said(undefined) : await this.seatSaid(made.data.invitationId, { matchId, side })),
    };
  }

  /**
   * Invites one participant of a tournament: the code is traded once for that participant's key (a
   * player key bound to the tournament and the participant), as a seat's is for the seat's key.
   */
  async createForParticipant(
    principal: Principal,
    request: {
      tournamentId: string;
      participantId: string;
      expiresInMinutes: number;
      label?: string;
      commandId?: string;
    },
    now = Date.now(),
  ): Promise<CreatedParticipantInvitation> {
    const { tournamentId, participantId } = request;
    // The same checks as issuing the participant key itself.
    await this.scope.grantFor(principal, {
      role: 'player',
      tournamentId,
      participantId,
      ...(request.label ? { label: request.label } : {}),
    });
    const { state } = await this.tournaments.load(tournamentId);
    const participant = state.participants.find((p) => p.participantId === participantId);
    if (!participant || participant.status === 'withdrawn') {
      throw new BadRequestException({
        message: `tournament ${tournamentId} has no participant ${participantId}`,
        field: 'participantId',
      });
    }
    const grant: ParticipantGrant = {
      tournamentId,
      participantId,
      ...(request.label ? { label: request.label } : {}),
    };
    const made = await this.record(principal, request, now, (invitation) => ({
      type: 'ParticipantInvitationCreated',
      data: { ...invitation, ...grant },
    }));
    const first = this.sameGrant(made, grant, 'participant', request.commandId);
    // As for a seat: asked again by its commandId, the answer says whether the participant joined with it.
    const redemption = made.fresh ? undefined : await this.redemption(made.data.invitationId);
    return {
      ...handedOut(made, participantInvitationLinkPath),
      tournamentId: first.tournamentId,
      participantId: first.participantId,
      ...(first.label ? { label: first.label } : {}),
      ...said(redemption),
    };
  }

  /**
   * A participant key's invitation to its own seat (ownSeat says which). One invitation per key and
   * seat, whatever the commandId: its id and code derive from the key and the seat, so the same
   * participant asking again is answered the same invitation, never a new code (until it expires
   * unused), and is told whether it was redeemed already (the seat's key then lives on the device that
   * redeemed it).
   */
  async createForOwnSeat(
    principal: Principal,
    request: Omit<OwnSeatRequest, 'participantId'> & { tournamentId: string },
    now = Date.now(),
  ): Promise<OwnSeatInvitation> {
    const { tournamentId, round, table, side } = request;
    if (principal.role !== 'player' || principal.tournamentId !== tournamentId || !principal.participantId) {
      throw new ForbiddenException('only a participant key of this tournament takes its own seat');
    }
    const { state } = await this.tournaments.load(tournamentId);
    const { matchId } = ownSeat(state, { participantId: principal.participantId, round, table, side });
    const seat: SeatGrant = { matchId, side, tournamentId };
    // The seat's invitation of this key; one that expired unused gives way to the next of the seat's
    // line (each made fresh, so the line ends at the first live or redeemed one).
    let made: InvitationCreated & { code: string };
    let redemption: Redemption | undefined;
    for (let generation = 1; ; generation++) {
      made = await this.record(
        principal,
        {
          expiresInMinutes: DEFAULT_INVITATION_MINUTES,
          commandId: `seat:${matchId}:${side}${generation === 1 ? '' : `:${generation}`}`,
        },
        now,
        (invitation) => ({ type: 'SeatInvitationCreated', data: { ...invitation, ...seat } }),
      );
      this.sameGrant(made, seat, 'seat', undefined);
      redemption = await this.redemption(made.data.invitationId);
      if (redemption || now < Date.parse(made.data.expiresAt)) break;
    }
    return {
      ...handedOut(made, invitationLinkPath),
      matchId,
      side,
      tournamentId,
      ...(redemption ? said(redemption) : await this.seatSaid(made.data.invitationId, { matchId, side })),
    };
  }

  /**
   * Appends the invitation's creation in its own stream, or, for a commandId sent again, answers the
   * creation it made the first time (also when the same request raced itself).
   */
  private async record(
    principal: Principal,
    request: { expiresInMinutes: number; commandId?: string },
    now: number,
    creation: (invitation: {
      invitationId: string;
      secretHash: string;
      expiresAt: string;
    }) => InvitationCreated,
  ): Promise<InvitationCreated & { code: string; fresh: boolean }> {
    if (request.commandId !== undefined) {
      // A commandId sent before short codes were: its invitation stands, under its first code.
      const first = firstDerivedInvitationCode(this.secret(), principal.keyId, request.commandId);
      const earlier = await this.created(invitationStream(first.invitationId));
      if (earlier) return { ...earlier, code: first.code, fresh: false };
    }
    const { invitationId, code, secretHash } =
      request.commandId === undefined
        ? newInvitationCode(this.secret())
        : derivedInvitationCode(this.secret(), principal.keyId, request.commandId);
    const stream = invitationStream(invitationId);
    if (request.commandId !== undefined) {
      const earlier = await this.created(stream);
      if (earlier) return { ...earlier, code, fresh: false };
    }
    const expiresAt = new Date(now + request.expiresInMinutes * 60_000).toISOString();
    const event = creation({ invitationId, secretHash, expiresAt });
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
          ? await this.created(stream)
          : undefined;
      if (!raced) throw error;
      return { ...raced, code, fresh: false };
    }
    return { ...event, code, fresh: true };
  }

  /** The grant an invitation was made with, when it is the one asked for; 409 otherwise (C-6). */
  private sameGrant<G extends SeatGrant | ParticipantGrant>(
    made: InvitationCreated,
    asked: G,
    kind: 'seat' | 'participant',
    commandId: string | undefined,
  ): G {
    const { invitationId: _id, secretHash: _hash, expiresAt: _at, ...first } = made.data;
    const expected = kind === 'seat' ? 'SeatInvitationCreated' : 'ParticipantInvitationCreated';
    if (made.type !== expected || canonicalize(first) !== canonicalize(asked)) {
      throw new ConflictException(
        `C-6: commandId ${commandId ?? ''} was already used to invite another ${kind === 'seat' ? 'seat' : 'participant'}`,
      );
    }
    return first as G;
  }

  private async created(stream: string): Promise<InvitationCreated | undefined> {
    return (await this.store.readStream(stream, { maxCount: 1 })).map(asInvitationEvent).find(isCreation);
  }

  /** The redemption that spent an invitation, if one did. */
  private async redemption(invitationId: string): Promise<Redemption | undefined> {
    return redemptionIn(await this.store.readStream(invitationStream(invitationId)));
  }

  private secret(): Buffer {
    this.serverSecret ??= loadOrCreateServerSecret(this.config.dataDir, this.config.serverSecret);
    return this.serverSecret;
  }

  /**
   * A seat's invitation opens its seat only while nobody has joined it since it was made: a slip
   * printed before its player joined from the tournament page, or a code left on the desk's screen,
   * must not seat a second phone (an opponent across the table) once the seat is taken. A phone that
   * should join a seat played already is invited after it was joined (the seats page asks again
   * whenever the seat's phones change), so that invitation still opens. A phone shut out (its key
   * revoked) no longer counts, nor the key this invitation's own redemption issued.
   */
  private async seatJoinedSince(
    invitationId: string,
    seat: { matchId: string; side: Side },
    madeAt: string,
  ): Promise<ListedKey | undefined> {
    const { matchId, side } = seat;
    const joined = await this.keys.listCurrent(
      (grant) => grant.role === 'player' && grant.matchId === matchId && grant.side === side,
      matchId,
    );
    const ownKey = this.keys.keyIssuedFor(SYSTEM, issuingFor(invitationId));
    const made = Date.parse(madeAt);
    return joined.find((key) => key.keyId !== ownKey && !key.revoked && Date.parse(key.issuedAt) > made);
  }

  /** A seat's invitation as its answer says it: redeemed, or its seat joined with another since it was made. */
  private async seatSaid(
    invitationId: string,
    seat: { matchId: string; side: Side },
  ): Promise<ReturnType<typeof said> & { seatJoinedAt?: string }> {
    const events = await this.store.readStream(invitationStream(invitationId));
    const redemption = redemptionIn(events);
    if (redemption) return said(redemption);
    const since = events[0] && (await this.seatJoinedSince(invitationId, seat, events[0].metadata.at));
    return { ...said(undefined), ...(since ? { seatJoinedAt: since.issuedAt } : {}) };
  }

  async redeem(code: string, now = Date.now()): Promise<Redeemed> {
    const parsed = parseInvitationCode(this.secret(), code);
    if (!parsed) throw new NotFoundException(UNKNOWN);
    const stream = invitationStream(parsed.invitationId);
    const events = await this.store.readStream(stream);
    const created = events.map(asInvitationEvent).find(isCreation);
    if (!created || !secretMatches(parsed.secret, created.data.secretHash))
      throw new NotFoundException(UNKNOWN);
    const kind: InvitationKind = created.type === 'SeatInvitationCreated' ? 'seat' : 'participant';
    if (events.some((e) => REDEEMED_TYPES.includes(e.type))) throw used(kind);
    if (now >= Date.parse(created.data.expiresAt)) {
      throw gone(
        kind,
        `this invitation expired at ${created.data.expiresAt}: ask the organiser for a new one`,
      );
    }
    // An invitation speaks for the key that made it: once that key is revoked (it leaked, or its
    // participant left), nothing it handed out may still open a seat.
    const maker = events[0]!.metadata.actor.keyId;
    if (maker === undefined || !(await this.keys.verifiedGrant(maker))) {
      throw gone(kind, 'the key that made this invitation has been revoked: ask the organiser for a new one');
    }
    if (created.type === 'SeatInvitationCreated') {
      const since = await this.seatJoinedSince(parsed.invitationId, created.data, events[0]!.metadata.at);
      if (since) {
        throw gone(
          'seat',
          `this invitation was made before its seat was joined on another phone (at ${since.issuedAt}): a seat's invitation opens only until then; ask the organiser for a new one`,
        );
      }
    }
    const { granted, answer } = grantOf(created);
    // Idempotent by the invitation: two redemptions racing here get one and the same key, and only
    // the one whose append below lands is given its token.
    const issued = await this.keys.issue(granted, SYSTEM, issuingFor(parsed.invitationId));
    const redeemed: InvitationEvent = {
      type:
        created.type === 'SeatInvitationCreated' ? 'SeatInvitationRedeemed' : 'ParticipantInvitationRedeemed',
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
      if (error instanceof WrongExpectedRevisionError) throw used(kind);
      throw error;
    }
    return { token: issued.token, keyId: issued.grant.keyId, ...answer };
  }
}

/** Who issues the key an invitation is traded for, and under which commandId (one key per invitation). */
const SYSTEM = { role: 'system' } as const;
const issuingFor = (invitationId: string) => `invitation-${invitationId}`;

/** The redemption that spent an invitation, among its stream's events, if one did. */
function redemptionIn(events: readonly RecordedEvent[]): Redemption | undefined {
  const spent = events.find((e) => REDEEMED_TYPES.includes(e.type));
  return spent && { at: spent.metadata.at, keyId: (spent.data as { keyId: string }).keyId };
}

/** The key an invitation is traded for, and what the redemption says it is for. */

function grantOf(created: InvitationCreated): {
  granted: Omit<KeyGrant, 'keyId'>;
  answer: SeatGrant | ParticipantGrant;
} {
  if (created.type === 'ParticipantInvitationCreated') {
    const { tournamentId, participantId, label } = created.data;
    return {
      granted: {
        role: 'player',
        tournamentId,
        participantId,
        label: label ?? `participant ${participantId} of ${tournamentId}, by invitation`,
      },
      answer: { tournamentId, participantId, ...(label ? { label } : {}) },
    };
  }
  const { matchId, side, tournamentId, label } = created.data;
  return {
    granted: {
      role: 'player',
      matchId,
      side,
      ...(tournamentId ? { tournamentId } : {}),
      label: label ?? `seat ${side} of ${matchId}, by invitation`,
    },
    answer: { matchId, side, ...(tournamentId ? { tournamentId } : {}), ...(label ? { label } : {}) },
  };
}

interface Redemption {
  at: string;
  keyId: string;
}

/** What an invitation's answer (a seat's or a participant's) says of its use. */
function said(redemption: Redemption | undefined) {
  return redemption
    ? { redeemed: true, redeemedAt: redemption.at, redeemedKeyId: redemption.keyId }
    : { redeemed: false };
}

function isCreation(event: InvitationEvent): event is InvitationCreated {
  return event.type === 'SeatInvitationCreated' || event.type === 'ParticipantInvitationCreated';
}

/** A 410 for an invitation that can no longer be traded, saying what it was for (the problem's `invitation`). */
function gone(kind: InvitationKind, message: string): GoneException {
  return new GoneException({ message, invitation: kind });
}

function used(kind: InvitationKind): GoneException {
  return gone(
    kind,
    kind === 'seat'
      ? 'this invitation was already used: a seat’s invitation joins its seat once, on the device that opened it first; ask the organiser for a new one'
      : 'this invitation was already used: a participant’s invitation opens a place in the tournament once, on the device that opened it first; ask the organiser for a new one',
  );
}

function asInvitationEvent(event: RecordedEvent): InvitationEvent {
  return { type: event.type, data: event.data } as InvitationEvent;
}

/** What every answer that hands an invitation out says of it: its id, its code, the link and its expiry. */
function handedOut(made: InvitationCreated & { code: string }, linkPath: (code: string) => string) {
  return {
    invitationId: made.data.invitationId,
    code: made.code,
    link: linkPath(made.code),
    expiresAt: made.data.expiresAt,
  };
}
