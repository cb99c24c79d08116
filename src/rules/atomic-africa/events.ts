import type { DomainEvent } from '../common/decider.js';
import type { RulesetRef } from '../common/ruleset-ref.js';
import type { Side } from '../common/sides.js';
import type { AttackOutcome } from './attack.js';
import type { Posture, RecordedCard } from './cards.js';
import type { PursuitOutcome } from './state.js';
import type { DiceMode, Intent } from './commands.js';
import type { AtomicAfricaParameters } from './parameters.js';
import type { UnitType } from './units.js';

export type MatchCreated = DomainEvent<
  'MatchCreated',
  {
    matchId: string;
    sides: Record<Side, string>;
    diceMode: DiceMode;
    diceCommitment: string | null;
    /** The full parameters, defaults merged with the overrides: replay needs nothing else (C-3). */
    parameters: AtomicAfricaParameters;
    ruleset: RulesetRef;
    turn: number;
    activeSide: Side;
  }
>;

export type UnitRegistered = DomainEvent<
  'UnitRegistered',
  { unitId: string; name: string; side: Side; unitType: UnitType; movement: number; firepower: number }
>;

/** AA-3: unitIds is [side A's unit, side B's unit]. */
export type ContactReported = DomainEvent<'ContactReported', { unitIds: [string, string]; turn: number }>;

/**
 * AA-1, AA-2. `card` is the sealed card when sealedAs is 'card', and hidden from everyone but the
 * owning side by viewEvent (card: null, hidden: true). `commitment` is public: it hides the card by itself.
 */
export type OrderSealed = DomainEvent<
  'OrderSealed',
  {
    unitId: string;
    side: Side;
    turn: number;
    sealedAs: 'card' | 'commitment';
    card: RecordedCard | null;
    commitment: string | null;
    /** Service-encrypted card and salt for the owning side; present only when the service sealed it. */
    escrow?: string;
    /** Present (true) only in a redacted view. */
    hidden?: true;
  }
>;

/** AA-4: role 'activating' opens an activation of the pair; 'reacting' answers it. */
export type IntentDeclared = DomainEvent<
  'IntentDeclared',
  {
    unitId: string;
    side: Side;
    turn: number;
    role: 'activating' | 'reacting';
    intent: Intent;
    opponentId: string;
  }
>;

/** AA-5: public from here on, with the salt so anyone can check the commitment. */
export type OrderRevealed = DomainEvent<
  'OrderRevealed',
  {
    unitId: string;
    side: Side;
    turn: number;
    card: RecordedCard;
    salt: string | null;
    specialAction: string | null;
  }
>;

/**
 * Version 2, Q-25, AA-1: a reveal (it matched its seal, and is public like any reveal) showing a card
 * that unit `clashesWith` of the same side had already revealed this turn. The unit has no card for the
 * turn; the match goes on, and a judge may still rule on the dispute.
 */
export type OrderClashed = DomainEvent<
  'OrderClashed',
  { unitId: string; side: Side; turn: number; card: RecordedCard; salt: string | null; clashesWith: string }
>;

/** AA-6, Q-8, Q-9: decided as soon as both cards are revealed; a refused flee fights. */
export type FleeJudged = DomainEvent<
  'FleeJudged',
  {
    unitId: string;
    turn: number;
    verdict: 'stands' | 'refused';
    allowsMovement: boolean;
    posture: Posture;
    /** Version 2, Q-21: the unit has no card for the turn (none sealed, or it clashed): it must fight. */
    noCard?: true;
  }
>;

/** AA-9, Q-10: movement compared after Sprint; thwarted only when the pursuer is faster. */
export type PursuitDecided = DomainEvent<
  'PursuitDecided',
  {
    unitId: string;
    fleeingId: string;
    turn: number;
    pursue: boolean;
    /** Null (version 2) when the pursuer declined or has no card: nothing about its card is recorded. */
    pursuerMovement: number | null;
    fleeingMovement: number;
    outcome: PursuitOutcome;
  }
>;

/** AA-8: reported geometry. rangeInches is null when nobody attacks the unit. */
export type BreakOffReported = DomainEvent<
  'BreakOffReported',
  { unitId: string; turn: number; destination: string; inTransit: string; rangeInches: number | null }
>;

/** AA-10, AA-11, Q-11, Q-15. rangeInches null: no range measured (both stayed, or the fleeing unit was caught). */
export type CloseCombatAttackRolled = DomainEvent<
  'CloseCombatAttackRolled',
  { attackerId: string; targetId: string; turn: number; rangeInches: number | null } & AttackOutcome
>;

/** AA-11: beyond the last range band there is no attack; recorded so the log says why nothing was rolled. */
export type CloseCombatAttackForgone = DomainEvent<
  'CloseCombatAttackForgone',
  {
    attackerId: string;
    targetId: string;
    turn: number;
    rangeInches: number;
    /** target-in-close-combat (version 2): another pursuer caught the target, and AA-12 forbids the shot. */
    reason: 'beyond-range' | 'target-in-close-combat';
  }
>;

/** The activation is over. inContact false: a unit broke off and escaped, and the contact is gone. */
export type CloseCombatEnded = DomainEvent<
  'CloseCombatEnded',
  {
    unitIds: [string, string];
    turn: number;
    inContact: boolean;
    escaped: string[];
    /**
     * Version 2, Q-23: each unit whose flee stood, with the pursuers that caught it. It left every
     * other contact; it stays in close combat with these.
     */
    fled?: { unitId: string; caughtBy: string[] }[];
  }
>;

/** AA-11, AA-12. */
export type RangedAttackRolled = DomainEvent<
  'RangedAttackRolled',
  { attackerId: string; targetId: string; turn: number; rangeInches: number } & AttackOutcome
>;

/** C-4, version 1: `turn` is the turn that ended. */
export interface TurnEndedV1 {
  turn: number;
  nextTurn: number;
  activeSide: Side;
}

/** C-4, version 2: the same shape as hand-to-hand's; `turn` and `activeSide` are the new turn's. */
export interface TurnEndedV2 {
  endedTurn: number;
  endedSide: Side;
  turn: number;
  activeSide: Side;
}

export type TurnEnded = DomainEvent<'TurnEnded', TurnEndedV1 | TurnEndedV2>;

/** The turn a TurnEnded begins, whichever shape its version records. */
export function turnBegun(data: TurnEndedV1 | TurnEndedV2): number {
  return 'nextTurn' in data ? data.nextTurn : data.turn;
}

/** AA-3: infantry pairs in contact at the end of a turn; unitIds is [side A's unit, side B's unit]. */
export type CloseCombatBegan = DomainEvent<'CloseCombatBegan', { unitIds: [string, string]; turn: number }>;

export type AtomicAfricaEvent =
  | MatchCreated
  | UnitRegistered
  | ContactReported
  | OrderSealed
  | IntentDeclared
  | OrderRevealed
  | OrderClashed
  | FleeJudged
  | PursuitDecided
  | BreakOffReported
  | CloseCombatAttackRolled
  | CloseCombatAttackForgone
  | CloseCombatEnded
  | RangedAttackRolled
  | TurnEnded
  | CloseCombatBegan;
