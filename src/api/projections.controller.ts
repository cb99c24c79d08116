import { Controller, Get, NotFoundException, Param, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { Roles } from '../auth/auth.decorators.js';
import { ProjectionRunner, type ProjectionStatus } from '../projections/projection-runner.js';
import { ApiAccess } from './dto/error.dto.js';

class ProjectionStatusDto {
  @ApiProperty({ enum: ['turn-log', 'roster', 'results', 'tournaments', 'standings'] }) name!: string;
  @ApiProperty({ example: 1 }) version!: number;
  @ApiProperty({ description: 'Global position of the last event read.', example: 1042 }) position!: number;
  @ApiProperty({ description: 'Events it failed to read (logged, skipped).', example: 0 }) errors!: number;
}

/** The read models, for the organiser who runs the service: where each stands, and rebuilding one. */
@ApiTags('projections')
@Roles('organiser')
@ApiAccess('organiser')
@Controller('projections')
export class ProjectionsController {
  constructor(private readonly runner: ProjectionRunner) {}

  @Get()
  @ApiOperation({ summary: 'Each read model and the position it has read up to.' })
  @ApiOkResponse({
    type: [ProjectionStatusDto],
    example: [{ name: 'turn-log', version: 1, position: 1042, errors: 0 }],
  })
  list(): ProjectionStatus[] {
    return this.runner.status();
  }

  @Post(':name/rebuild')
  @ApiOperation({
    summary: 'Drop a read model and build it again from the first event; answers once it has caught up.',
  })
  @ApiCreatedResponse({
    type: ProjectionStatusDto,
    example: { name: 'standings', version: 1, position: 1042, errors: 0 },
  })
  rebuild(@Param('name') name: string): Promise<ProjectionStatus> {
    if (!this.runner.names().includes(name)) throw new NotFoundException(`no read model named ${name}`);
    return this.runner.rebuild(name);
  }
}
