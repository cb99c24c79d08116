import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  Matches,
  Max,
  Min,
} from 'class-validator';
import { CommandDto, RollingCommandDto } from './command.dto.js';

const ID = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;
const ID_MESSAGE = 'must be 1–64 letters, digits, _ . or -';

export class ChargeDto extends RollingCommandDto {
  @ApiPropertyOptional({
    type: [Number],
    description:
      'Table-dice matches only: the willpower test, two faces (HH-5); none when a unit already in contact attacks again (Q-28). Omit with server dice.',
    example: [3, 4],
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  @IsInt({ each: true })
  @Min(1, { each: true })
  @Max(6, { each: true })
  declare dice?: number[];

  @ApiPropertyOptional({
    description: 'Your id for the charge; the commandId when omitted.',
    example: 'charge-1',
  })
  @IsOptional()
  @Matches(ID, { message: `chargeId ${ID_MESSAGE}` })
  chargeId?: string;

  @ApiProperty({ example: 'impi-1' })
  @Matches(ID, { message: `attackerId ${ID_MESSAGE}` })
  attackerId!: string;

  @ApiProperty({ example: 'nnc-1' })
  @Matches(ID, { message: `defenderId ${ID_MESSAGE}` })
  defenderId!: string;

  @ApiProperty({
    enum: ['front', 'left-flank', 'right-flank', 'rear'],
    description: 'Where the attacker contacts the defender (HH-4).',
  })
  @IsIn(['front', 'left-flank', 'right-flank', 'rear'])
  aspect!: string;

  @ApiProperty({
    enum: ['level', 'uphill', 'downhill'],
    description: 'The attacker’s position relative to the defender (Q-14).',
  })
  @IsIn(['level', 'uphill', 'downhill'])
  slope!: string;
}

export class RollImpactDto extends RollingCommandDto {
  @ApiProperty({ example: 'charge-1' })
  @Matches(ID, { message: `chargeId ${ID_MESSAGE}` })
  chargeId!: string;

  // HH-7: the impact is one die; the command closing the declarations when every defender surrenders
  // rolls none (Q-17, from 2.1.0), so its table dice are absent or empty.
  @ApiPropertyOptional({
    type: [Number],
    description:
      'Table-dice matches only: the impact die, one face (HH-7); none for the closing command that rolls no die (Q-17). Omit with server dice.',
    example: [4],
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  @IsInt({ each: true })
  @Min(1, { each: true })
  @Max(6, { each: true })
  declare dice?: number[];
}

export class MoraleTestDto extends RollingCommandDto {
  @ApiProperty({
    example: 'nnc-1',
    description: 'The unit that tests (for a melee test, the defender the match awaits).',
  })
  @Matches(ID, { message: `unitId ${ID_MESSAGE}` })
  unitId!: string;

  @ApiProperty({
    enum: ['melee', 'shooting', 'rally'],
    description: 'melee: the defender’s test (HH-8); shooting (HH-18); rally: the Break follow-up (HH-13).',
  })
  @IsIn(['melee', 'shooting', 'rally'])
  cause!: string;

  @ApiPropertyOptional({ description: 'Shooting only: the shooting’s morale penalty (HH-18).', example: 2 })
  @IsOptional()
  @IsInt()
  @Min(0)
  penalty?: number;
}

export class GiveGroundReportDto extends CommandDto {
  @ApiProperty({ example: 'nnc-1' })
  @Matches(ID, { message: `unitId ${ID_MESSAGE}` })
  unitId!: string;

  @ApiProperty({ description: 'Could the unit move back as the outcome requires (HH-11 to HH-13)?' })
  @IsBoolean()
  couldMove!: boolean;

  @ApiProperty({ description: 'Did that move take it off the table (HH-15)?' })
  @IsBoolean()
  leftTable!: boolean;
}

export class WithdrawalDto extends CommandDto {
  @ApiProperty({ example: 'impi-1' })
  @Matches(ID, { message: `unitId ${ID_MESSAGE}` })
  unitId!: string;

  @ApiProperty({ description: 'Did the withdrawal take it off the table (HH-15)?' })
  @IsBoolean()
  leftTable!: boolean;
}
