import { Body, Controller, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, Roles } from '../auth/auth.decorators.js';
import type { Principal } from '../auth/principal.js';
import type { AnswerShape, MatchCommandAnswer } from '../match/match-command-handler.js';
import { CommandAnswer, PreferredAnswer } from './answer-shape.js';
import {
  AddClientSeed,
  AnswerUndo,
  EndMatch,
  OrderBackup,
  RaiseDispute,
  RequestUndo,
  RuleDispute,
} from '../match/match.commands.js';
import {
  BackupDto,
  ClientSeedDto,
  DisputeDto,
  EndMatchDto,
  RulingDto,
  UndoAnswerDto,
  UndoRequestDto,
} from './dto/match-conduct.dto.js';
import { MatchIdPipe } from './match-id.pipe.js';

/** How a match is conducted, whatever its ruleset: fair dice, undo, backups, disputes, the end. */
@ApiTags('match conduct')
@ApiBearerAuth()
@Controller('matches/:id')
export class MatchConductController {
  constructor(private readonly commands: CommandBus) {}

  @Post('client-seeds')
  @Roles('player')
  @ApiOperation({ summary: 'Add your side’s client seed to the server dice, before the first roll (C-2).' })
  @CommandAnswer()
  clientSeed(
    @CurrentPrincipal() p: Principal,
    @Param('id', MatchIdPipe) id: string,
    @Body() body: ClientSeedDto,
    @PreferredAnswer() answer: AnswerShape,
  ): Promise<MatchCommandAnswer> {
    return this.commands.execute(new AddClientSeed(id, p, body).answering(answer));
  }

  @Post('undo-requests')
  @Roles('player')
  @ApiOperation({
    summary:
      'Ask to undo back to an earlier event of this turn; it takes effect when the opponent agrees (C-5).',
  })
  @CommandAnswer()
  requestUndo(
    @CurrentPrincipal() p: Principal,
    @Param('id', MatchIdPipe) id: string,
    @Body() body: UndoRequestDto,
    @PreferredAnswer() answer: AnswerShape,
  ): Promise<MatchCommandAnswer> {
    const { requestId, ...rest } = body;
    return this.commands.execute(
      new RequestUndo(id, p, rest, { requestId: requestId ?? body.commandId }).answering(answer),
    );
  }

  @Post('undo-requests/:requestId/answer')
  @Roles('player')
  @ApiOperation({
    summary: 'The opponent agrees to an undo (it is applied at once, as a revert event) or declines it.',
  })
  @CommandAnswer()
  answerUndo(
    @CurrentPrincipal() p: Principal,
    @Param('id', MatchIdPipe) id: string,
    @Param('requestId', new MatchIdPipe()) requestId: string,
    @Body() body: UndoAnswerDto,
    @PreferredAnswer() answer: AnswerShape,
  ): Promise<MatchCommandAnswer> {
    return this.commands.execute(new AnswerUndo(id, p, body, { requestId }).answering(answer));
  }

  @Post('backups')
  @Roles('judge')
  @ApiOperation({
    summary:
      'A judge backs the match up to any earlier event (C-5); nothing is deleted, and server dice count on.',
  })
  @CommandAnswer()
  backup(
    @CurrentPrincipal() p: Principal,
    @Param('id', MatchIdPipe) id: string,
    @Body() body: BackupDto,
    @PreferredAnswer() answer: AnswerShape,
  ): Promise<MatchCommandAnswer> {
    return this.commands.execute(new OrderBackup(id, p, body).answering(answer));
  }

  @Post('disputes')
  @Roles('player')
  @ApiOperation({ summary: 'Dispute an event, with a claim; a judge rules on it.' })
  @CommandAnswer()
  dispute(
    @CurrentPrincipal() p: Principal,
    @Param('id', MatchIdPipe) id: string,
    @Body() body: DisputeDto,
    @PreferredAnswer() answer: AnswerShape,
  ): Promise<MatchCommandAnswer> {
    const { disputeId, ...rest } = body;
    return this.commands.execute(
      new RaiseDispute(id, p, rest, { disputeId: disputeId ?? body.commandId }).answering(answer),
    );
  }

  @Post('disputes/:disputeId/ruling')
  @Roles('judge')
  @ApiOperation({
    summary: 'A judge rules on a dispute, citing the rule: upheld (optionally with a backup) or dismissed.',
  })
  @CommandAnswer()
  rule(
    @CurrentPrincipal() p: Principal,
    @Param('id', MatchIdPipe) id: string,
    @Param('disputeId', new MatchIdPipe()) disputeId: string,
    @Body() body: RulingDto,
    @PreferredAnswer() answer: AnswerShape,
  ): Promise<MatchCommandAnswer> {
    return this.commands.execute(new RuleDispute(id, p, body, { disputeId }).answering(answer));
  }

  @Post('end')
  @Roles('judge', 'organiser')
  @ApiOperation({
    summary: 'End the match with its result; with server dice the seed is revealed in the same event (C-2).',
  })
  @CommandAnswer()
  end(
    @CurrentPrincipal() p: Principal,
    @Param('id', MatchIdPipe) id: string,
    @Body() body: EndMatchDto,
    @PreferredAnswer() answer: AnswerShape,
  ): Promise<MatchCommandAnswer> {
    const winner = body.winner === 'draw' || body.winner === null ? null : body.winner;
    return this.commands.execute(
      new EndMatch(id, p, body, { winner, note: body.note ?? '' }).answering(answer),
    );
  }
}
