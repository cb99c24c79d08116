import type { Side } from '../common/sides.js';
import type { RecordedCard } from './cards.js';
import type { UnitType } from './units.js';

/*
 * The commands of the atomic-africa ruleset: flat objects, `type` beside the fields (the events, by
 * contrast, are { type, data }). The types say what a well-formed command holds; decide() still
 * checks every field, because commands come from outside.
 */

/** AA-4. */
export type Intent = 'fight' | 'flee';
export type DiceMode = 'server' | 'table';

export interface CreateMatch {
  type: 'CreateMatch';
  matchId: string;
  sides: Record<Side, string>;
  diceMode: DiceMode;
  /** C-2: SHA-256 of the server seed (hex); required with server dice, absent with table dice. */
  diceCommitment?: string;
  /** Overrides, deep-merged into defaultParameters (lists replaced). */
  parameters?: unknown;
}

export interface RegisterUnit {
  type: 'RegisterUnit';
  unitId: string;
  name: string;
  side: Side;
  unitType: UnitType;
  movement: number;
  firepower: number;
}

/** AA-3: the players report base-to-base contact; the table is not simulated. */
export interface ReportContact {
  type: 'ReportContact';
  unitId: string;
  enemyId: string;
}

/** AA-1, AA-2: exactly one of card and commitment. */
export interface SealOrder {
  type: 'SealOrder';
  unitId: string;
  turn: number;
  /** Version 2: the card's code ('7S', '10H', 'KC', 'JOKER-RED'); version 1: { rank, suit } or { joker }. */
  card?: RecordedCard;
  commitment?: string;
  /**
   * With a commitment only: the card and salt encrypted by the service for the owning side (AA-2). The
   * rules never read it; it rides in the event so that the service can show the owner its own card and
   * reveal it for them, while the event's public hash covers only ciphertext.
   */
  escrow?: string;
}

/** AA-4: the activating side first (this activates the unit), then the reacting side for the opponent. */
export interface DeclareIntent {
  type: 'DeclareIntent';
  unitId: string;
  intent: Intent;
  /** The enemy unit to fight, needed only when the activating unit is in close combat with several. */
  opponentId?: string;
}

/** AA-5, AA-7: the salt only for a card sealed as a commitment; specialAction only for a face card. */
export interface RevealOrder {
  type: 'RevealOrder';
  unitId: string;
  card: RecordedCard;
  salt?: string;
  specialAction?: string;
}

/**
 * Version 2: a command that reveals the unit's card on the way when it is still sealed (a pursuit,
 * Q-23; a ranged attack, Q-24): the same fields as RevealOrder. With a card the service sealed, it
 * fills them in itself.
 */
export interface RevealOnTheWay {
  card?: RecordedCard;
  salt?: string;
  specialAction?: string;
}

/** AA-9: the opponent of a fleeing unit decides whether to pursue. */
export interface Pursue extends RevealOnTheWay {
  type: 'Pursue';
  unitId: string;
  pursue: boolean;
}

/**
 * AA-8: a unit whose flee stands (and was not caught) reports where its Destination and In-transit
 * figures stand, and the range in inches between the In-transit figures, which the opponent's attack
 * is measured over (AA-10). rangeInches is required when the opponent attacks, and refused otherwise.
 */
export interface ReportBreakOff {
  type: 'ReportBreakOff';
  unitId: string;
  destination: string;
  inTransit: string;
  rangeInches?: number;
}

/**
 * AA-10: one fighting unit's attack on its opponent, sent by that unit's side, which rolls (table
 * dice: its player enters the faces). The activating unit's attack comes first; the close combat is
 * resolved when the last attack is rolled.
 */
export interface ResolveCloseCombat {
  type: 'ResolveCloseCombat';
  unitId: string;
}

/** AA-11, AA-12: ordinary shooting with the stand-in rules. */
export interface RangedAttack extends RevealOnTheWay {
  type: 'RangedAttack';
  attackerId: string;
  targetId: string;
  rangeInches: number;
}

/** C-4. */
export interface EndTurn {
  type: 'EndTurn';
}

export type AtomicAfricaCommand =
  | CreateMatch
  | RegisterUnit
  | ReportContact
  | SealOrder
  | DeclareIntent
  | RevealOrder
  | Pursue
  | ReportBreakOff
  | ResolveCloseCombat
  | RangedAttack
  | EndTurn;
