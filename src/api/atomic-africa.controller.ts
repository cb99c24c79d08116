import { Body, Controller, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiCreatedResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, Roles } from '../auth/auth.decorators.js';
import type { Principal } from '../auth/principal.js';
import type { MatchCommandResult } from '../match/match-command-handler.js';
import {
  type CommandBody,
  DeclareIntent,
  type MatchCommand,
  Pursue,
  RangedAttack,
  ReportBreakOff,
  ReportContact,
  ResolveCloseCombat,
  RevealOrder,
  SealOrder,
} from '../match/match.commands.js';
import {
  BreakOffDto,
  CloseCombatAttackDto,
  ContactDto,
  IntentDto,
  PursuitDto,
  RangedAttackDto,
  RevealDto,
  SealOrderDto,
} from './dto/atomic-africa.dto.js';
import type { CommandDto } from './dto/command.dto.js';
import { CommandResultDto } from './dto/match.dto.js';
import { MatchIdPipe } from './match-id.pipe.js';
import { atomicAfrica } from '../rules/atomic-africa/index.js';

/** Atomic Africa close combat: contact, sealed orders, fight or flee, reveal, pursuit, combat. */
@ApiTags(atomicAfrica.id)
@ApiBearerAuth()
@Roles('player')
@Controller('matches/:id')
export class AtomicAfricaController {
  constructor(private readonly commands: CommandBus) {}

  private send(
    Command: new (matchId: string, principal: Principal, body: CommandBody) => MatchCommand,
    p: Principal,
    id: string,
    body: CommandDto,
  ): Promise<MatchCommandResult> {
    // Plain objects, not DTO instances: the command is recorded and hashed as JSON.
    return this.commands.execute(new Command(id, p, JSON.parse(JSON.stringify(body)) as CommandBody));
  }

  @Post('contacts')
  @ApiOperation({
    summary:
      'Report base-to-base contact between opposing infantry (AA-3); they begin the next turn in close combat.',
  })
  @ApiCreatedResponse({ type: CommandResultDto })
  contact(@CurrentPrincipal() p: Principal, @Param('id', MatchIdPipe) id: string, @Body() body: ContactDto) {
    return this.send(ReportContact, p, id, body);
  }

  @Post('orders')
  @ApiOperation({
    summary:
      'Seal a unit’s orders card for this turn, as the card (its code, e.g. 7S) or as a commitment (AA-1, AA-2); version 2: before the turn’s first activation (Q-21).',
  })
  @ApiCreatedResponse({ type: CommandResultDto })
  seal(@CurrentPrincipal() p: Principal, @Param('id', MatchIdPipe) id: string, @Body() body: SealOrderDto) {
    return this.send(SealOrder, p, id, body);
  }

  @Post('intents')
  @ApiOperation({
    summary: 'Declare fight or flee for a unit in close combat: the activating side first (AA-4).',
  })
  @ApiCreatedResponse({ type: CommandResultDto })
  intent(@CurrentPrincipal() p: Principal, @Param('id', MatchIdPipe) id: string, @Body() body: IntentDto) {
    return this.send(DeclareIntent, p, id, body);
  }

  @Post('reveals')
  @ApiOperation({
    summary:
      'Reveal a unit’s orders card, after both declarations (AA-5); face cards announce a special action (AA-7).',
  })
  @ApiCreatedResponse({ type: CommandResultDto })
  reveal(@CurrentPrincipal() p: Principal, @Param('id', MatchIdPipe) id: string, @Body() body: RevealDto) {
    return this.send(RevealOrder, p, id, body);
  }

  @Post('pursuits')
  @ApiOperation({
    summary:
      'Pursue (or not) a unit whose flee stands (AA-9). Version 2: offered to every enemy in contact; pursuing reveals the card, declining reveals nothing (Q-23); a face card revealed to pursue announces a close-combat special action (Q-31).',
  })
  @ApiCreatedResponse({ type: CommandResultDto })
  pursue(@CurrentPrincipal() p: Principal, @Param('id', MatchIdPipe) id: string, @Body() body: PursuitDto) {
    return this.send(Pursue, p, id, body);
  }

  @Post('break-offs')
  @ApiOperation({ summary: 'A fleeing unit places its Destination and In-transit figures (AA-8).' })
  @ApiCreatedResponse({ type: CommandResultDto })
  breakOff(
    @CurrentPrincipal() p: Principal,
    @Param('id', MatchIdPipe) id: string,
    @Body() body: BreakOffDto,
  ) {
    return this.send(ReportBreakOff, p, id, body);
  }

  @Post('close-combat-attacks')
  @ApiOperation({
    summary: 'A fighting unit attacks its opponent by the ranged-attack stand-in (AA-10, AA-11).',
  })
  @ApiCreatedResponse({ type: CommandResultDto })
  closeCombatAttack(
    @CurrentPrincipal() p: Principal,
    @Param('id', MatchIdPipe) id: string,
    @Body() body: CloseCombatAttackDto,
  ) {
    return this.send(ResolveCloseCombat, p, id, body);
  }

  @Post('ranged-attacks')
  @ApiOperation({
    summary:
      'A ranged attack (AA-11); never at a unit in close combat from outside it (AA-12). Version 2: an activation, revealing the attacker’s card (Q-24). Version 2.1: neither attacker nor target may be in base contact with an enemy, whenever the contact began (Q-27); a unit whose flee stood touches nobody but its catchers (Q-26).',
  })
  @ApiCreatedResponse({ type: CommandResultDto })
  rangedAttack(
    @CurrentPrincipal() p: Principal,
    @Param('id', MatchIdPipe) id: string,
    @Body() body: RangedAttackDto,
  ) {
    return this.send(RangedAttack, p, id, body);
  }
}
