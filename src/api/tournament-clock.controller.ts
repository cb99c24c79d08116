import { Body, Controller, Param, ParseIntPipe, Post, UseGuards } from '@nestjs/common';
import { ApiCreatedResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, Roles } from '../auth/auth.decorators.js';
import type { Principal } from '../auth/principal.js';
import type { ClockCommand } from '../rules/tournament/index.js';
import { TimeCalledInMatches } from '../tournament/time-called-in-matches.js';
import { type TournamentCommandView, TournamentConduct } from '../tournament/tournament-conduct.service.js';
import { CommandDto } from './dto/command.dto.js';
import { ApiAccess } from './dto/error.dto.js';
import { ExtendClockDto, StartClockDto } from './dto/tournament-clock.dto.js';
import { TournamentCommandDto } from './dto/tournament-conduct.dto.js';
import { ParticipantKeyGuard } from './tournament-acting.js';
import { TournamentIdPipe } from './tournament-id.pipe.js';

type Untimed<C> = C extends ClockCommand ? Omit<C, 'at'> : never;

/**
 * The round clock: started, paused, resumed, extended and time called by the organiser or a judge,
 * each an event of the tournament's stream stamped with the instant the service received it. The
 * round's view (GET /tournaments/:id/rounds/:round) shows the time left.
 */
@ApiTags('tournaments')
@UseGuards(ParticipantKeyGuard)
@Controller('tournaments/:id/rounds/:round/clock')
export class TournamentClockController {
  constructor(
    private readonly conduct: TournamentConduct,
    private readonly matches: TimeCalledInMatches,
  ) {}

  private run(principal: Principal, id: string, commandId: string, command: Untimed<ClockCommand>) {
    const at = new Date().toISOString();
    return this.conduct.run(principal, id, commandId, { ...command, at } as ClockCommand);
  }

  @Post('start')
  @Roles('organiser', 'judge')
  @ApiAccess('organiser, judge')
  @ApiOperation({
    summary: 'Start the round clock (RoundClockStarted) with its length and the time-called policy.',
  })
  @ApiCreatedResponse({ type: TournamentCommandDto })
  start(
    @CurrentPrincipal() principal: Principal,
    @Param('id', TournamentIdPipe) id: string,
    @Param('round', ParseIntPipe) round: number,
    @Body() body: StartClockDto,
  ): Promise<TournamentCommandView> {
    return this.run(principal, id, body.commandId, {
      type: 'StartRoundClock',
      round,
      seconds: body.seconds,
      policy: body.policy,
    });
  }

  @Post('pause')
  @Roles('organiser', 'judge')
  @ApiAccess('organiser, judge')
  @ApiOperation({ summary: 'Pause the round clock (RoundClockPaused).' })
  @ApiCreatedResponse({ type: TournamentCommandDto })
  pause(
    @CurrentPrincipal() principal: Principal,
    @Param('id', TournamentIdPipe) id: string,
    @Param('round', ParseIntPipe) round: number,
    @Body() body: CommandDto,
  ): Promise<TournamentCommandView> {
    return this.run(principal, id, body.commandId, { type: 'PauseRoundClock', round });
  }

  @Post('resume')
  @Roles('organiser', 'judge')
  @ApiAccess('organiser, judge')
  @ApiOperation({ summary: 'Resume a paused round clock (RoundClockResumed).' })
  @ApiCreatedResponse({ type: TournamentCommandDto })
  resume(
    @CurrentPrincipal() principal: Principal,
    @Param('id', TournamentIdPipe) id: string,
    @Param('round', ParseIntPipe) round: number,
    @Body() body: CommandDto,
  ): Promise<TournamentCommandView> {
    return this.run(principal, id, body.commandId, { type: 'ResumeRoundClock', round });
  }

  @Post('extend')
  @Roles('organiser', 'judge')
  @ApiAccess('organiser, judge')
  @ApiOperation({ summary: 'Add time to the round, with a reason (RoundClockExtended).' })
  @ApiCreatedResponse({ type: TournamentCommandDto })
  extend(
    @CurrentPrincipal() principal: Principal,
    @Param('id', TournamentIdPipe) id: string,
    @Param('round', ParseIntPipe) round: number,
    @Body() body: ExtendClockDto,
  ): Promise<TournamentCommandView> {
    return this.run(principal, id, body.commandId, {
      type: 'ExtendRoundClock',
      round,
      seconds: body.seconds,
      reason: body.reason,
    });
  }

  @Post('call')
  @Roles('organiser', 'judge')
  @ApiAccess('organiser, judge')
  @ApiOperation({
    summary:
      'Call time (TimeCalled): the round’s refereed matches still playing are listed in the event, with the published policy (finish the turn, or stop now), and each of them records TimeCalled in its own stream (C-7).',
  })
  @ApiCreatedResponse({ type: TournamentCommandDto })
  async call(
    @CurrentPrincipal() principal: Principal,
    @Param('id', TournamentIdPipe) id: string,
    @Param('round', ParseIntPipe) round: number,
    @Body() body: CommandDto,
  ): Promise<TournamentCommandView> {
    const answer = await this.run(principal, id, body.commandId, { type: 'CallTime', round });
    await this.matches.reach(principal, id, answer);
    return answer;
  }
}
