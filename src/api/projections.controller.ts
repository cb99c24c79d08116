import { Controller, Get, NotFoundException, Param, Post } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProperty,
  ApiTags,
} from '@nestjs/swagger';
import { Roles } from '../auth/auth.decorators.js';
import { ProjectionRunner, type ProjectionStatus } from '../projections/projection-runner.js';
import { ApiAccess, ErrorDto } from './dto/error.dto.js';

class ReadModelFailureDto {
  @ApiProperty({ description: 'The event it stopped at.', example: 1043 }) position!: number;
  @ApiProperty({ example: 'match-7f3a' }) stream!: string;
  @ApiProperty({ example: 'MatchEnded' }) type!: string;
  @ApiProperty({ description: 'Why it could not read it (in full: this route needs an organiser key).' })
  error!: string;
  @ApiProperty({ description: 'When it first failed on this event.', example: '2026-11-30T10:00:00.000Z' })
  since!: string;
}

class ProjectionStatusDto {
  @ApiProperty({ enum: ['turn-log', 'roster', 'results', 'tournaments', 'standings'] }) name!: string;
  @ApiProperty({ example: 1 }) version!: number;
  @ApiProperty({
    enum: ['catching up', 'live', 'failed', 'stopped'],
    description:
      'catching up: reading a backlog, its routes answer 503; live: following the store; failed: stopped at an event it cannot read, which it tries again (never skips).',
  })
  state!: string;
  @ApiProperty({ description: 'Global position of the last event read.', example: 1042 }) position!: number;
  @ApiProperty({
    type: Number,
    nullable: true,
    description:
      'How far the store is ahead: events on SQLite, log bytes on EventStoreDB; null until measured.',
    example: 0,
  })
  lag!: number | null;
  @ApiProperty({ description: 'Failed attempts in a row at the event it is stopped at.', example: 0 })
  errors!: number;
  @ApiProperty({ type: ReadModelFailureDto, nullable: true }) failure!: ReadModelFailureDto | null;
}

/** The read models, for the organiser who runs the service: where each stands, and rebuilding one. */
@ApiTags('projections')
@Roles('organiser')
@ApiAccess('organiser')
@Controller('projections')
export class ProjectionsController {
  constructor(private readonly runner: ProjectionRunner) {}

  @Get()
  @ApiOperation({
    summary:
      'Each read model: its state, the position it has read up to, its lag, and the event it stopped at if it did.',
  })
  @ApiOkResponse({
    type: [ProjectionStatusDto],
    example: [
      { name: 'turn-log', version: 1, state: 'live', position: 1042, lag: 0, errors: 0, failure: null },
    ],
  })
  list(): Promise<ProjectionStatus[]> {
    return this.runner.measuredStatus();
  }

  @Post(':name/rebuild')
  @ApiOperation({
    summary: 'Drop a read model and build it again from the first event; answers once it has caught up.',
  })
  @ApiCreatedResponse({
    type: ProjectionStatusDto,
    example: {
      name: 'standings',
      version: 1,
      state: 'live',
      position: 1042,
      lag: 0,
      errors: 0,
      failure: null,
    },
  })
  @ApiNotFoundResponse({ type: ErrorDto, description: 'No read model has that name.' })
  @ApiConflictResponse({
    type: ErrorDto,
    description:
      'This instance keeps no read models (UMPIRE_PROJECT_READ_MODELS=off): the instance that keeps them rebuilds; a new connection whose first request is under /projections reaches it.',
  })
  rebuild(@Param('name') name: string): Promise<ProjectionStatus> {
    if (!this.runner.names().includes(name)) throw new NotFoundException(`no read model named ${name}`);
    return this.runner.rebuild(name);
  }
}
