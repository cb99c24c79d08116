import type { MatchCommandRequest } from './command-runner.js';

/**
 * The commands of both rulesets, one class each so that the CommandBus routes them by name and the
 * handlers read as the game does. They all run through the same MatchCommandRunner.
 */
export abstract class MatchCommand {
  constructor(readonly request: MatchCommandRequest) {}
}

// Setting a match up
export class CreateMatch extends MatchCommand {}
export class RegisterUnit extends MatchCommand {}
export class EndTurn extends MatchCommand {}

// hand-to-hand
export class Charge extends MatchCommand {}
export class RollImpact extends MatchCommand {}
export class ResolveMorale extends MatchCommand {}
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

export const MATCH_COMMANDS = [
  CreateMatch,
  RegisterUnit,
  EndTurn,
  Charge,
  RollImpact,
  ResolveMorale,
  ReportGiveGround,
  Withdraw,
  ReportContact,
  SealOrder,
  DeclareIntent,
  RevealOrder,
  ReportBreakOff,
  Pursue,
  ResolveCloseCombat,
  RangedAttack,
  AddClientSeed,
  RequestUndo,
  AnswerUndo,
  OrderBackup,
  RaiseDispute,
  RuleDispute,
  EndMatch,
] as const;
