import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsInt, IsOptional, IsString, Length, Matches, Min } from 'class-validator';
import { RULE_ID_PATTERN } from '../../rules/match/index.js';
import { CommandDto } from './command.dto.js';

const ID = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;

export class ClientSeedDto extends CommandDto {
  @ApiProperty({
    description: 'Any text you choose, mixed into every server roll (C-2). Before the first roll only.',
    example: 'my lucky seed 42',
  })
  @IsString()
  @Length(1, 200)
  seed!: string;
}

export class UndoRequestDto extends CommandDto {
  @ApiPropertyOptional({
    description: 'Your id for the request; the commandId when omitted.',
    example: 'undo-1',
  })
  @IsOptional()
  @Matches(ID, { message: 'requestId must be 1–64 letters, digits, _ . or -' })
  requestId?: string;

  @ApiProperty({
    description: 'Go back to the state right after this event (an event of the current turn).',
    example: 12,
  })
  @IsInt()
  @Min(1)
  toRevision!: number;

  @ApiProperty({ example: 'measured the charge distance wrong' })
  @IsString()
  @Length(1, 500)
  reason!: string;
}

export class UndoAnswerDto extends CommandDto {
  @ApiProperty({ description: 'true: the undo takes effect now; false: it is declined.' })
  @IsBoolean()
  agree!: boolean;
}

export class BackupDto extends CommandDto {
  @ApiProperty({ description: 'Go back to the state right after this event.', example: 7 })
  @IsInt()
  @Min(1)
  toRevision!: number;

  @ApiProperty({ example: 'the charge was declared out of the melee phase' })
  @IsString()
  @Length(1, 500)
  reason!: string;
}

export class DisputeDto extends CommandDto {
  @ApiPropertyOptional({
    example: 'dispute-1',
    description: 'Your id for the dispute; the commandId when omitted.',
  })
  @IsOptional()
  @Matches(ID, { message: 'disputeId must be 1–64 letters, digits, _ . or -' })
  disputeId?: string;

  @ApiProperty({ description: 'The event disputed.', example: 9 })
  @IsInt()
  @Min(1)
  revision!: number;

  @ApiProperty({ example: 'the table dice entered were 3 and 4, not 3 and 1' })
  @IsString()
  @Length(1, 2000)
  claim!: string;
}

export class RulingDto extends CommandDto {
  @ApiProperty({ enum: ['upheld', 'dismissed'] })
  @IsIn(['upheld', 'dismissed'])
  ruling!: 'upheld' | 'dismissed';

  @ApiProperty({ description: 'The rule the ruling rests on.', example: 'HH-7' })
  @Matches(new RegExp(RULE_ID_PATTERN), { message: 'ruleId must be a rule id, like HH-7 or C-5' })
  ruleId!: string;

  @ApiProperty({ example: 'the photo shows 3 and 4' })
  @IsString()
  @Length(1, 2000)
  note!: string;

  @ApiPropertyOptional({
    description: 'Upheld only: back the match up to right after this event.',
    example: 8,
  })
  @IsOptional()
  @IsInt()
  @Min(1)
  backupTo?: number;
}

export class EndMatchDto extends CommandDto {
  @ApiProperty({
    enum: ['A', 'B', 'draw', null],
    nullable: true,
    description: 'The winning side; a draw is `draw` or null (the result then records winner null).',
  })
  @IsIn(['A', 'B', 'draw', null], { message: 'winner must be A, B, draw or null (a draw)' })
  winner!: 'A' | 'B' | 'draw' | null;

  @ApiPropertyOptional({ example: 'B held the hill at the end of turn 6' })
  @IsOptional()
  @IsString()
  @Length(0, 2000)
  note?: string;
}
