import { Body, Controller, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiCreatedResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, Roles } from '../auth/auth.decorators.js';
import type { Principal } from '../auth/principal.js';
import type { MatchCommandResult } from '../match/match-command-handler.js';
import { Charge, ReportGiveGround, TakeMoraleTest, RollImpact, Withdraw } from '../match/match.commands.js';
import { CommandResultDto } from './dto/match.dto.js';
import {
  ChargeDto,
  GiveGroundReportDto,
  MoraleTestDto,
  RollImpactDto,
  WithdrawalDto,
} from './dto/hand-to-hand.dto.js';
import { MatchIdPipe } from './match-id.pipe.js';
import { handToHand } from '../rules/hand-to-hand/index.js';

/** The melee of the hand-to-hand ruleset, step by step: charge, impact, morale test, giving ground. */
@ApiTags(handToHand.id)
@ApiBearerAuth()
@Roles('player')
@Controller('matches/:id')
export class HandToHandController {
  constructor(private readonly commands: CommandBus) {}

  @Post('charges')
  @ApiOperation({
    summary: 'Charge (HH-4, HH-5): declare, and roll the willpower test; a pass makes contact.',
    description:
      'A unit already in contact attacks the enemy to its front the same way (HH-10), with no willpower ' +
      'test and no charge +1 (Q-28): its table dice are then empty. From version 2.0.0 the active side ' +
      'declares all its attacks of the melee phase first; the first impact roll closes the declarations ' +
      'and judges surrender (Q-17, HH-9).',
  })
  @ApiCreatedResponse({ type: CommandResultDto })
  charge(
    @CurrentPrincipal() p: Principal,
    @Param('id', MatchIdPipe) id: string,
    @Body() body: ChargeDto,
  ): Promise<MatchCommandResult> {
    const { chargeId, ...rest } = body;
    return this.commands.execute(new Charge(id, p, rest, { chargeId: chargeId ?? body.commandId }));
  }

  @Post('impact-rolls')
  @ApiOperation({
    summary: 'The attacker’s impact roll (HH-7): 1D6 plus every modifier that applies.',
    description:
      'One die (table dice: one face). From version 2.0.0 the impacts follow the declared order; the first ' +
      'closes the declarations (Q-17), and an attack whose defender left contact first ends without an ' +
      'impact. From 2.1.0, when the surrender leaves no attack to strike, the awaited impact roll of the ' +
      'first declared attack records the surrender and the attacks that end and rolls no die: send no ' +
      'faces (Q-17).',
  })
  @ApiCreatedResponse({ type: CommandResultDto })
  impact(
    @CurrentPrincipal() p: Principal,
    @Param('id', MatchIdPipe) id: string,
    @Body() body: RollImpactDto,
  ): Promise<MatchCommandResult> {
    return this.commands.execute(new RollImpact(id, p, body));
  }

  @Post('morale-tests')
  @ApiOperation({
    summary:
      'A morale test (HH-2): the defender’s (HH-8), one caused by shooting (HH-18), or the rally after a Break (HH-13).',
  })
  @ApiCreatedResponse({ type: CommandResultDto })
  moraleTest(
    @CurrentPrincipal() p: Principal,
    @Param('id', MatchIdPipe) id: string,
    @Body() body: MoraleTestDto,
  ): Promise<MatchCommandResult> {
    return this.commands.execute(new TakeMoraleTest(id, p, body));
  }

  @Post('give-ground-reports')
  @ApiOperation({
    summary:
      'Report whether a unit that must give ground could move, and whether it left the table (HH-11 to HH-15).',
  })
  @ApiCreatedResponse({ type: CommandResultDto })
  giveGround(
    @CurrentPrincipal() p: Principal,
    @Param('id', MatchIdPipe) id: string,
    @Body() body: GiveGroundReportDto,
  ): Promise<MatchCommandResult> {
    return this.commands.execute(new ReportGiveGround(id, p, body));
  }

  @Post('withdrawals')
  @ApiOperation({ summary: 'Withdraw a unit from contact in its own movement (HH-15).' })
  @ApiCreatedResponse({ type: CommandResultDto })
  withdraw(
    @CurrentPrincipal() p: Principal,
    @Param('id', MatchIdPipe) id: string,
    @Body() body: WithdrawalDto,
  ): Promise<MatchCommandResult> {
    return this.commands.execute(new Withdraw(id, p, body));
  }
}
