import {
  Body,
  ConflictException,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Post,
  Query,
} from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiConflictResponse,
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
import { ErrorDto } from './dto/error.dto.js';

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
      'Issue a key (organiser key) of the same role or a lower one, and the same scope or a narrower one: a key bound to a tournament issues keys bound to it, and matches of it only. A player key is bound to one match and one side; a judge or spectator key may be bound to one match (matchId), and then reaches that match alone, by every route. Idempotent by commandId.',
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
      'Every key issued within this key’s scope, without secrets; ?tournament= narrows it to one tournament’s keys, ?match= to the keys bound to one match (its seats’, and a judge or spectator key of that match alone).',
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
      'The calling key as it is bound: its role, label and tournament, its match (a player key’s, or a judge or spectator key bound to one match), and for a participant or player key its participant and side. Never a secret. A page asked for a tournament or match that answers 404 reads here whether its key is bound to another one.',
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

  @Delete('current')
  @HttpCode(204)
  @Roles('organiser', 'judge', 'spectator', 'player')
  @ApiOperation({
    summary:
      'The calling key revokes itself, whatever its role: it stops working at once and its open live feeds end (a phone giving up its seat). The organiser key set by UMPIRE_ORGANISER_KEY is not an issued key and cannot be revoked (409).',
  })
  @ApiNoContentResponse({ description: 'Revoked: the key is refused (401) from now on.' })
  @ApiConflictResponse({
    type: ErrorDto,
    description: 'The configured organiser key, which only its setting retires.',
  })
  async revokeCurrent(@CurrentPrincipal() principal: Principal): Promise<void> {
    if (!(await this.keys.revoke(principal.keyId, actorOf(principal)))) {
      throw new ConflictException(
        'this is the organiser key set by UMPIRE_ORGANISER_KEY, not an issued key: unset it to retire it',
      );
    }
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
