import { Controller, Get, Header, Param } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal } from '../auth/auth.decorators.js';
import type { Principal } from '../auth/principal.js';
import type { RecordedEvent } from '../event-store/event-store.port.js';
import { MatchLoader } from '../match/match-loader.js';
import { assertMayRead } from '../match/match.queries.js';
import { MatchIdPipe } from './match-id.pipe.js';

/**
 * The audit trail of a match, for anyone who may read it. Exported events are the stored envelopes
 * exactly (hash chain intact): they hold no sealed card, only commitments and ciphertext (AA-2).
 */
@ApiTags('audit')
@ApiBearerAuth()
@Controller('matches/:id')
export class AuditController {
  constructor(private readonly matches: MatchLoader) {}

  @Get('export')
  @Header('Content-Type', 'application/x-ndjson; charset=utf-8')
  @ApiProduces('application/x-ndjson')
  @ApiOperation({
    summary: 'The match as NDJSON: one stored event envelope a line, everything needed to verify it offline.',
  })
  @ApiOkResponse({
    description:
      'One JSON event envelope per line: type, data, metadata (stream, revision, commandId, actor, at, ruleset, prevHash, hash).',
  })
  async export(
    @CurrentPrincipal() principal: Principal,
    @Param('id', MatchIdPipe) id: string,
  ): Promise<string> {
    assertMayRead(principal, id);
    const match = await this.matches.load(id);
    return match.events.map((event) => JSON.stringify(exportedEvent(event))).join('\n') + '\n';
  }
}

/** An envelope as exported: the store's global position is local to one store, so it is left out. */
export function exportedEvent({ type, data, metadata }: RecordedEvent): Omit<RecordedEvent, 'position'> {
  return { type, data, metadata };
}
