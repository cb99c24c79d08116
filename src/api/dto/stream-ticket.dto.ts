import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, Matches, MaxLength, ValidateIf } from 'class-validator';
import { MATCH_ID_PATTERN } from '../../match/match-stream.js';
import { TOURNAMENT_ID_PATTERN } from '../../rules/tournament/events.js';
import { StreamQueryDto } from './match-history.dto.js';

/** POST /stream-tickets: the one feed the ticket is for, a match's or a tournament's. */
export class StreamTicketRequestDto {
  @ApiPropertyOptional({ description: 'A ticket for this match’s live feed.', example: 'r1-t4' })
  // Left out, not null: a null would pass @IsOptional and be taken for no id at all.
  @ValidateIf((ticket: StreamTicketRequestDto) => ticket.matchId !== undefined)
  @IsString()
  @Matches(MATCH_ID_PATTERN, { message: 'matchId must be 1–64 letters, digits, _ or -' })
  matchId?: string;

  @ApiPropertyOptional({
    description: 'A ticket for this tournament’s live feed.',
    example: 'spring-open-2026',
  })
  // Left out, not null: a null would pass @IsOptional and be taken for no id at all.
  @ValidateIf((ticket: StreamTicketRequestDto) => ticket.tournamentId !== undefined)
  @IsString()
  @Matches(TOURNAMENT_ID_PATTERN, { message: 'tournamentId must be 1–64 letters, digits, _ or -' })
  tournamentId?: string;
}

export class StreamTicketDto {
  @ApiProperty({
    description:
      'Opens the one feed it names, once, as `?ticket=` on that feed’s URL: read-only, accepted by no other route.',
    example:
      'umpire_ticket_eyJrIjoiYWJjZGVmMTIzNDU2IiwiZiI6Im1hdGNoIn0.mN3c0ZGVmYWJjZGVmYWJjZGVmYWJjZGVmYWJjZGVmYWI',
  })
  ticket!: string;

  @ApiProperty({
    description:
      'The feed must be opened before this time (UMPIRE_STREAM_TICKET_TTL_MS after the issue); once open it stays open.',
    example: '2026-04-11T10:01:00.000Z',
  })
  expiresAt!: string;

  @ApiProperty({
    description: 'The feed’s path with the ticket, for `new EventSource(base + url)`.',
    example: '/matches/r1-t4/stream?ticket=umpire_ticket_…',
  })
  url!: string;
}

/** A live feed's query: where to resume, and the stream ticket of a caller that cannot send headers. */
export class LiveFeedQueryDto extends StreamQueryDto {
  @ApiPropertyOptional({
    description:
      'A stream ticket (POST /stream-tickets) in place of the Authorization header, for browsers’ EventSource.',
  })
  @IsOptional()
  @IsString()
  @MaxLength(512)
  ticket?: string;
}

/** The tournament feed's query: a live feed's, and whether to start from the tournament's start or now. */
export class TournamentFeedQueryDto extends LiveFeedQueryDto {
  @ApiPropertyOptional({
    enum: ['start', 'now'],
    default: 'start',
    description:
      'Without Last-Event-ID, where the feed begins: `start`, every message from the tournament’s creation on; `now`, only what is recorded from now on, for a page that reads the tournament’s state from its routes and follows the feed for changes (a whole day’s events are not sent again at each page load). Last-Event-ID, when given, wins.',
  })
  @IsOptional()
  @IsIn(['start', 'now'])
  from?: 'start' | 'now';
}
