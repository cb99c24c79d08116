import { Readable } from 'node:stream';
import { Controller, Get, Header, Param, Req, Res, StreamableFile } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { UseGuards } from '@nestjs/common';
import { ParticipantKeyGuard } from './tournament-acting.js';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, Roles } from '../auth/auth.decorators.js';
import type { Principal } from '../auth/principal.js';
import { assertParticipantKey } from './tournament-acting.js';
import { LongWorkBudget } from '../audit/long-work-budget.js';
import { TournamentBoard } from '../tournament/tournament-board.service.js';
import { namedStandingsCsv } from '../tournament/tournament-views.js';
import { TournamentQueries } from '../projections/tournament.queries.js';
import { TournamentExport } from './tournament-export/tournament-export.service.js';
import { ApiAccess } from './dto/error.dto.js';
import { TournamentIdPipe } from './tournament-id.pipe.js';
import { ProjectionRunner } from '../projections/projection-runner.js';
import { answerFromBoard, answerFromReadModels, ApiValidated } from './tournament-validators.js';
import { conditionalGet } from '../http/conditional-get.js';

/** The tournament as files: the whole of it as NDJSON (verifiable offline), its standings as CSV. */
@ApiTags('tournaments')
@UseGuards(ParticipantKeyGuard)
@Controller('tournaments/:id')
export class TournamentExportController {
  constructor(
    private readonly exporter: TournamentExport,
    private readonly board: TournamentBoard,
    private readonly budget: LongWorkBudget,
    private readonly queries: TournamentQueries,
    private readonly runner: ProjectionRunner,
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
      'Every line after the first is a stored envelope exactly (hash chain intact) or a signed checkpoint closing a stream. `umpire verify FILE --public-key KEY` (src/audit/tournament-export-verifier.ts) checks it offline with the service’s public key: the chains, the checkpoints, every match re-decided, and the summary against the tournament’s events. Carries a weak ETag, which changes with any event of the tournament or of its matches (send it back in If-None-Match for a 304).',
  })
  @ApiOkResponse({
    description:
      'NDJSON, one JSON object a line. The tournament stream’s envelopes carry the `type` and `data` of TournamentEvent (#/components/schemas/TournamentEvent), each match’s those of its ruleset’s event union (EventViewDto), both told apart by `type`; a checkpoint line is a SignedCheckpointDto.',
    content: {
      'application/x-ndjson': {
        schema: { type: 'string', description: 'A summary line, then envelopes and signed checkpoints.' },
        example:
          '{"format":"umpire-tournament-export/1","tournamentId":"spring-open-2026","name":"Spring Open 2026","exportedAt":"2026-04-11T18:00:00.000Z","participants":[],"rounds":[],"standings":[],"matches":[]}\n' +
          '{"type":"TournamentCreated","data":{},"metadata":{"stream":"tournament-spring-open-2026","revision":1,"commandId":"k:c1","actor":{"role":"organiser"},"at":"2026-04-11T09:00:00.000Z","prevHash":"0…","hash":"9f…"}}\n' +
          '{"checkpoint":{"stream":"tournament-spring-open-2026","revision":1,"hash":"9f…","signedAt":"2026-04-11T18:00:00.000Z"},"algorithm":"Ed25519","keyId":"3c…","signature":"q1…"}\n',
      },
    },
  })
  @ApiValidated('the export')
  async export(
    @CurrentPrincipal() principal: Principal,
    @Param('id', TournamentIdPipe) id: string,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StreamableFile | undefined> {
    const validator = await this.exporter.validator(id);
    return conditionalGet(request, reply, validator, () => this.file(principal, id));
  }

  /**
   * A long read like a match's export (every match of the event, in pages): within the key's budget,
   * held until the last line is sent or the client goes away.
   */
  private async file(principal: Principal, id: string): Promise<StreamableFile> {
    const release = this.budget.take(principal.keyId, 'tournament export');
    let lines: AsyncGenerator<string>;
    try {
      lines = await this.exporter.lines(id);
    } catch (error) {
      release();
      throw error;
    }
    async function* held(): AsyncGenerator<string> {
      try {
        yield* lines;
      } finally {
        release();
      }
    }
    const body = Readable.from(held());
    body.once('close', release);
    return new StreamableFile(body, {
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
    summary:
      'The standings as CSV: rank, participant, games, points, each tie-break figure, the final key. A tournament run without participants (its matches name their players): rank, competitor, played, won, drawn, lost, points, as GET …/standings.',
  })
  @ApiOkResponse({
    description: 'RFC 4180 CSV with a header row.',
    content: {
      'text/csv': {
        schema: { type: 'string' },
        example:
          'rank,participantId,name,club,faction,status,played,won,drawn,lost,byes,points,buchholz,median-buchholz,sonneborn-berger,head-to-head,seed,registered\r\n' +
          '1,p6,Fay Sibanda,Even Club,,active,4,3,1,0,0,10,24,11,21.5,,6,6\r\n',
      },
    },
  })
  @ApiValidated('the standings file')
  async standingsCsv(
    @CurrentPrincipal() principal: Principal,
    @Param('id', TournamentIdPipe) id: string,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StreamableFile | undefined> {
    assertParticipantKey(principal);
    const file = (csv: string) =>
      new StreamableFile(Buffer.from(csv, 'utf8'), {
        type: 'text/csv; charset=utf-8',
        disposition: `attachment; filename="standings-${id}.csv"`,
      });
    // As GET …/standings (and validated as it is): a tournament without participants is ranked by the
    // names on its matches, from the standings read model.
    const read = await this.board.standingsCsv(id);
    if (read) return answerFromBoard(request, reply, { ...read, answer: () => file(read.answer()) });
    return answerFromReadModels(request, reply, this.runner, ['tournaments', 'standings'], async () =>
      file(namedStandingsCsv((await this.queries.standings(id)).standings)),
    );
  }
}
