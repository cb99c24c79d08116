import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsBoolean,
  IsArray,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Length,
  Matches,
  Max,
  Min,
  ValidateIf,
  IsObject,
  ValidateNested,
} from 'class-validator';
import { MATCH_ID_PATTERN } from '../../match/match-stream.js';
import { SIDES } from '../../rules/common/sides.js';
import {
  PARTICIPANT_ID_PATTERN,
  TIE_BREAKS,
  type TieBreak,
  TOURNAMENT_ID_PATTERN,
} from '../../tournament/tournament-events.js';
import { CommandDto } from './command.dto.js';
import { IsDisplayName } from './display-name.js';
import { KEY_COMMAND_ID } from './key.dto.js';
import { CommandResultDto, CreateMatchDto, SideNamesDto } from './match.dto.js';
import { EXAMPLE_RULESET, RULESET_IDS } from '../../rulesets/registry.js';
import { TABLE_MODES, type TableMode } from '../../rules/tournament/index.js';

export class ScoringDto {
  @ApiProperty({ example: 3, description: 'Points for a win.' })
  @IsInt()
  @Min(-100)
  @Max(100)
  win!: number;

  @ApiProperty({ example: 1, description: 'Points for a draw.' })
  @IsInt()
  @Min(-100)
  @Max(100)
  draw!: number;

  @ApiProperty({ example: 0, description: 'Points for a loss.' })
  @IsInt()
  @Min(-100)
  @Max(100)
  loss!: number;

  @ApiPropertyOptional({ example: 3, description: 'Points for a bye; a win’s when omitted.' })
  @IsOptional()
  @IsInt()
  @Min(-100)
  @Max(100)
  bye?: number;
}

export class CreateTournamentDto extends CommandDto {
  @ApiPropertyOptional({
    description: 'Your id for the tournament; derived from the key and commandId when omitted.',
    example: 'spring-open-2026',
  })
  @IsOptional()
  @Matches(TOURNAMENT_ID_PATTERN, { message: 'tournamentId must be 1–64 letters, digits, _ or -' })
  tournamentId?: string;

  @ApiProperty({
    example: 'Spring Open 2026',
    description: 'Not blank; no control characters (NUL …) and no bidirectional formatting characters.',
  })
  @IsDisplayName(120)
  name!: string;

  @ApiPropertyOptional({
    type: ScoringDto,
    description: 'Standings points; win 3, draw 1, loss 0 when omitted.',
  })
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => ScoringDto)
  scoring?: ScoringDto;

  @ApiPropertyOptional({
    enum: TIE_BREAKS,
    isArray: true,
    description:
      'The tie-breaks after points, in order (then seed, then registration order, never the name). Default: buchholz, median-buchholz, sonneborn-berger, head-to-head.',
    example: ['buchholz', 'median-buchholz', 'sonneborn-berger', 'head-to-head'],
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(TIE_BREAKS.length)
  @IsIn(TIE_BREAKS, { each: true })
  tieBreaks?: TieBreak[];

  @ApiPropertyOptional({
    description: 'Keep club mates apart in round 1 where the field allows (Swiss). Default: false.',
    example: true,
  })
  @IsOptional()
  @IsBoolean()
  clubsApartInRoundOne?: boolean;

  @ApiPropertyOptional({
    description:
      'How many rounds it plays (1 to 50): opening a round past them is refused (C-6). Default: no limit.',
    example: 5,
  })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(50)
  numberOfRounds?: number;

  @ApiPropertyOptional({
    enum: TABLE_MODES,
    description:
      'refereed: starting a round creates a match for each pairing, under the tournament’s ruleset, whose end reports the result; report-only: the players report. Default: report-only.',
    example: 'refereed',
  })
  @IsOptional()
  @IsIn(TABLE_MODES)
  tables?: TableMode;

  @ApiPropertyOptional({
    enum: [...RULESET_IDS],
    description: 'The ruleset its matches are played under; needed when the tables are refereed.',
    example: EXAMPLE_RULESET.id,
  })
  @IsOptional()
  @IsIn([...RULESET_IDS])
  ruleset?: string;

  @ApiPropertyOptional({
    description: 'The ruleset’s version; its current one when omitted (matches are created under it).',
    example: EXAMPLE_RULESET.version,
  })
  @IsOptional()
  @IsString()
  @Length(1, 20)
  rulesetVersion?: string;
}

export class TournamentCreatedDto {
  @ApiProperty({ example: 'spring-open-2026' }) tournamentId!: string;
  @ApiProperty({ example: 'Spring Open 2026' }) name!: string;
  @ApiProperty({ type: ScoringDto }) scoring!: ScoringDto;
  @ApiProperty({ example: '2026-04-11T09:00:00.000Z' }) createdAt!: string;
  @ApiProperty({ description: 'True when this commandId had created it before; nothing was appended.' })
  duplicate!: boolean;
}

export class TournamentDto {
  @ApiProperty({ example: 'spring-open-2026' }) tournamentId!: string;
  @ApiProperty({ example: 'Spring Open 2026' }) name!: string;
  @ApiProperty({ type: ScoringDto }) scoring!: ScoringDto;
  @ApiProperty({ example: '2026-04-11T09:00:00.000Z' }) createdAt!: string;
  @ApiProperty({ description: 'How many matches it has scheduled.', example: 12 }) matches!: number;
}

/** One tournament as GET /tournaments/:id answers it: as listed, and the tournament rules it runs under. */
export class TournamentDetailDto extends TournamentDto {
  @ApiProperty({
    example: '1.0.0',
    description:
      'The version of the tournament rules (pairing, results, standings) it is decided and counted under, recorded when it was created; 1.0.0, the first, for a tournament created before versions were recorded.',
  })
  rulesVersion!: string;
}

export class TournamentPageDto {
  @ApiProperty({ type: [TournamentDto] }) items!: TournamentDto[];
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Pass as ?cursor= for the next page; null on the last page.',
  })
  nextCursor!: string | null;
}

export class PlayersDto {
  @ApiProperty({ example: 'Alice Moyo' })
  @IsDisplayName(80)
  A!: string;

  @ApiProperty({ example: 'Bob Carter' })
  @IsDisplayName(80)
  B!: string;
}

export class ParticipantSidesDto {
  @ApiProperty({ example: 'p1' })
  @Matches(PARTICIPANT_ID_PATTERN, { message: 'participants.A must be a participant id' })
  A!: string;

  @ApiProperty({ example: 'p5' })
  @Matches(PARTICIPANT_ID_PATTERN, { message: 'participants.B must be a participant id' })
  B!: string;
}

/** CreateMatch's own body, plus where the match plays in the tournament. */
export class ScheduleMatchDto extends CreateMatchDto {
  @ApiProperty({ example: 1, description: 'The round, from 1.' })
  @IsInt()
  @Min(1)
  @Max(1000)
  round!: number;

  @ApiProperty({ example: 4, description: 'The table number, from 1; one match per table and round.' })
  @IsInt()
  @Min(1)
  @Max(10000)
  table!: number;

  @ApiPropertyOptional({
    type: PlayersDto,
    description: 'Who plays each side, as the standings name them; the sides’ display names when omitted.',
  })
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => PlayersDto)
  players?: PlayersDto;

  @ApiPropertyOptional({
    type: ParticipantSidesDto,
    description:
      'Participant ids on each side. In a paired round they are the pairing’s at this table (409 otherwise), and may be left out; elsewhere a participant is in one match per round (409 naming the other).',
  })
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => ParticipantSidesDto)
  participants?: ParticipantSidesDto;
}

export class MatchScheduledDto {
  @ApiProperty({ example: 'spring-open-2026' }) tournamentId!: string;
  @ApiProperty({ example: 'r1-t4' }) matchId!: string;
  @ApiProperty({ example: 1 }) round!: number;
  @ApiProperty({ example: 4 }) table!: number;
  @ApiProperty({ type: PlayersDto, nullable: true }) players!: PlayersDto | null;
  @ApiProperty({ description: 'True when this commandId had scheduled it before; nothing was appended.' })
  duplicate!: boolean;
  @ApiProperty({ type: CommandResultDto, description: 'What CreateMatch answered.' })
  match!: CommandResultDto;
}

export class MatchOutcomeDto {
  @ApiProperty({ enum: SIDES, nullable: true, description: 'null: a draw.' }) winner!: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'Zulus' }) winnerName!: string | null;
  @ApiProperty({ example: 'the British square broke in turn 6' }) note!: string;
  @ApiProperty({ example: '2026-04-11T12:30:00.000Z' }) endedAt!: string;
}

export class TournamentMatchDto {
  @ApiProperty({ example: 'r1-t4' }) matchId!: string;
  @ApiProperty({ example: 1 }) round!: number;
  @ApiProperty({ example: 4 }) table!: number;
  @ApiProperty({ type: PlayersDto, nullable: true }) players!: PlayersDto | null;
  @ApiProperty({ type: SideNamesDto, nullable: true }) sides!: SideNamesDto | null;
  @ApiProperty({ type: String, nullable: true, example: EXAMPLE_RULESET.id }) rulesetId!: string | null;
  @ApiProperty({
    enum: ['scheduled', 'in play', 'ended'],
    description: 'scheduled: set up, nothing played; in play: play has begun; ended: MatchEnded recorded.',
  })
  status!: string;
  @ApiProperty({ type: MatchOutcomeDto, nullable: true, description: 'Once ended.' })
  result!: MatchOutcomeDto | null;
}

export class TournamentMatchPageDto {
  @ApiProperty({ type: [TournamentMatchDto] }) items!: TournamentMatchDto[];
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Pass as ?cursor= for the next page; null on the last page.',
  })
  nextCursor!: string | null;
}

/** The figures a row was ranked by after points, in the tournament's order (null: not computable yet). */
export class TieBreakFiguresDto {
  @ApiPropertyOptional({
    type: 'number',
    nullable: true,
    example: 4,
    description: 'Sum of the opponents’ points.',
  })
  buchholz?: number | null;

  @ApiPropertyOptional({
    type: 'number',
    nullable: true,
    example: 3,
    description: 'Buchholz without the highest and the lowest opponent (with 3 opponents or more).',
  })
  'median-buchholz'?: number | null;

  @ApiPropertyOptional({
    type: 'number',
    nullable: true,
    example: 3,
    description: 'Points of the opponents beaten, plus half of those drawn with.',
  })
  'sonneborn-berger'?: number | null;

  @ApiPropertyOptional({
    type: 'number',
    nullable: true,
    example: 3,
    description:
      'Among the rows still tied when it is reached, the points each scored in games between them (null on a row that was not tied by then).',
  })
  'head-to-head'?: number | null;

  @ApiPropertyOptional({
    type: 'number',
    nullable: true,
    example: 1,
    description: 'Games won (forfeits won included, byes not).',
  })
  wins?: number | null;
}

/** The deterministic last key: seed (null: unseeded, after every seed), then the order of registration. */
export class FinalKeyDto {
  @ApiProperty({ type: 'integer', nullable: true, example: 2 }) seed!: number | null;
  @ApiProperty({ example: 1, description: 'The participant’s place in the order of registration.' })
  registered!: number;
}

/**
 * One standings row. The fields after `points` are there for a tournament run with participants; one
 * run with names on its matches (the first API) ranks by points, then wins, then name, and has none.
 */
export class StandingDto {
  @ApiProperty({ example: 1 }) rank!: number;
  @ApiProperty({ example: 'Alice Moyo', description: 'The name the row is shown under.' })
  competitor!: string;
  @ApiProperty({ example: 3 }) played!: number;
  @ApiProperty({ example: 2 }) won!: number;
  @ApiProperty({ example: 1 }) drawn!: number;
  @ApiProperty({ example: 0 }) lost!: number;
  @ApiProperty({ example: 7 }) points!: number;
  @ApiPropertyOptional({ example: 'p1' }) participantId?: string;
  @ApiPropertyOptional({ example: 'Alice Moyo' }) name?: string;
  @ApiPropertyOptional({ example: 'Harare Wargamers' }) club?: string;
  @ApiPropertyOptional({ example: 'Zulu' }) faction?: string;
  @ApiPropertyOptional({ example: 2 }) seed?: number;
  @ApiPropertyOptional({ enum: ['active', 'withdrawn', 'dropped'] }) status?:
    'active' | 'withdrawn' | 'dropped';
  @ApiPropertyOptional({ example: 0, description: 'Rounds given a bye (scored by the table’s bye points).' })
  byes?: number;
  @ApiPropertyOptional({
    type: TieBreakFiguresDto,
    description: 'The figures it was ranked by after points.',
  })
  tieBreaks?: TieBreakFiguresDto;
  @ApiPropertyOptional({ type: FinalKeyDto }) finalKey?: FinalKeyDto;
}

export class TournamentRulesetDto {
  @ApiProperty({ example: EXAMPLE_RULESET.id }) id!: string;
  @ApiProperty({ example: EXAMPLE_RULESET.version }) version!: string;
}

export class StandingsDto {
  @ApiProperty({ example: 'spring-open-2026' }) tournamentId!: string;
  @ApiProperty({ type: ScoringDto }) scoring!: ScoringDto;
  @ApiPropertyOptional({
    enum: TIE_BREAKS,
    isArray: true,
    description: 'With participants: the tie-breaks after points, in order.',
  })
  tieBreaks?: TieBreak[];
  @ApiPropertyOptional({
    example: 2,
    description:
      'With participants: the rounds the standings stand after, those closed (every table with its result). A round in play is not counted, though each of its results counts in the rows once it stands.',
  })
  rounds?: number;
  @ApiPropertyOptional({
    type: Number,
    nullable: true,
    example: 5,
    description: 'With participants: how many rounds the tournament plays (null: as many as are opened).',
  })
  numberOfRounds?: number | null;
  @ApiPropertyOptional({
    enum: TABLE_MODES,
    description: 'With participants: refereed or report-only tables.',
  })
  tables?: TableMode;
  @ApiPropertyOptional({
    type: TournamentRulesetDto,
    nullable: true,
    description: 'With participants: the ruleset and version its matches are played under (null: per match).',
  })
  ruleset?: TournamentRulesetDto | null;
  @ApiProperty({
    type: [StandingDto],
    description:
      'With participants: by points, then the tie-breaks, then seed and registration order. Without: by points, then wins, then name. Only ended matches count.',
  })
  standings!: StandingDto[];
}

export class IssueTournamentKeyDto {
  @ApiPropertyOptional({
    description:
      'Makes the issue idempotent: the same commandId from the same key answers the first key again (its token too); with another grant, 409.',
    example: 'key-head-judge',
  })
  @IsOptional()
  @Matches(KEY_COMMAND_ID, { message: 'commandId must be 1–100 letters, digits, or _ . : -' })
  commandId?: string;

  @ApiProperty({
    enum: ['organiser', 'judge', 'spectator', 'player'],
    description: 'The key reads and acts only within this tournament.',
  })
  @IsIn(['organiser', 'judge', 'spectator', 'player'])
  role!: 'organiser' | 'judge' | 'spectator' | 'player';

  @ApiPropertyOptional({
    description:
      'Player keys: a match of this tournament. Judge and spectator keys, optionally: the one match of it they reach.',
    example: 'r1-t4',
  })
  @ValidateIf((key: IssueTournamentKeyDto) => key.role === 'player' || key.matchId !== undefined)
  @Matches(MATCH_ID_PATTERN, { message: 'matchId is required for a player key, and must be a match id' })
  matchId?: string;

  @ApiPropertyOptional({ enum: SIDES, description: 'Player keys: the side it plays.' })
  @ValidateIf((key: IssueTournamentKeyDto) => key.role === 'player' || key.side !== undefined)
  @IsIn(SIDES, { message: 'side is required for a player key, and must be A or B' })
  side?: 'A' | 'B';

  @ApiPropertyOptional({ example: 'head judge, hall B' })
  @IsOptional()
  @IsString()
  @Length(1, 120)
  label?: string;
}

export class TournamentKeyDto {
  @ApiProperty({
    description: 'The bearer token. Shown once: only its hash is kept.',
    example: 'umpire_abc123def456_…',
  })
  token!: string;
  @ApiProperty({ example: 'abc123def456' }) keyId!: string;
  @ApiProperty({ example: 'spectator' }) role!: string;
  @ApiProperty({ example: 'spring-open-2026' }) tournamentId!: string;
  @ApiPropertyOptional({ example: 'r1-t4' }) matchId?: string;
  @ApiPropertyOptional({ enum: SIDES }) side?: string;
  @ApiPropertyOptional({ example: 'head judge, hall B' }) label?: string;
  @ApiProperty({ description: 'True when this commandId had issued the key before: nothing was issued.' })
  duplicate!: boolean;
}
