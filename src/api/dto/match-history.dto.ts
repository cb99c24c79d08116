import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Length, Max, Min } from 'class-validator';
import { SIDES } from '../../rules/common/sides.js';
import { MatchOutcomeDto } from './tournament.dto.js';
import { EXAMPLE_RULESET } from '../../rulesets/registry.js';
import { ActorDto, EventViewDto, PlayContractDto, ROSTER_DETAIL_EXAMPLE, SideNamesDto } from './match.dto.js';
import { rosterDetailSchema } from '../openapi-events.js';
import { UnitWordsDto } from './unit-words.dto.js';

export class DiceRollDto {
  @ApiProperty({ example: 'impact' }) purpose!: string;
  @ApiProperty({ type: [Number], example: [4] }) faces!: number[];
  @ApiProperty({ enum: ['server', 'table'] }) origin!: string;
  @ApiProperty({ enum: SIDES }) side!: string;
  @ApiPropertyOptional({ description: 'Server dice: the roll index n (C-2).', example: 3 }) index?: number;
}

export class LogEntryDto {
  @ApiProperty({ example: 7 }) revision!: number;
  @ApiProperty({ description: 'The player turn it happened in (C-4).', example: 3 }) turn!: number;
  @ApiProperty({ example: 'ImpactRolled' }) type!: string;
  @ApiProperty({
    example: 'Turn 3: the Impi’s impact on the NNC: 1D6 4 +1 charge +1 flank −1 downhill = 5.',
  })
  sentence!: string;
  @ApiProperty({ type: [String], example: ['HH-7'] }) ruleIds!: string[];
  @ApiProperty({ type: [DiceRollDto] }) dice!: DiceRollDto[];
  @ApiProperty({ example: '2026-04-11T10:02:13.000Z' }) at!: string;
  @ApiProperty({ type: ActorDto }) actor!: ActorDto;
  @ApiProperty({ description: 'Undone by a later ActionsReverted (C-5); it stays in the log.' })
  reverted!: boolean;
  @ApiPropertyOptional({
    description:
      'AA-2: present only when `sentence` holds what this caller alone may see (its own sealed card), in any ruleset: the same line as the other side and spectators read it. A page the opponent can read shows this one instead.',
    example: 'Turn 2: Zulus sealed an orders card for the Impi.',
  })
  publicSentence?: string;
}

export class MatchLogDto {
  @ApiProperty({ example: 'r1-t4' }) matchId!: string;
  @ApiProperty({
    description: 'The last event this caller may see (spectators may be held behind live play).',
    example: 9,
  })
  revision!: number;
  @ApiProperty({ type: [LogEntryDto] }) entries!: LogEntryDto[];
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Pass as `cursor` for the next page; null on the last.',
  })
  nextCursor!: string | null;
}

export class LogQueryDto {
  @ApiPropertyOptional({ description: 'The `nextCursor` of the previous page.' })
  @IsOptional()
  @IsString()
  @Length(1, 200)
  cursor?: string;

  @ApiPropertyOptional({ minimum: 1, maximum: 500, default: 500 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(500)
  limit?: number;
}

export class EventsQueryDto {
  @ApiPropertyOptional({
    minimum: 1,
    default: 1,
    description: 'The first revision of the first page (later pages: `cursor`).',
  })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  from?: number;

  @ApiPropertyOptional({ description: 'The `nextCursor` of the previous page (wins over `from`).' })
  @IsOptional()
  @IsString()
  @Length(1, 200)
  cursor?: string;

  @ApiPropertyOptional({ minimum: 1, maximum: 500, default: 100 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(500)
  limit?: number;
}

export class MatchEventsPageDto {
  @ApiProperty({ example: 'r1-t4' }) matchId!: string;
  @ApiProperty({ description: 'The last event this caller may see.', example: 9 }) revision!: number;
  @ApiProperty({ type: [EventViewDto] }) events!: EventViewDto[];
  @ApiProperty({
    type: String,
    nullable: true,
    description:
      'Pass as `cursor` for the next page; null when this page reaches the last event you may see.',
  })
  nextCursor!: string | null;
}

export class StateAtQueryDto {
  @ApiPropertyOptional({
    minimum: 0,
    description: 'The state as it stood right after event N (reverts applied, C-5); now when omitted.',
  })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  at?: number;
}

/** The play contract as it stood right after event `at`. */
export class MatchStateAtDto extends PlayContractDto {
  @ApiProperty({ description: 'The answer is as the match stood right after this event.', example: 5 })
  at!: number;
  @ApiProperty({ description: 'The last event this caller may see now.', example: 9 })
  visibleRevision!: number;
}

export class RosterUnitDto {
  @ApiProperty({ example: 'nnc' }) unitId!: string;
  @ApiProperty({ example: 'NNC' }) name!: string;
  @ApiProperty({ enum: SIDES }) side!: string;
  @ApiProperty({ example: 'British' }) sideName!: string;
  @ApiProperty({ enum: ['active', 'removed'] }) status!: string;
  @ApiProperty({
    ...rosterDetailSchema(),
    example: ROSTER_DETAIL_EXAMPLE,
  })
  detail!: Record<string, unknown>;
  @ApiProperty({
    type: UnitWordsDto,
    description:
      'The unit in a player’s words, as its ruleset says its detail (every version’s): show these as given rather than naming the detail’s fields.',
  })
  words!: UnitWordsDto;
}

export class RosterDto {
  @ApiProperty({ example: 'r1-t4' }) matchId!: string;
  @ApiProperty({ example: 9 }) revision!: number;
  @ApiProperty({ type: [RosterUnitDto] }) units!: RosterUnitDto[];
}

export class MatchResultDto {
  @ApiProperty({ example: 'r1-t4' }) matchId!: string;
  @ApiProperty({ example: EXAMPLE_RULESET.id }) rulesetId!: string;
  @ApiProperty({ type: SideNamesDto }) sides!: SideNamesDto;
  @ApiProperty({ enum: ['scheduled', 'in play', 'ended'] }) status!: string;
  @ApiProperty({ type: MatchOutcomeDto, nullable: true }) result!: MatchOutcomeDto | null;
  @ApiProperty({ example: 9 }) revision!: number;
}

export class StreamQueryDto {
  @ApiPropertyOptional({
    minimum: 0,
    description:
      'Resume after this id, for clients that cannot send the Last-Event-ID header (the header wins when both are given).',
  })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  lastEventId?: number;
}
