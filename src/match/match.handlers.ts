import { CommandHandler, type ICommandHandler, IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { observeCommand } from '../metrics/command-metrics.js';
import type { MatchCommandAnswer } from './match-command-handler.js';
import { MatchCommandService } from './match-command.service.js';
import { MatchCommand } from './match.commands.js';
import { GetMatch, type MatchStateView, MatchQueries } from './match.queries.js';

/**
 * Every match command (Charge, RevealOrder, TakeMoraleTest …): the CommandBus finds this handler
 * through the base class, and the generic command path runs it (load → authorise → prepare → decide →
 * append → view).
 */
@CommandHandler(MatchCommand)
export class MatchCommandHandler implements ICommandHandler<MatchCommand, MatchCommandAnswer> {
  constructor(private readonly commands: MatchCommandService) {}

  execute(command: MatchCommand): Promise<MatchCommandAnswer> {
    return observeCommand(command.request.command.type, () => this.commands.execute(command.request));
  }
}

@QueryHandler(GetMatch)
export class GetMatchHandler implements IQueryHandler<GetMatch, MatchStateView> {
  constructor(private readonly queries: MatchQueries) {}

  execute(query: GetMatch): Promise<MatchStateView> {
    return this.queries.state(query.matchId, query.principal);
  }
}
