import type { Side } from '../rules/common/sides.js';

/** What a seat invitation grants once redeemed: a player key for one seat. */
export interface SeatGrant {
  matchId: string;
  side: Side;
  tournamentId?: string;
  label?: string;
}

/** What a participant invitation grants once redeemed: that participant's key for their tournament. */
export interface ParticipantGrant {
  tournamentId: string;
  participantId: string;
  label?: string;
}

export type InvitationEvent =
  | {
      type: 'SeatInvitationCreated';
      data: SeatGrant & { invitationId: string; secretHash: string; expiresAt: string };
    }
  | {
      type: 'ParticipantInvitationCreated';
      data: ParticipantGrant & { invitationId: string; secretHash: string; expiresAt: string };
    }
  | { type: 'SeatInvitationRedeemed'; data: { invitationId: string; keyId: string } }
  | { type: 'ParticipantInvitationRedeemed'; data: { invitationId: string; keyId: string } };

export type InvitationCreated = Extract<
  InvitationEvent,
  { type: 'SeatInvitationCreated' | 'ParticipantInvitationCreated' }
>;

/** Either kind of invitation is single use: one redemption of either kind spends it. */
export const REDEEMED_TYPES: readonly string[] = ['SeatInvitationRedeemed', 'ParticipantInvitationRedeemed'];
