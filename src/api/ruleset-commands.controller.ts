import { Body, Controller, Inject, Param, Post, type Type } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiBody, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, Roles } from '../auth/auth.decorators.js';
import type { Principal } from '../auth/principal.js';
import type { AnswerShape, MatchCommandAnswer } from '../match/match-command-handler.js';
import { CommandAnswer, PreferredAnswer } from './answer-shape.js';
import { type CommandBody, SendRulesetCommand } from '../match/match.commands.js';
import { checkBody } from './command-body.js';
import { MatchIdPipe } from './match-id.pipe.js';
import type { ServedCommand } from './served-commands.js';

/** The command as the rules take it: the body's fields, and the member that defaults to the commandId. */
function requestOf(
  served: ServedCommand,
  body: Record<string, unknown>,
): [CommandBody, Record<string, unknown>] {
  const own = served.defaultsToCommandId;
  if (own === undefined) return [body as unknown as CommandBody, {}];
  const { [own]: given, ...rest } = body;
  return [rest as unknown as CommandBody, { [own]: given ?? body.commandId }];
}

/**
 * The controllers of every ruleset's commands: POST /matches/{id}/{segment} for each segment the
 * registered rulesets declare, one controller per documentation tag (a ruleset's, or the match's for
 * a segment they share). Each route checks its body against the declared schema (a 400 naming the
 * field), sends one generic command through the CommandBus, and the match's ruleset decides it.
 * Built when the app is, so that a ruleset registered at start-up is served too.
 */
export function rulesetCommandsControllers(served: readonly ServedCommand[]): Type<unknown>[] {
  const tags = [...new Set(served.map((command) => command.tag))];
  return tags.map((tag) =>
    rulesetCommandsController(
      tag,
      served.filter((command) => command.tag === tag),
    ),
  );
}

function rulesetCommandsController(tag: string, served: readonly ServedCommand[]): Type<unknown> {
  @ApiTags(tag)
  @ApiBearerAuth()
  @Controller('matches/:id')
  class RulesetCommandsController {
    constructor(@Inject(CommandBus) readonly commands: CommandBus) {}
  }
  const prototype = RulesetCommandsController.prototype as unknown as Record<string, unknown>;
  for (const command of served) {
    const key = command.operationId;
    Object.defineProperty(prototype, key, {
      value: function (
        this: RulesetCommandsController,
        principal: Principal,
        matchId: string,
        body: unknown,
        answer: AnswerShape,
      ): Promise<MatchCommandAnswer> {
        const [fields, extra] = requestOf(command, checkBody(command.body, body));
        return this.commands.execute(
          new SendRulesetCommand(matchId, principal, command.type, fields, extra).answering(answer),
        );
      },
      writable: true,
      configurable: true,
    });
    const descriptor = Object.getOwnPropertyDescriptor(prototype, key)!;
    const decorate = (decorator: MethodDecorator) => decorator(prototype, key, descriptor);
    decorate(Post(command.segment));
    // A command any key but a spectator's may send is left to the command path, which refuses a
    // spectator by name; the others are refused at the door to keys of other roles.
    if (command.roles.length < 3) decorate(Roles(...command.roles));
    decorate(ApiParam({ name: 'id', required: true, type: String }));
    decorate(
      ApiOperation({
        operationId: command.operationId,
        summary: command.summary,
        ...(command.description !== undefined ? { description: command.description } : {}),
      }),
    );
    decorate(
      ApiBody({
        required: true,
        schema: { $ref: `#/components/schemas/${command.bodyName}` },
      }),
    );
    decorate(CommandAnswer());
    // The parameter types tsc records for a written method: the body is a plain object, checked
    // above against the declared schema, which Nest's ValidationPipe (it skips Object) leaves be.
    Reflect.defineMetadata('design:paramtypes', [Object, String, Object, String], prototype, key);
    CurrentPrincipal()(prototype, key, 0);
    Param('id', MatchIdPipe)(prototype, key, 1);
    Body()(prototype, key, 2);
    PreferredAnswer()(prototype, key, 3);
  }
  return RulesetCommandsController;
}
