import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsInt, IsOptional, IsString, Length, Matches, Max, Min } from 'class-validator';
import { SIDES } from '../rules/common/sides.js';

/** A club day is long, a weekend event longer; an invitation outliving that is a leak waiting to happen. */
export const MAX_INVITATION_MINUTES = 7 * 24 * 60;
export const DEFAULT_INVITATION_MINUTES = 12 * 60;

export class CreateInvitationDto {
  @ApiPropertyOptional({
    description:
      'Makes the invitation idempotent: the same commandId from the same key answers the first invitation again (its code too); for another seat, 409.',
    example: 'invite-r1-t4-A',
  })
  @IsOptional()
  @Matches(/^[A-Za-z0-9_.:-]{1,100}$/, { message: 'commandId must be 1–100 letters, digits, or _ . : -' })
  commandId?: string;

  @ApiProperty({ enum: SIDES, description: 'The seat invited: the side its player plays.' })
  @IsIn(SIDES, { message: 'side must be A or B' })
  side!: 'A' | 'B';

  @ApiPropertyOptional({
    description: `Minutes until the invitation expires unused (default ${DEFAULT_INVITATION_MINUTES}, at most ${MAX_INVITATION_MINUTES}).`,
    example: 240,
  })
  @IsOptional()
  @IsInt({ message: 'expiresInMinutes must be a whole number of minutes' })
  @Min(1, { message: 'expiresInMinutes must be at least 1' })
  @Max(MAX_INVITATION_MINUTES, { message: `expiresInMinutes must be at most ${MAX_INVITATION_MINUTES}` })
  expiresInMinutes?: number;

  @ApiPropertyOptional({
    description: 'The label of the key it is traded for.',
    example: 'table 4, Zulu player',
  })
  @IsOptional()
  @IsString()
  @Length(1, 120)
  label?: string;
}

export class InvitationDto {
  @ApiProperty({ example: 'k3x9a0b2c4d6' }) invitationId!: string;
  @ApiProperty({
    description:
      'The invitation code: 12 characters in groups of four, read in any case, dashes and spaces ignored, O as 0, I and L as 1 (codes made before short codes, `inv_…`, still redeem). Kept nowhere: the service stores only what checks it. Redeemed once.',
    example: 'K3X9-A0B2-C4D6',
  })
  code!: string;
  @ApiProperty({
    description:
      'The path of the player’s page that joins this seat, the code in its fragment (which no server, log or referrer sees): prefix it with the service’s origin for a link or a QR code.',
    example: '/table/#invite=K3X9-A0B2-C4D6',
  })
  link!: string;
  @ApiProperty({ example: 'r1-t4' }) matchId!: string;
  @ApiProperty({ enum: SIDES }) side!: string;
  @ApiPropertyOptional({ example: 'spring-open-2026' }) tournamentId?: string;
  @ApiPropertyOptional({ example: 'table 4, Zulu player' }) label?: string;
  @ApiProperty({ example: '2026-05-02T21:00:00.000Z' }) expiresAt!: string;
  @ApiProperty({
    description:
      'Whether the invitation was traded for the seat’s key already (asked again with its commandId, the answer says so): the seat is then played from the device that redeemed it, and another device needs a new invitation.',
    example: false,
  })
  redeemed!: boolean;
  @ApiPropertyOptional({
    description: 'When it was redeemed, if it was.',
    example: '2026-05-02T09:14:03.120Z',
  })
  redeemedAt?: string;
  @ApiPropertyOptional({
    description: 'The key it was traded for, if it was (GET /keys lists it, and whether it was revoked).',
    example: 'f0e1d2c3b4a5',
  })
  redeemedKeyId?: string;
  @ApiPropertyOptional({
    description:
      'When its seat was joined with another invitation since this one was made, if it was and this one was not redeemed: it opens the seat no more (410), so that a slip or a screen left about cannot seat a second phone; invite again for a phone that should join.',
    example: '2026-05-02T09:20:41.512Z',
  })
  seatJoinedAt?: string;
}

export class CreateParticipantInvitationDto {
  @ApiPropertyOptional({
    description:
      'Makes the invitation idempotent: the same commandId from the same key answers the first invitation again (its code too); for another participant, 409.',
    example: 'invite-p4',
  })
  @IsOptional()
  @Matches(/^[A-Za-z0-9_.:-]{1,100}$/, { message: 'commandId must be 1–100 letters, digits, or _ . : -' })
  commandId?: string;

  @ApiPropertyOptional({
    description: `Minutes until the invitation expires unused (default ${DEFAULT_INVITATION_MINUTES}, at most ${MAX_INVITATION_MINUTES}).`,
    example: 720,
  })
  @IsOptional()
  @IsInt({ message: 'expiresInMinutes must be a whole number of minutes' })
  @Min(1, { message: 'expiresInMinutes must be at least 1' })
  @Max(MAX_INVITATION_MINUTES, { message: `expiresInMinutes must be at most ${MAX_INVITATION_MINUTES}` })
  expiresInMinutes?: number;

  @ApiPropertyOptional({ description: 'The label of the key it is traded for.', example: 'Dan Evans' })
  @IsOptional()
  @IsString()
  @Length(1, 120)
  label?: string;
}

export class ParticipantInvitationDto {
  @ApiProperty({ example: 'k3x9a0b2c4d6' }) invitationId!: string;
  @ApiProperty({
    description:
      'The invitation code: 12 characters in groups of four, read in any case, dashes and spaces ignored, O as 0, I and L as 1 (codes made before short codes, `inv_…`, still redeem). Kept nowhere: the service stores only what checks it. Redeemed once.',
    example: 'K3X9-A0B2-C4D6',
  })
  code!: string;
  @ApiProperty({
    description:
      'The path of the player’s tournament page that trades it for the participant’s key, the code in its fragment (which no server, log or referrer sees): prefix it with the service’s origin for a link or a QR code.',
    example: '/tournament/#invite=K3X9-A0B2-C4D6',
  })
  link!: string;
  @ApiProperty({ example: 'spring-open-2026' }) tournamentId!: string;
  @ApiProperty({ example: 'p4' }) participantId!: string;
  @ApiPropertyOptional({ example: 'Dan Evans' }) label?: string;
  @ApiProperty({ example: '2026-05-02T21:00:00.000Z' }) expiresAt!: string;
  @ApiProperty({
    description:
      'Whether the invitation was traded for the participant’s key already (asked again with its commandId, the answer says so): the participant then plays from the device that redeemed it, and another device needs a new invitation.',
    example: false,
  })
  redeemed!: boolean;
  @ApiPropertyOptional({
    description: 'When it was redeemed (the participant joined), if it was.',
    example: '2026-05-02T09:14:03.120Z',
  })
  redeemedAt?: string;
  @ApiPropertyOptional({
    description: 'The key it was traded for, if it was (GET /keys lists it, and whether it was revoked).',
    example: 'f0e1d2c3b4a5',
  })
  redeemedKeyId?: string;
}

export class RedeemedSeatDto {
  @ApiProperty({
    description:
      'The player key (bearer token) of the seat or the participant. Shown once: keep it on this device only.',
    example: 'umpire_abc123def456_…',
  })
  token!: string;
  @ApiProperty() keyId!: string;
  @ApiPropertyOptional({ description: 'For a seat invitation: the match.', example: 'r1-t4' })
  matchId?: string;
  @ApiPropertyOptional({ enum: SIDES, description: 'For a seat invitation: the side.' }) side?: string;
  @ApiPropertyOptional() tournamentId?: string;
  @ApiPropertyOptional({ description: 'For a participant invitation: the participant.', example: 'p4' })
  participantId?: string;
  @ApiPropertyOptional() label?: string;
}

export class CreateOwnSeatInvitationDto {
  @ApiPropertyOptional({
    description:
      'Accepted like every write. The answer is the one invitation of this key and seat whatever the commandId: asking again never makes another code.',
    example: 'seat-r1-t4',
  })
  @IsOptional()
  @Matches(/^[A-Za-z0-9_.:-]{1,100}$/, { message: 'commandId must be 1–100 letters, digits, or _ . : -' })
  commandId?: string;

  @ApiProperty({ enum: SIDES, description: 'The side the participant plays at this table: their own.' })
  @IsIn(SIDES, { message: 'side must be A or B' })
  side!: 'A' | 'B';
}

/** A participant's own seat invitation: a seat invitation like any other, `redeemed` included. */
export class OwnSeatInvitationDto extends InvitationDto {}
