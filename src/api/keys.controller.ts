import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { CurrentPrincipal, Roles } from '../auth/auth.decorators.js';
import { KeyRegistry, type ListedKey } from '../auth/key-registry.service.js';
import { actorOf, type Principal } from '../auth/principal.js';
import { KeyScope } from '../tournament/key-scope.js';
import { TournamentScope } from '../tournament/tournament-scope.js';
import { CurrentKeyDto, IssueKeyDto, IssuedKeyDto, KeyGrantDto, KeyListQueryDto } from './dto/key.dto.js';

@ApiTags('keys')
@ApiBearerAuth()
@Roles('organiser')
@Controller('keys')
export class KeysController {
  constructor(
    private readonly keys: KeyRegistry,
    private readonly scope: KeyScope,
    private readonly tournaments: TournamentScope,
  ) {}

  @Post()
  @ApiOperation({
    summary:
      'Issue a key (organiser key) of the same role or a lower one, and the same scope or a narrower one: a key bound to a tournament issues keys bound to it. A player key is bound to one match and one side. Idempotent by commandId.',
  })
  @ApiCreatedResponse({ type: IssuedKeyDto })
  async issue(@CurrentPrincipal() principal: Principal, @Body() body: IssueKeyDto): Promise<IssuedKeyDto> {
    const { commandId, ...requested } = body;
    const grant = await this.scope.grantFor(principal, requested);
    const { token, grant: issued, duplicate } = await this.keys.issue(grant, actorOf(principal), commandId);
    return { token, ...issued, duplicate };
  }

  @Get()
  @ApiOperation({
    summary:
      'Every key issued within this key’s scope, without secrets; ?tournament= narrows it to one tournament’s keys, ?match= to one match’s seat keys.',
  })
  @ApiOkResponse({ type: [KeyGrantDto] })
  async list(
    @CurrentPrincipal() principal: Principal,
    @Query() query: KeyListQueryDto,
  ): Promise<ListedKey[]> {
    const { tournament, match } = query;
    const listed = this.keys.list((grant) => this.scope.covers(principal, grant), match);
    if (tournament === undefined) return listed;
    const kept: ListedKey[] = [];
    for (const key of listed) {
      if (key.tournamentId === tournament) kept.push(key);
      else if (key.tournamentId === undefined && (await this.tournaments.holds(tournament, key.matchId))) {
        kept.push(key);
      }
    }
    return kept;
  }

  @Get('current')
  @Roles('organiser', 'judge', 'spectator', 'player')
  @ApiOperation({
    summary:
      'The calling key as it is bound: its role, label and tournament, and for a participant or player key its participant, match and side. Never a secret. A page asked for a tournament that answers 404 reads here whether its key is bound to another one.',
  })
  @ApiOkResponse({
    type: CurrentKeyDto,
    example: {
      keyId: 'abc123def456',
      role: 'spectator',
      label: 'hall screen',
      tournamentId: 'spring-open-2026',
    },
  })
  current(@CurrentPrincipal() principal: Principal): CurrentKeyDto {
    const { keyId, role, label, tournamentId, participantId, matchId, side } = principal;
    return {
      keyId,
      role,
      ...(label !== undefined ? { label } : {}),
      ...(tournamentId !== undefined ? { tournamentId } : {}),
      ...(participantId !== undefined ? { participantId } : {}),
      ...(matchId !== undefined ? { matchId } : {}),
      ...(side !== undefined ? { side } : {}),
    };
  }

  @Delete(':keyId')
  @HttpCode(204)
  @ApiOperation({ summary: 'Revoke a key within this key’s scope: it stops working at once.' })
  @ApiNoContentResponse()
  async revoke(@CurrentPrincipal() principal: Principal, @Param('keyId') keyId: string): Promise<void> {
    const grant = await this.keys.grant(keyId);
    if (!grant || !this.scope.covers(principal, grant)) throw this.scope.unknownKey(keyId);
    await this.keys.revoke(keyId, actorOf(principal));
  }
}
