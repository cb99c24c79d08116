import { Injectable, type Type } from '@nestjs/common';
import { CommandHandler, type ICommandHandler, IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { type MatchCommandResult, MatchCommandRunner } from './command-runner.js';
import { MATCH_COMMANDS, type MatchCommand } from './match.commands.js';
import { GetMatch, type MatchStateView, MatchQueries } from './match.queries.js';

/** One handler per command, named for it (ChargeHandler …); each runs load → decide → append. */
function handlerFor(command: Type<MatchCommand>): Type<ICommandHandler<MatchCommand, MatchCommandResult>> {
  @Injectable()
  @CommandHandler(command)
  class Handler implements ICommandHandler<MatchCommand, MatchCommandResult> {
    constructor(private readonly runner: MatchCommandRunner) {}

    execute(command: MatchCommand): Promise<MatchCommandResult> {
      return this.runner.execute(command.request);
    }
  }
  Object.defineProperty(Handler, 'name', { value: `${command.name}Handler` });
  return Handler;
}

export const MATCH_COMMAND_HANDLERS = MATCH_COMMANDS.map(handlerFor);

@QueryHandler(GetMatch)
export class GetMatchHandler implements IQueryHandler<GetMatch, MatchStateView> {
  constructor(private readonly queries: MatchQueries) {}

  execute(query: GetMatch): Promise<MatchStateView> {
    return this.queries.state(query.matchId, query.principal);
  }
}
