import { Readable } from 'node:stream';
import { Controller, Get, Header, Param, StreamableFile } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { Roles } from '../auth/auth.decorators.js';
import { TournamentBoard } from '../tournament/tournament-board.service.js';
import { TournamentExport } from '../tournament/tournament-export.js';
import { ApiAccess } from './dto/error.dto.js';
import { TournamentIdPipe } from './tournament-id.pipe.js';

/** The tournament as files: the whole of it as NDJSON (verifiable offline), its standings as CSV. */
@ApiTags('tournaments')
@Controller('tournaments/:id')
export class TournamentExportController {
  constructor(
    private readonly exporter: TournamentExport,
    private readonly board: TournamentBoard,
  ) {}

  @Get('export')
  @Roles('organiser', 'judge')
  @ApiAccess('organiser, judge (bound keys: their tournament)')
  @Header('Content-Type', 'application/x-ndjson; charset=utf-8')
  @ApiProduces('application/x-ndjson')
  @ApiOperation({
    summary:
      'The tournament as NDJSON: a summary line (participants, rounds, pairings, results, standings, matches), the tournament stream’s envelopes and its signed checkpoint, then each match’s envelopes and signed checkpoint.',
    description:
      'Every line after the first is a stored envelope exactly (hash chain intact) or a signed checkpoint closing a stream. verifyTournamentExport (src/tournament/tournament-export-verify.ts) checks it offline with the service’s public key: the chains, the checkpoints, every match re-decided, and the summary against the tournament’s events.',
  })
  @ApiOkResponse({ description: 'NDJSON, one JSON object a line.' })
  async export(@Param('id', TournamentIdPipe) id: string): Promise<StreamableFile> {
    const lines = await this.exporter.lines(id);
    return new StreamableFile(Readable.from(lines), {
      type: 'application/x-ndjson; charset=utf-8',
      disposition: `attachment; filename="tournament-${id}.ndjson"`,
    });
  }

  @Get('standings.csv')
  @Roles('organiser', 'judge', 'spectator', 'player')
  @ApiAccess('any key of the tournament')
  @Header('Content-Type', 'text/csv; charset=utf-8')
  @ApiProduces('text/csv')
  @ApiOperation({
    summary: 'The standings as CSV: rank, participant, games, points, each tie-break figure, the final key.',
  })
  @ApiOkResponse({ description: 'RFC 4180 CSV with a header row.' })
  async standingsCsv(@Param('id', TournamentIdPipe) id: string): Promise<StreamableFile> {
    const csv = await this.board.standingsCsv(id);
    return new StreamableFile(Buffer.from(csv, 'utf8'), {
      type: 'text/csv; charset=utf-8',
      disposition: `attachment; filename="standings-${id}.csv"`,
    });
  }
}
