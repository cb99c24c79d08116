import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsNumber,
  IsOptional,
  IsString,
  Length,
  Matches,
  Min,
  ValidateIf,
  IsObject,
  ValidateNested,
} from 'class-validator';
import { CommandDto, RollingCommandDto } from './command.dto.js';

const ID = /^[A-Za-z0-9][A-Za-z0-9_.:-]{0,63}$/;
const ID_MESSAGE = 'must be 1–64 letters, digits, _ . : or -';

/** An orders card: a rank and a suit, or a Joker (AA-1). */
export class CardDto {
  @ApiPropertyOptional({
    enum: ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'],
    example: '7',
  })
  @ValidateIf((card: CardDto) => card.joker === undefined)
  @IsIn(['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'], {
    message: 'card.rank must be A, 2–10, J, Q or K (or give card.joker)',
  })
  rank?: string;

  @ApiPropertyOptional({ enum: ['clubs', 'diamonds', 'hearts', 'spades'], example: 'spades' })
  @ValidateIf((card: CardDto) => card.joker === undefined)
  @IsIn(['clubs', 'diamonds', 'hearts', 'spades'], {
    message: 'card.suit must be clubs, diamonds, hearts or spades',
  })
  suit?: string;

  @ApiPropertyOptional({ enum: ['red', 'black'], description: 'A Joker instead of rank and suit.' })
  @IsOptional()
  @IsIn(['red', 'black'])
  joker?: string;
}

export class ContactDto extends CommandDto {
  @ApiProperty({ example: 'askari-1' })
  @Matches(ID, { message: `unitId ${ID_MESSAGE}` })
  unitId!: string;

  @ApiProperty({ example: 'legion-2' })
  @Matches(ID, { message: `enemyId ${ID_MESSAGE}` })
  enemyId!: string;
}

export class SealOrderDto extends CommandDto {
  @ApiProperty({ example: 'askari-1' })
  @Matches(ID, { message: `unitId ${ID_MESSAGE}` })
  unitId!: string;

  @ApiProperty({ description: 'The current turn.', example: 2 })
  @IsInt()
  @Min(1)
  turn!: number;

  @ApiPropertyOptional({
    type: CardDto,
    description:
      'The card itself: the service seals it as a commitment with a secret salt, keeps the card encrypted for your side, and reveals it for you (AA-2).',
  })
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => CardDto)
  card?: CardDto;

  @ApiPropertyOptional({
    description:
      'Instead of the card: hex SHA-256 of "CODE|unitId|turn|salt" (CODE e.g. 7S, 10H, QC, JOKER-RED); the service never sees the card before the reveal.',
    example: '9f2c…',
  })
  @IsOptional()
  @Matches(/^[0-9a-fA-F]{64}$/, { message: 'commitment must be 64 hex digits' })
  commitment?: string;
}

export class IntentDto extends CommandDto {
  @ApiProperty({ example: 'askari-1' })
  @Matches(ID, { message: `unitId ${ID_MESSAGE}` })
  unitId!: string;

  @ApiProperty({ enum: ['fight', 'flee'] })
  @IsIn(['fight', 'flee'])
  intent!: string;

  @ApiPropertyOptional({ description: 'The enemy to fight, when the unit is in close combat with several.' })
  @IsOptional()
  @Matches(ID, { message: `opponentId ${ID_MESSAGE}` })
  opponentId?: string;
}

export class RevealDto extends CommandDto {
  @ApiProperty({ example: 'askari-1' })
  @Matches(ID, { message: `unitId ${ID_MESSAGE}` })
  unitId!: string;

  @ApiPropertyOptional({
    type: CardDto,
    description: 'Required when you sealed a commitment; optional when the service sealed your card.',
  })
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => CardDto)
  card?: CardDto;

  @ApiPropertyOptional({ description: 'The salt of your commitment.' })
  @IsOptional()
  @IsString()
  @Length(1, 256)
  salt?: string;

  @ApiPropertyOptional({
    enum: ['dig-in', 'mass-fire', 'rally', 'sprint'],
    description: 'Face cards: the special action announced (AA-7).',
  })
  @IsOptional()
  @Matches(/^[a-z]+(-[a-z]+)*$/, { message: 'specialAction must be a kebab-case name such as dig-in' })
  specialAction?: string;
}

export class PursuitDto extends CommandDto {
  @ApiProperty({ example: 'legion-2' })
  @Matches(ID, { message: `unitId ${ID_MESSAGE}` })
  unitId!: string;

  @ApiProperty({ description: 'Whether the unit pursues the fleeing enemy (AA-9).' })
  @IsBoolean()
  pursue!: boolean;
}

export class BreakOffDto extends CommandDto {
  @ApiProperty({ example: 'askari-1' })
  @Matches(ID, { message: `unitId ${ID_MESSAGE}` })
  unitId!: string;

  @ApiProperty({ description: 'Where the Destination figure stands (AA-8).', example: 'behind the kopje' })
  @IsString()
  @Length(1, 200)
  destination!: string;

  @ApiProperty({ description: 'Where the In-transit figure stands (AA-8).', example: 'halfway to the kopje' })
  @IsString()
  @Length(1, 200)
  inTransit!: string;

  @ApiPropertyOptional({
    description: 'Range in inches between the In-transit figures (AA-10), when the opponent attacks.',
    example: 7,
  })
  @IsOptional()
  @IsNumber()
  @Min(0)
  rangeInches?: number;
}

export class CloseCombatAttackDto extends RollingCommandDto {
  @ApiProperty({ description: 'The attacking unit (yours).', example: 'askari-1' })
  @Matches(ID, { message: `unitId ${ID_MESSAGE}` })
  unitId!: string;
}

export class RangedAttackDto extends RollingCommandDto {
  @ApiProperty({ example: 'askari-1' })
  @Matches(ID, { message: `attackerId ${ID_MESSAGE}` })
  attackerId!: string;

  @ApiProperty({ example: 'legion-2' })
  @Matches(ID, { message: `targetId ${ID_MESSAGE}` })
  targetId!: string;

  @ApiProperty({ description: 'Range in inches (AA-11 range bands).', example: 10 })
  @IsNumber()
  @Min(0)
  rangeInches!: number;
}
