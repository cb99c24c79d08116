import type { Side } from '../rules/common/sides.js';

/** What an invitation grants once redeemed: a player key for one seat. */
export interface SeatGrant {
  matchId: string;
  side: Side;
  tournamentId?: string;
  label?: string;
}

export type InvitationEvent =
  | {
      type: 'SeatInvitationCreated';
      data: SeatGrant & { invitationId: string; secretHash: string; expiresAt: string };
    }
  | { type: 'SeatInvitationRedeemed'; data: { invitationId: string; keyId: string } };
