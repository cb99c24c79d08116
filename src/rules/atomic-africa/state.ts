import type { RulesetRef } from '../common/ruleset-ref.js';
import type { Side } from '../common/sides.js';
import type { RecordedCard } from './cards.js';
import type { DiceMode, Intent } from './commands.js';
import type { AtomicAfricaParameters } from './parameters.js';
import type { Unit } from './units.js';

export interface MatchInfo {
  matchId: string;
  sides: Record<Side, string>;
  diceMode: DiceMode;
  diceCommitment: string | null;
  parameters: AtomicAfricaParameters;
  ruleset: RulesetRef;
}

/**
 * A unit's orders card for the current turn (AA-1). `card` is known to the service when it was
 * sealed in the open or once revealed; before the reveal only the owning side may see it (AA-2).
 */
export interface Order {
  unitId: string;
  side: Side;
  turn: number;
  sealedAs: 'card' | 'commitment';
  card: RecordedCard | null;
  commitment: string | null;
  /** See SealOrder.escrow: opaque to the rules. */
  escrow?: string;
  revealed: boolean;
  /** Commitment form, after the reveal. */
  salt: string | null;
  /** Face cards, after the reveal (AA-7). */
  specialAction: string | null;
  /**
   * Version 2, Q-25: the reveal showed a card this unit of the side had already revealed: the unit has no
   * card for the turn. Absent otherwise (and always under version 1).
   */
  clashedWith?: string;
}

/**
 * A pair that began this turn in close combat (AA-3), [A's unit, B's unit]. Resolved once its
 * activation has ended; still in contact unless a unit broke off and escaped.
 */
export interface CloseCombat {
  unitIds: [string, string];
  resolved: boolean;
  inContact: boolean;
}

/** One side of the close combat being resolved. */
export interface Combatant {
  unitId: string;
  side: Side;
  intent: Intent | null;
  /** AA-6: null for a unit that declared fight, or before the cards are revealed. */
  flee: 'stands' | 'refused' | null;
  /** AA-8: the Destination and In-transit figures are placed. */
  brokeOff: boolean;
  /** AA-10: reported with the break-off, when the opponent attacks. */
  rangeInches: number | null;
  attack: 'rolled' | 'forgone' | null;
}

/**
 * AA-9, Q-10, Q-23. thwarted: the pursuer caught the fleeing unit; escaped: it pursued and was not fast
 * enough; not-pursued: it declined. Version 2 adds cannot-move (its card allows no movement, AA-9) and
 * no-card (it has no card for the turn, Q-21).
 */
export type PursuitOutcome = 'thwarted' | 'escaped' | 'not-pursued' | 'cannot-move' | 'no-card';

export interface Pursuit {
  unitId: string;
  outcome: PursuitOutcome;
}

/** Version 2, Q-23: one enemy's decision on the pursuit of one fleeing unit. */
export interface PursuitDecision {
  pursuerId: string;
  fleeingId: string;
  outcome: PursuitOutcome;
}

/** AA-4 to AA-10: the close combat the activating player opened and which is not yet over. */
export interface Activation {
  turn: number;
  activating: Combatant;
  reacting: Combatant;
  /** Version 1: the opponent's pursuit. */
  pursuit: Pursuit | null;
  /** Version 2: every pursuit decided so far, by any enemy in contact with a fleeing unit. */
  pursuits?: PursuitDecision[];
}

export interface AtomicAfricaState {
  /** Null until MatchCreated (C-4: nothing else is accepted before). */
  match: MatchInfo | null;
  turn: number;
  activeSide: Side;
  units: Record<string, Unit>;
  /** AA-3: reported base-to-base contacts, [A's unit, B's unit]; kept until a unit breaks off and escapes. */
  contacts: [string, string][];
  /** AA-3: the pairs that began this turn in close combat. */
  closeCombats: CloseCombat[];
  /** AA-1: this turn's orders, by unit id; a new turn starts with none. */
  orders: Record<string, Order>;
  activation: Activation | null;
  /**
   * Version 2: the units of the active side that have activated this turn (a close combat
   * opened, or a ranged attack). Absent under version 1, whose states keep their shape.
   */
  activated?: string[];
}

export function initialState(): AtomicAfricaState {
  return {
    match: null,
    turn: 0,
    activeSide: 'A',
    units: {},
    contacts: [],
    closeCombats: [],
    orders: {},
    activation: null,
  };
}

/** Own-property lookup, so that an id like 'constructor' never finds something it should not. */
export function entry<T>(record: Record<string, T>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}
