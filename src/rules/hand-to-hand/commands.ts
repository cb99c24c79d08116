import type { DiceOrigin, Side } from '../common/index.js';
import type { HandToHandParameterOverrides } from './parameters.js';
import type { Aspect, Slope, TestCause } from './vocabulary.js';

export interface CreateMatch {
  type: 'CreateMatch';
  matchId: string;
  /** Display names (Zulus, British …); the ids are always A and B. */
  sides: { A: string; B: string };
  diceMode: DiceOrigin;
  /** C-2: SHA-256(serverSeed) as 64 hex digits, server dice only. */
  diceCommitment?: string;
  parameters?: HandToHandParameterOverrides;
}

export interface RegisterUnit {
  type: 'RegisterUnit';
  unitId: string;
  name: string;
  side: Side;
  /** HH-1: base morale, an integer in the parameters' range (6–10 by default). */
  morale: number;
  /** Move distance in inches (HH-11 to HH-13 give ground in fractions of it). */
  move: number;
}

export interface Charge {
  type: 'Charge';
  chargeId: string;
  attackerId: string;
  defenderId: string;
  /** HH-4: which side of the defender the attacker touches. */
  aspect: Aspect;
  /** the attacker's position relative to the defender. */
  slope: Slope;
}

export interface RollImpact {
  type: 'RollImpact';
  chargeId: string;
}

export interface TakeMoraleTest {
  type: 'TakeMoraleTest';
  unitId: string;
  cause: TestCause;
  /** HH-18: the shooting's morale penalty, an integer ≥ 0 (shooting only; default 0). */
  penalty?: number;
}

/** HH-11 to HH-13, HH-15: the player reports the geometry of giving ground; the rules do the rest. */
export interface ReportGiveGround {
  type: 'ReportGiveGround';
  unitId: string;
  couldMove: boolean;
  /** Only true together with couldMove. */
  leftTable: boolean;
}

/** HH-15 */
export interface Withdraw {
  type: 'Withdraw';
  unitId: string;
  leftTable: boolean;
}

export interface EndTurn {
  type: 'EndTurn';
}

export type HandToHandCommand =
  CreateMatch | RegisterUnit | Charge | RollImpact | TakeMoraleTest | ReportGiveGround | Withdraw | EndTurn;

export const COMMAND_TYPES: readonly HandToHandCommand['type'][] = [
  'CreateMatch',
  'RegisterUnit',
  'Charge',
  'RollImpact',
  'TakeMoraleTest',
  'ReportGiveGround',
  'Withdraw',
  'EndTurn',
];
