import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsIn,
  IsInt,
  IsISO8601,
  IsObject,
  IsOptional,
  IsString,
  Length,
  Matches,
  Max,
  Min,
  ValidateNested,
} from 'class-validator';
import { MATCH_ID_PATTERN } from '../../match/match-stream.js';
import { OUTCOMES, PAIRING_METHODS, PARTICIPANT_ID_PATTERN } from '../../rules/tournament/events.js';
import { CommandDto } from './command.dto.js';
import { IsDisplayName } from './display-name.js';
import { KEY_COMMAND_ID } from './key.dto.js';

const PARTICIPANT_ID = { message: 'participantId must be 1–64 letters, digits, _ or -' };

export class RegisterParticipantDto extends CommandDto {
  @ApiPropertyOptional({
    description: 'Your id for them; p1, p2 … in order of registration when omitted.',
    example: 'p1',
  })
  @IsOptional()
  @Matches(PARTICIPANT_ID_PATTERN, PARTICIPANT_ID)
  participantId?: string;

  @ApiProperty({ example: 'Alice Moyo', description: 'Display name; two participants never share one.' })
  @IsDisplayName(80)
  name!: string;

  @ApiPropertyOptional({ example: 'Harare Wargamers' })
  @IsOptional()
  @IsString()
  @Length(1, 80)
  club?: string;

  @ApiPropertyOptional({ example: 'Zulus' })
  @IsOptional()
  @IsString()
  @Length(1, 80)
  faction?: string;

  @ApiPropertyOptional({
    example: 1,
    description: 'Seeding: lower first. The last tie-break before registration order.',
  })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(100000)
  seed?: number;

  @ApiPropertyOptional({
    example: 8,
    description: 'The table they sit at whenever pairings are made (an accessible table, say).',
  })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(10000)
  preferredTable?: number;
}

export class ReasonDto extends CommandDto {
  @ApiProperty({ example: 'left the venue ill', description: 'Why: kept in the tournament stream.' })
  @IsString()
  @Length(1, 500)
  reason!: string;
}

export class PairingDto {
  @ApiPropertyOptional({ example: 1, description: 'Numbered from 1 in the order given when omitted.' })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(10000)
  table?: number;

  @ApiProperty({ example: 'p1', description: 'The participant playing side A.' })
  @Matches(PARTICIPANT_ID_PATTERN, PARTICIPANT_ID)
  A!: string;

  @ApiProperty({ example: 'p5', description: 'The participant playing side B.' })
  @Matches(PARTICIPANT_ID_PATTERN, PARTICIPANT_ID)
  B!: string;
}

export class OpenRoundDto extends CommandDto {
  @ApiProperty({ example: 1, description: 'The next round: 1, then 2 once round 1 has closed, …' })
  @IsInt()
  @Min(1)
  @Max(1000)
  round!: number;

  @ApiProperty({
    enum: PAIRING_METHODS,
    description:
      'swiss: paired by score groups, no rematch, a bye for an odd count; round-robin: the circle method; imported: the pairings below.',
  })
  @IsIn(PAIRING_METHODS)
  method!: (typeof PAIRING_METHODS)[number];

  @ApiPropertyOptional({ type: [PairingDto], description: 'imported only.' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(5000)
  @IsObject({ each: true }) // an array element is not a pairing (ValidateNested would let it through)
  @ValidateNested({ each: true })
  @Type(() => PairingDto)
  pairings?: PairingDto[];

  @ApiPropertyOptional({ type: [String], description: 'imported only: who has the bye.' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  @Matches(PARTICIPANT_ID_PATTERN, { each: true, ...PARTICIPANT_ID })
  byes?: string[];
}

export class EditPairingsDto extends ReasonDto {
  @ApiProperty({
    type: [PairingDto],
    description: 'The round’s pairings, all of them, as they are to stand.',
  })
  @IsArray()
  @ArrayMaxSize(5000)
  @IsObject({ each: true }) // an array element is not a pairing (ValidateNested would let it through)
  @ValidateNested({ each: true })
  @Type(() => PairingDto)
  pairings!: PairingDto[];

  @ApiProperty({ type: [String], description: 'Who has a bye.' })
  @IsArray()
  @ArrayMaxSize(100)
  @Matches(PARTICIPANT_ID_PATTERN, { each: true, ...PARTICIPANT_ID })
  byes!: string[];
}

/** A participant key speaks for its participant; an organiser or judge names the participant. */
export class ActingParticipantDto extends CommandDto {
  @ApiPropertyOptional({
    example: 'p1',
    description: 'Organiser and judge keys: for whom. A participant key speaks for its own participant only.',
  })
  @IsOptional()
  @Matches(PARTICIPANT_ID_PATTERN, PARTICIPANT_ID)
  participantId?: string;
}

export class ReportResultDto extends ActingParticipantDto {
  @ApiProperty({ enum: OUTCOMES, description: 'A: side A won; B: side B won; draw.' })
  @IsIn(OUTCOMES)
  outcome!: (typeof OUTCOMES)[number];

  @ApiPropertyOptional({ example: 'won on objectives, turn 6' })
  @IsOptional()
  @IsString()
  @Length(1, 500)
  note?: string;
}

export class DisputeResultDto extends ActingParticipantDto {
  @ApiProperty({ example: 'the game was a draw: time was called in turn 5' })
  @IsString()
  @Length(1, 500)
  reason!: string;
}

export const PAIRING_STATUSES = ['pending', 'reported', 'disputed', 'final', 'void'] as const;

/** A result set at the desk (override, forfeit, void), with a reason. */
export class DeskDecisionDto extends ReasonDto {
  @ApiPropertyOptional({
    enum: PAIRING_STATUSES,
    example: 'disputed',
    description:
      'Where the caller saw the table’s result stand (a judge deciding a disputed table: disputed). If it stands elsewhere now (someone else set it meanwhile), the decision is refused with 409, naming where it stands. Absent: set whatever it stands at.',
  })
  @IsOptional()
  @IsIn(PAIRING_STATUSES)
  expectedStatus?: (typeof PAIRING_STATUSES)[number];
}

export class OverrideResultDto extends DeskDecisionDto {
  @ApiProperty({ enum: OUTCOMES })
  @IsIn(OUTCOMES)
  outcome!: (typeof OUTCOMES)[number];
}

export class ForfeitDto extends DeskDecisionDto {
  @ApiProperty({ example: 'p4', description: 'The participant who forfeits: the opponent wins.' })
  @Matches(PARTICIPANT_ID_PATTERN, PARTICIPANT_ID)
  participantId!: string;
}

export class RescheduleDto extends ReasonDto {
  @ApiPropertyOptional({ example: 12, description: 'A free table of the round.' })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(10000)
  toTable?: number;

  @ApiPropertyOptional({ example: '2026-04-11T15:00:00.000Z', description: 'When it is now to be played.' })
  @IsOptional()
  @IsISO8601()
  startsAt?: string;
}

export class IssueParticipantKeyDto {
  @ApiPropertyOptional({
    description: 'Makes the issue idempotent (the same token again).',
    example: 'key-p1-r1',
  })
  @IsOptional()
  @Matches(KEY_COMMAND_ID, { message: 'commandId must be 1–100 letters, digits, or _ . : -' })
  commandId?: string;

  @ApiPropertyOptional({
    example: 'r1-t1',
    description: 'A referee match the participant plays: the key then plays their side in it too.',
  })
  @IsOptional()
  @Matches(MATCH_ID_PATTERN, { message: 'matchId must be a match id' })
  matchId?: string;

  @ApiPropertyOptional({ example: 'Alice, round 1' })
  @IsOptional()
  @IsString()
  @Length(1, 120)
  label?: string;
}

/** The answer to a tournament command. */
export class TournamentEventDto {
  @ApiProperty({ example: 14 }) revision!: number;
  @ApiProperty({ example: 'ResultReported' }) type!: string;
  @ApiProperty({ type: Object, example: { round: 1, table: 2, outcome: 'A', reportedBy: 'p2' } })
  data!: unknown;
  @ApiProperty({ example: '2026-04-11T12:30:00.000Z' }) at!: string;
}

export class TournamentCommandDto {
  @ApiProperty({ example: 'spring-open-2026' }) tournamentId!: string;
  @ApiProperty({ example: 14, description: 'The tournament stream’s revision after the command.' })
  revision!: number;
  @ApiProperty({
    description: 'True when this commandId had been handled: its first answer, nothing appended.',
  })
  duplicate!: boolean;
  @ApiProperty({ type: [TournamentEventDto] }) events!: TournamentEventDto[];
}

export class ParticipantDto {
  @ApiProperty({ example: 'p1' }) participantId!: string;
  @ApiProperty({ example: 'Alice Moyo' }) name!: string;
  @ApiProperty({ type: String, nullable: true, example: 'Harare Wargamers' }) club!: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'Zulus' }) faction!: string | null;
  @ApiProperty({ type: Number, nullable: true, example: 1 }) seed!: number | null;
  @ApiProperty({ example: 1, description: '1 for the first registered.' }) registered!: number;
  @ApiProperty({ example: true, description: 'Only checked-in participants are paired.' })
  checkedIn!: boolean;
  @ApiProperty({ enum: ['active', 'withdrawn', 'dropped'] }) status!: string;
  @ApiProperty({ type: Number, nullable: true, example: null }) droppedAfterRound!: number | null;
}

export const EXAMPLE_PARTICIPANT = {
  participantId: 'p1',
  name: 'Alice Moyo',
  club: 'Harare Wargamers',
  faction: 'Zulus',
  seed: 1,
  registered: 1,
  checkedIn: true,
  status: 'active',
  droppedAfterRound: null,
};

export class ParticipantPageDto {
  @ApiProperty({ type: [ParticipantDto] }) items!: ParticipantDto[];
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Pass as ?cursor= for the next page; null on the last.',
  })
  nextCursor!: string | null;
}

export class SeatDto {
  @ApiProperty({ example: 'p1' }) participantId!: string;
  @ApiProperty({ example: 'Alice Moyo' }) name!: string;
}

export class PairingReportDto {
  @ApiProperty({ enum: OUTCOMES }) outcome!: string;
  @ApiProperty({ description: 'The participant who reported it.', example: 'p1' }) by!: string;
}

export class PairingResultDto {
  @ApiProperty({ enum: OUTCOMES }) outcome!: string;
  @ApiProperty({
    enum: ['confirmed', 'overridden', 'referee', 'forfeit'],
    description: 'How it came to stand.',
  })
  source!: string;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'forfeit: the participant who forfeited.',
    example: null,
  })
  forfeitedBy!: string | null;
}

export class PairingViewDto {
  @ApiProperty({ example: 1 }) table!: number;
  @ApiProperty({ type: SeatDto }) A!: SeatDto;
  @ApiProperty({ type: SeatDto }) B!: SeatDto;
  @ApiProperty({ type: String, nullable: true, description: 'The referee match playing it out, if any.' })
  matchId!: string | null;
  @ApiProperty({ type: String, nullable: true }) startsAt!: string | null;
  @ApiProperty({
    enum: PAIRING_STATUSES,
    description: 'reported: awaiting the opponent; disputed: awaiting a judge.',
  })
  status!: string;
  @ApiProperty({ type: PairingReportDto, nullable: true, description: 'A report awaiting the opponent.' })
  reported!: PairingReportDto | null;
  @ApiProperty({
    type: PairingReportDto,
    nullable: true,
    description:
      'disputed: the opponent’s own report of another result, when that is what disputed it (null when they disputed in words).',
  })
  secondReport!: PairingReportDto | null;
  @ApiProperty({
    type: PairingResultDto,
    nullable: true,
    description: 'The result that stands, once one does.',
  })
  result!: PairingResultDto | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description:
      'Why a judge or organiser decided it (an override, a forfeit) or voided it, in their words, for both players; null otherwise.',
    example: null,
  })
  reason!: string | null;
}

export class RoundDto {
  @ApiProperty({ example: 1 }) round!: number;
  @ApiProperty({ enum: PAIRING_METHODS }) method!: string;
  @ApiProperty({ enum: ['paired', 'started', 'closed'] }) status!: string;
  @ApiProperty({ type: [PairingViewDto] }) pairings!: PairingViewDto[];
  @ApiProperty({ type: [SeatDto] }) byes!: SeatDto[];
}

export const EXAMPLE_ROUND = {
  round: 1,
  method: 'swiss',
  status: 'started',
  pairings: [
    {
      table: 1,
      A: { participantId: 'p1', name: 'Alice Moyo' },
      B: { participantId: 'p5', name: 'Erin Dube' },
      matchId: null,
      startsAt: null,
      status: 'final',
      reported: { outcome: 'A', by: 'p1' },
      secondReport: null,
      result: { outcome: 'A', source: 'confirmed', forfeitedBy: null },
      reason: null,
    },
  ],
  byes: [{ participantId: 'p9', name: 'Ivan Ncube' }],
};

export class RoundPageDto {
  @ApiProperty({ type: [RoundDto] }) items!: RoundDto[];
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Pass as ?cursor= for the next page; null on the last.',
  })
  nextCursor!: string | null;
}

export class DisputedReportDto {
  @ApiProperty({ description: 'The participant who reported it.', example: 'p1' }) by!: string;
  @ApiProperty({ enum: OUTCOMES }) outcome!: string;
  @ApiProperty({ type: String, nullable: true, example: 'won on objectives' }) note!: string | null;
}

export class DisputingReportDto {
  @ApiProperty({ enum: OUTCOMES }) outcome!: string;
  @ApiProperty({ type: String, nullable: true, example: 'I held the objective at the end' }) note!:
    string | null;
}

export class TableDisputeDto {
  @ApiProperty({ description: 'The participant who disputed it.', example: 'p3' }) by!: string;
  @ApiProperty({
    description:
      'In their words, or, when both reported and the results differ, the two reports ("p1 reported side A won, p3 reported side B won").',
    example: 'I won on objectives',
  })
  reason!: string;
  @ApiProperty({
    type: DisputingReportDto,
    nullable: true,
    description:
      'The disputing participant’s own report of another result, with its note; null when they disputed in words (and for disputes recorded before reports were kept with them).',
  })
  report!: DisputingReportDto | null;
}

/** A disputed table, with what each side said (GET /tournaments/:id/rounds/disputed). */
export class DisputedTableDto {
  @ApiProperty({ example: 1 }) round!: number;
  @ApiProperty({ example: 2 }) table!: number;
  @ApiProperty({ type: SeatDto }) A!: SeatDto;
  @ApiProperty({ type: SeatDto }) B!: SeatDto;
  @ApiProperty({
    type: DisputedReportDto,
    nullable: true,
    description:
      'The report the dispute is about; null when the table was disputed before anyone reported it.',
  })
  reported!: DisputedReportDto | null;
  @ApiProperty({ type: TableDisputeDto }) disputed!: TableDisputeDto;
}
