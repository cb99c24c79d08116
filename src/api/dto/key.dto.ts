import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, Length, Matches, ValidateIf } from 'class-validator';
import { MATCH_ID_PATTERN } from '../../match/match-stream.js';
import { SIDES } from '../../rules/common/sides.js';
import { TOURNAMENT_ID_PATTERN } from '../../rules/tournament/events.js';

/**
 * A key's optional commandId: sent again by the same key with the same grant, the first key is
 * answered again (same token) and nothing is issued.
 */
export const KEY_COMMAND_ID = /^[A-Za-z0-9_.:-]{1,100}$/;

export class IssueKeyDto {
  @ApiPropertyOptional({
    description:
      'Makes the issue idempotent: the same commandId from the same key answers the first key again (its token too); with another grant, 409.',
    example: 'key-table-4-A',
  })
  @IsOptional()
  @Matches(KEY_COMMAND_ID, { message: 'commandId must be 1–100 letters, digits, or _ . : -' })
  commandId?: string;

  @ApiProperty({ enum: ['organiser', 'judge', 'player', 'spectator'] })
  @IsIn(['organiser', 'judge', 'player', 'spectator'])
  role!: 'organiser' | 'judge' | 'player' | 'spectator';

  @ApiPropertyOptional({
    description:
      'Required for a player key: the one match it plays. On a judge or spectator key, optional: the one match it reaches, by every route (its commands and rulings, reads, live feed, log and export); another match answers 404, as an unknown one, and GET /matches lists this one alone. Not on an organiser key. An issuer bound to a tournament names a match of that tournament.',
    example: 'isandlwana-1',
  })
  @ValidateIf((key: IssueKeyDto) => key.role === 'player' || key.matchId !== undefined)
  @Matches(MATCH_ID_PATTERN, { message: 'matchId is required for a player key, and must be a match id' })
  matchId?: string;

  @ApiPropertyOptional({ enum: SIDES, description: 'Required for a player key: the side it plays.' })
  @ValidateIf((key: IssueKeyDto) => key.role === 'player' || key.side !== undefined)
  @IsIn(SIDES, { message: 'side is required for a player key, and must be A or B' })
  side?: 'A' | 'B';

  @ApiPropertyOptional({
    description:
      'A tournament the key is limited to, whatever its role. A key bound to a tournament issues keys bound to it (this may be omitted).',
  })
  @IsOptional()
  @IsString()
  @Length(1, 64)
  tournamentId?: string;

  @ApiPropertyOptional({ example: 'table 4, Zulu player' })
  @IsOptional()
  @IsString()
  @Length(1, 120)
  label?: string;
}

export class IssuedKeyDto {
  @ApiProperty({
    description: 'The bearer token. Shown once: only its hash is kept.',
    example: 'umpire_abc123def456_…',
  })
  token!: string;
  @ApiProperty() keyId!: string;
  @ApiProperty() role!: string;
  @ApiPropertyOptional({ description: 'The one match the key plays (player) or reaches (judge, spectator).' })
  matchId?: string;
  @ApiPropertyOptional() side?: string;
  @ApiPropertyOptional() tournamentId?: string;
  @ApiPropertyOptional() label?: string;
  @ApiProperty({ description: 'True when this commandId had issued the key before: nothing was issued.' })
  duplicate!: boolean;
}

/** A key as listed: its grant, never its secret. */
export class KeyGrantDto {
  @ApiProperty({ example: 'abc123def456' }) keyId!: string;
  @ApiProperty({ enum: ['organiser', 'judge', 'player', 'spectator'] }) role!: string;
  @ApiPropertyOptional({ example: 'table 4, Zulu player' }) label?: string;
  @ApiPropertyOptional({
    example: 'r1-t4',
    description: 'The one match the key plays (player) or reaches (judge, spectator).',
  })
  matchId?: string;
  @ApiPropertyOptional({ enum: ['A', 'B'] }) side?: string;
  @ApiPropertyOptional({ example: 'spring-open-2026' }) tournamentId?: string;
  @ApiPropertyOptional({ description: 'A participant key: the participant it acts for.', example: 'p3' })
  participantId?: string;
  @ApiProperty({ example: false }) revoked!: boolean;
  @ApiProperty({
    type: String,
    nullable: true,
    example: 'f0e1d2c3b4a5',
    description:
      'The keyId of the key that issued it (after a leak, the keys a revoked key issued are listed by it); null when the service issued it: its first organiser key, or a key traded for an invitation.',
  })
  issuedBy!: string | null;
  @ApiProperty({
    example: '2026-05-02T09:14:03.120Z',
    description: 'When it was issued: for a seat key traded for an invitation, when its phone joined.',
  })
  issuedAt!: string;
}

/**
 * The key that calls, as it is bound: never its secret. Revoked keys never get here (401), so it has
 * no `revoked`.
 */
export class CurrentKeyDto {
  @ApiProperty({ example: 'abc123def456' }) keyId!: string;
  @ApiProperty({ enum: ['organiser', 'judge', 'player', 'spectator'], example: 'spectator' }) role!: string;
  @ApiPropertyOptional({ example: 'hall screen' }) label?: string;
  @ApiPropertyOptional({
    example: 'spring-open-2026',
    description: 'The tournament the key is bound to: it reads and acts only within it.',
  })
  tournamentId?: string;
  @ApiPropertyOptional({ description: 'A participant key: the participant it acts for.', example: 'p3' })
  participantId?: string;
  @ApiPropertyOptional({
    description:
      'A player key: the match it plays. A judge or spectator key bound to one match: the match it reaches, and nothing else.',
    example: 'r1-t4',
  })
  matchId?: string;
  @ApiPropertyOptional({ enum: ['A', 'B'], description: 'A player key: the side it plays.' })
  side?: string;
}

/** `GET /keys`: the keys listed, narrowed. */
export class KeyListQueryDto {
  @ApiPropertyOptional({
    description:
      "Only the keys of this tournament: those bound to it, and the seat keys of its matches (issued by an unbound key, a seat's key names its match only).",
    example: 'spring-cup',
  })
  @IsOptional()
  @Matches(TOURNAMENT_ID_PATTERN, { message: 'tournament must be 1–64 letters, digits, _ or -' })
  tournament?: string;

  @ApiPropertyOptional({
    description:
      'Only the keys bound to this match: its seat keys (a player key names its match and side), which tell the seats joined and the keys to revoke for a lost phone, and judge or spectator keys bound to it alone.',
    example: 'isandlwana',
  })
  @IsOptional()
  @Matches(MATCH_ID_PATTERN, { message: 'match must be 1–64 letters, digits, _ or -' })
  match?: string;
}
