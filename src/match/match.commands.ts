import type { Principal } from '../auth/principal.js';
import type { MatchCommandRequest } from './match-command-handler.js';

/** A validated body: commandId and table dice travel beside the command; the rest are its fields. */
export interface CommandBody {
  commandId: string;
  dice?: number[];
}

/**
 * A command for a match, as it travels on the CommandBus. Each subclass is one command of the game's
 * vocabulary, and the type it sends to the rules is its own class name, so the two cannot drift
 * apart. One handler (MatchCommandHandler) takes them all: the command path is the same for every
 * command, only the rules differ.
 */
export abstract class MatchCommand {
  readonly request: MatchCommandRequest;

  constructor(
    matchId: string,
    principal: Principal,
    body: CommandBody,
    extra: Record<string, unknown> = {},
    rulesetId?: string,
  ) {
    const { commandId, dice, ...fields } = body as CommandBody & Record<string, unknown>;
    this.request = {
      matchId,
      commandId,
      principal,
      command: { type: new.target.name, ...fields, ...extra },
      ...(dice ? { dice } : {}),
      ...(rulesetId ? { rulesetId } : {}),
    };
  }

  get type(): string {
    return this.request.command.type;
  }
}

// Setting a match up
export class CreateMatch extends MatchCommand {}
export class RegisterUnit extends MatchCommand {}
export class EndTurn extends MatchCommand {}

// hand-to-hand
export class Charge extends MatchCommand {}
export class RollImpact extends MatchCommand {}
export class TakeMoraleTest extends MatchCommand {}
export class ReportGiveGround extends MatchCommand {}
export class Withdraw extends MatchCommand {}

// atomic-africa
export class ReportContact extends MatchCommand {}
export class SealOrder extends MatchCommand {}
export class DeclareIntent extends MatchCommand {}
export class RevealOrder extends MatchCommand {}
export class ReportBreakOff extends MatchCommand {}
export class Pursue extends MatchCommand {}
export class ResolveCloseCombat extends MatchCommand {}
export class RangedAttack extends MatchCommand {}

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
