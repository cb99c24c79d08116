import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsInt, IsOptional, IsString, Matches, Max, Min } from 'class-validator';

/** Every command carries a client-chosen commandId: sending the same id again returns the first result. */
export class CommandDto {
  @ApiProperty({
    description:
      'Chosen by the client, unique per command within one key and one match: the same id from another key, or on another match, is another command. A repeated id from the same key on the same match appends nothing and returns the first result; sent again with a different command it is refused (C-6).',
    example: 'c0a8e7d2-1f4b-4c1e-9d55-2b7c1a0e9f31',
  })
  @IsString()
  @Matches(/^[A-Za-z0-9_.:-]{1,100}$/, { message: 'commandId must be 1–100 letters, digits, or _ . : -' })
  commandId!: string;
}

/** A command that may roll: with table dice (C-2) the rolling player enters the faces here. */
export class RollingCommandDto extends CommandDto {
  @ApiPropertyOptional({
    type: [Number],
    description:
      'Table-dice matches only: the faces rolled, in the order the rules use them (C-1). Omit with server dice.',
    example: [3, 4],
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  @IsInt({ each: true })
  @Min(1, { each: true })
  @Max(6, { each: true })
  dice?: number[];
}
