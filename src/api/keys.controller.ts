import { Body, Controller, Delete, Get, HttpCode, NotFoundException, Param, Post } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { CurrentPrincipal, Roles } from '../auth/auth.decorators.js';
import { KeyRegistry } from '../auth/key-registry.service.js';
import { actorOf, type KeyGrant, type Principal } from '../auth/principal.js';
import { MatchLoader } from '../match/match-loader.js';
import { TournamentService } from '../tournament/tournament.service.js';
import { IssueKeyDto, IssuedKeyDto, KeyGrantDto } from './dto/key.dto.js';

@ApiTags('keys')
@ApiBearerAuth()
@Roles('organiser')
@Controller('keys')
export class KeysController {
  constructor(
    private readonly keys: KeyRegistry,
    private readonly matches: MatchLoader,
    private readonly tournaments: TournamentService,
  ) {}

  @Post()
  @ApiOperation({ summary: 'Issue a key (organiser key). A player key is bound to one match and one side.' })
  @ApiCreatedResponse({ type: IssuedKeyDto })
  async issue(@CurrentPrincipal() principal: Principal, @Body() body: IssueKeyDto): Promise<IssuedKeyDto> {
    // 404 for a match or tournament that does not exist: a key bound to nothing would be a silent mistake.
    if (body.matchId) await this.matches.load(body.matchId);
    if (body.tournamentId) await this.tournaments.read(body.tournamentId);
    const { token, grant } = await this.keys.issue(body, actorOf(principal));
    return { token, ...grant };
  }

  @Get()
  @ApiOperation({ summary: 'Every key issued, without secrets.' })
  @ApiOkResponse({ type: [KeyGrantDto] })
  list(): (KeyGrant & { revoked: boolean })[] {
    return this.keys.list();
  }

  @Delete(':keyId')
  @HttpCode(204)
  @ApiOperation({ summary: 'Revoke a key: it stops working at once.' })
  @ApiNoContentResponse()
  async revoke(@CurrentPrincipal() principal: Principal, @Param('keyId') keyId: string): Promise<void> {
    if (!(await this.keys.revoke(keyId, actorOf(principal)))) throw new NotFoundException(`no key ${keyId}`);
  }
}
