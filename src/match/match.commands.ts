import type { Principal } from '../auth/principal.js';
import type { AnswerShape, MatchCommandRequest } from './match-command-handler.js';

/** A validated body: commandId and table dice travel beside the command; the rest are its fields. */
export interface CommandBody {
  commandId: string;
  dice?: number[];
}

/**
 * A command for a match, as it travels on the CommandBus. Each subclass here is one command of the
 * match itself, and the type it sends to the rules is its own class name, so the two cannot drift
 * apart; a ruleset's commands travel as SendRulesetCommand, with the type their ruleset declares. One
 * handler (MatchCommandHandler) takes them all: the command path is the same for every command, only
 * the rules differ.
 */
export abstract class MatchCommand {
  readonly request: MatchCommandRequest;

  constructor(
    matchId: string,
    principal: Principal,
    body: CommandBody,
    extra: Record<string, unknown> = {},
    rulesetId?: string,
    type: string = new.target.name,
  ) {
    const { commandId, dice, ...fields } = body as CommandBody & Record<string, unknown>;
    this.request = {
      matchId,
      commandId,
      principal,
      command: { type, ...fields, ...extra },
      ...(dice ? { dice } : {}),
      ...(rulesetId ? { rulesetId } : {}),
    };
  }

  get type(): string {
    return this.request.command.type;
  }

  /** The same command, answered in the shape its caller asked for. */
  answering(shape: AnswerShape): this {
    if (shape === 'minimal') this.request.answer = shape;
    return this;
  }
}

/**
 * A command a ruleset declares (src/rules/<id>/, Ruleset.commands), by the type it declares: the
 * match's ruleset decides it; the match path knows none of them by name.
 */
export class SendRulesetCommand extends MatchCommand {
  constructor(
    matchId: string,
    principal: Principal,
    type: string,
    body: CommandBody,
    extra: Record<string, unknown> = {},
  ) {
    super(matchId, principal, body, extra, undefined, type);
  }
}

// Setting a match up and taking turns, whatever the ruleset (C-4)
export class CreateMatch extends MatchCommand {
  constructor(
    matchId: string,
    principal: Principal,
    body: CommandBody,
    extra: Record<string, unknown> = {},
    rulesetId?: string,
    rulesetVersion?: string,
  ) {
    super(matchId, principal, body, extra, rulesetId);
    if (rulesetVersion !== undefined) this.request.rulesetVersion = rulesetVersion;
  }
}
export class EndTurn extends MatchCommand {}

// Every match: fairness, undo, disputes, the end (C-2, C-5)
export class AddClientSeed extends MatchCommand {}
export class RequestUndo extends MatchCommand {}
export class AnswerUndo extends MatchCommand {}
export class OrderBackup extends MatchCommand {}
export class RaiseDispute extends MatchCommand {}
export class RuleDispute extends MatchCommand {}
export class EndMatch extends MatchCommand {}
/** C-7: time called on the match's round, sent by the tournament's clock (no route of its own). */
export class RecordTimeCalled extends MatchCommand {}
