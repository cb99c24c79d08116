import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsInt, IsString, Length, Max, Min } from 'class-validator';
import { MAX_CLOCK_SECONDS, TIME_POLICIES, type TimePolicy } from '../../rules/tournament/clock.js';
import { CommandDto } from './command.dto.js';

export class StartClockDto extends CommandDto {
  @ApiProperty({ example: 9000, description: 'The round’s length in seconds (2 h 30 min here).' })
  @IsInt()
  @Min(1)
  @Max(MAX_CLOCK_SECONDS)
  seconds!: number;

  @ApiProperty({
    enum: TIME_POLICIES,
    example: 'finish-turn',
    description: 'What tables do when time is called: finish the turn being played, or stop now.',
  })
  @IsIn(TIME_POLICIES)
  policy!: TimePolicy;
}

export class ExtendClockDto extends CommandDto {
  @ApiProperty({ example: 300, description: 'Seconds added to the round.' })
  @IsInt()
  @Min(1)
  @Max(MAX_CLOCK_SECONDS)
  seconds!: number;

  @ApiProperty({ example: 'the hall’s fire alarm stopped play' })
  @IsString()
  @Length(1, 500)
  reason!: string;
}
