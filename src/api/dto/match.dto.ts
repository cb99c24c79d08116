import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  IsIn,
  IsInt,
  IsNumber,
  IsObject,
  IsOptional,
  IsPositive,
  IsString,
  Length,
  Matches,
  Min,
  ValidateNested,
} from 'class-validator';
import { MATCH_ID_PATTERN } from '../../match/match-stream.js';
import { SIDES } from '../../rules/common/sides.js';
import { CommandDto } from './command.dto.js';
import { EXAMPLE_RULESET, RULESET_IDS } from '../../rules/registry.js';

const ID = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;
const ID_MESSAGE = 'must be 1–64 letters, digits, _ . or -';

export class SideNamesDto {
  @ApiProperty({ example: 'Zulus' })
  @IsString()
  @Length(1, 80)
  A!: string;

  @ApiProperty({ example: 'British' })
  @IsString()
  @Length(1, 80)
  B!: string;
}

export class CreateMatchDto extends CommandDto {
  @ApiPropertyOptional({
    description: 'Your id for the match; derived from the key and commandId when omitted.',
    example: 'isandlwana-1',
  })
  @IsOptional()
  @Matches(MATCH_ID_PATTERN, { message: `matchId ${ID_MESSAGE}` })
  matchId?: string;

  @ApiProperty({ enum: [...RULESET_IDS], example: EXAMPLE_RULESET.id })
  @IsIn([...RULESET_IDS])
  ruleset!: string;

  @ApiProperty({ type: SideNamesDto, description: 'Display names of sides A and B.' })
  @IsObject()
  @ValidateNested()
  @Type(() => SideNamesDto)
  sides!: SideNamesDto;

  @ApiProperty({
    enum: ['server', 'table'],
    description: 'server: provably fair HMAC dice (C-2); table: players enter faces.',
  })
  @IsIn(['server', 'table'])
  diceMode!: 'server' | 'table';

  @ApiPropertyOptional({
    description:
      'Overrides of the ruleset parameters (modifiers, tables, options); recorded and hashed into every event.',
    example: { options: { doublesAutoPass: false } },
  })
  @IsOptional()
  @IsObject()
  parameters?: Record<string, unknown>;
}

export class RegisterUnitDto extends CommandDto {
  @ApiProperty({ example: 'impi-1' })
  @Matches(ID, { message: `unitId ${ID_MESSAGE}` })
  unitId!: string;

  @ApiProperty({ example: 'uNokhenke impi' })
  @IsString()
  @Length(1, 80)
  name!: string;

  @ApiProperty({ enum: SIDES })
  @IsIn(SIDES)
  side!: 'A' | 'B';

  @ApiPropertyOptional({ description: 'hand-to-hand: base morale, 6 to 10 (HH-1).', example: 8 })
  @IsOptional()
  @IsInt()
  morale?: number;

  @ApiPropertyOptional({ description: 'hand-to-hand: move distance in inches.', example: 6 })
  @IsOptional()
  @IsNumber()
  @IsPositive()
  move?: number;

  @ApiPropertyOptional({
    enum: ['light-infantry', 'infantry', 'vehicle'],
    description: 'atomic-africa (AA-3).',
  })
  @IsOptional()
  @IsIn(['light-infantry', 'infantry', 'vehicle'])
  unitType?: string;

  @ApiPropertyOptional({ description: 'atomic-africa: movement in inches.', example: 6 })
  @IsOptional()
  @IsNumber()
  @IsPositive()
  movement?: number;

  @ApiPropertyOptional({ description: 'atomic-africa: firepower, dice per attack (AA-11).', example: 3 })
  @IsOptional()
  @IsInt()
  @Min(0)
  firepower?: number;
}

export class EndTurnDto extends CommandDto {}

/** What every command answers: the events it appended (or first appended) and the state after. */
export class CommandResultDto {
  @ApiProperty() matchId!: string;
  @ApiProperty({ description: 'The match stream revision after this command.' }) revision!: number;
  @ApiProperty({ description: 'True when the commandId had been handled before; nothing was appended.' })
  duplicate!: boolean;
  @ApiProperty({
    description: 'The events, as this caller may see them.',
    example: [
      {
        revision: 3,
        type: 'WillpowerTested',
        data: {},
        at: '2026-11-30T10:00:00.000Z',
        actor: { role: 'player', side: 'A' },
      },
    ],
  })
  events!: unknown[];
  @ApiProperty({ description: 'The match state after the command, as this caller may see it.' })
  state!: unknown;
}

export class MatchStateDto {
  @ApiProperty() matchId!: string;
  @ApiProperty({ example: { id: EXAMPLE_RULESET.id, version: EXAMPLE_RULESET.version, hash: '…' } })
  ruleset!: unknown;
  @ApiProperty() revision!: number;
  @ApiProperty({ description: 'Turn, active side, units and their flags, and what the match waits for.' })
  state!: unknown;
}
