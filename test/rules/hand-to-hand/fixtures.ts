import { fold, RuleViolation, TableDice, type Side } from '../../../src/rules/common/index.js';
import {
  handToHand,
  type Aspect,
  type CreateMatch,
  type HandToHandCommand,
  type HandToHandEvent,
  type HandToHandParameterOverrides,
  type HandToHandState,
  type MatchState,
  type Slope,
  type UnitState,
} from '../../../src/rules/hand-to-hand/index.js';

import { standardTable } from '../../support/given-events/hand-to-hand.js';

export const { decide, evolve, initialState } = handToHand.decider;

/** When: decide with these table faces; every face must be used (the rules roll only what they need). */
export function when(
  state: HandToHandState,
  command: HandToHandCommand,
  faces: number[] = [],
): HandToHandEvent[] {
  const dice = new TableDice(faces);
  const events = decide(state, command, dice);
  dice.assertAllUsed();
  return events;
}

/** The match a state holds (a test's `then` gets the state after the new events). */
export function matchOf(state: HandToHandState): MatchState {
  if (!state.created) throw new Error('match not created');
  return state;
}

export function unitIn(state: HandToHandState, unitId: string): UnitState {
  const unit = matchOf(state).units[unitId];
  if (unit === undefined) throw new Error(`no unit ${unitId}`);
  return unit;
}

export function replay(
  events: readonly HandToHandEvent[],
  from: HandToHandState = initialState(),
): HandToHandState {
  return fold(handToHand.decider, events, from);
}

/** The RuleViolation a call throws (fails the test if it throws nothing or something else). */
export function violationOf(act: () => unknown): RuleViolation {
  try {
    act();
  } catch (error) {
    if (error instanceof RuleViolation) return error;
    throw error;
  }
  throw new Error('expected a RuleViolation, but the command was accepted');
}

/**
 * Given: a match that starts from given events; a long scenario goes on by folding accepted commands,
 * keeping the whole log.
 */
export class Given {
  events: HandToHandEvent[] = [];
  state: HandToHandState = initialState();

  static from(events: readonly HandToHandEvent[]): Given {
    const given = new Given();
    given.events = [...events];
    given.state = replay(events);
    return given;
  }

  /** Decides and folds; returns only this command's events. A refusal leaves the log untouched. */
  do(command: HandToHandCommand, faces: number[] = []): HandToHandEvent[] {
    const events = when(this.state, command, faces);
    this.events = [...this.events, ...events];
    this.state = replay(events, this.state);
    return events;
  }

  refused(command: HandToHandCommand, faces: number[] = []): RuleViolation {
    const before = { events: this.events.length, state: JSON.stringify(this.state) };
    const refusal = violationOf(() => this.do(command, faces));
    // C-6: a refused command appends nothing and changes nothing.
    expect(this.events.length).toBe(before.events);
    expect(JSON.stringify(this.state)).toBe(before.state);
    return refusal;
  }

  get match(): MatchState {
    if (!this.state.created) throw new Error('match not created');
    return this.state;
  }

  unit(unitId: string): UnitState {
    const unit = this.match.units[unitId];
    if (unit === undefined) throw new Error(`no unit ${unitId}`);
    return unit;
  }

  types(events: readonly HandToHandEvent[] = this.events): string[] {
    return events.map((event) => event.type);
  }
}

export const createMatch = (parameters?: HandToHandParameterOverrides): CreateMatch => ({
  type: 'CreateMatch',
  matchId: 'M1',
  sides: { A: 'Zulus', B: 'British' },
  diceMode: 'table',
  ...(parameters === undefined ? {} : { parameters }),
});

export const registerUnit = (unitId: string, side: Side, morale: number, move = 6): HandToHandCommand => ({
  type: 'RegisterUnit',
  unitId,
  name: `unit ${unitId}`,
  side,
  morale,
  move,
});

export const charge = (
  chargeId: string,
  attackerId: string,
  defenderId: string,
  aspect: Aspect = 'front',
  slope: Slope = 'level',
): HandToHandCommand => ({ type: 'Charge', chargeId, attackerId, defenderId, aspect, slope });

export const rollImpact = (chargeId: string): HandToHandCommand => ({ type: 'RollImpact', chargeId });

export const meleeTest = (unitId: string): HandToHandCommand => ({
  type: 'TakeMoraleTest',
  unitId,
  cause: 'melee',
});

export const shootingTest = (unitId: string, penalty?: number): HandToHandCommand => ({
  type: 'TakeMoraleTest',
  unitId,
  cause: 'shooting',
  ...(penalty === undefined ? {} : { penalty }),
});

export const rallyTest = (unitId: string): HandToHandCommand => ({
  type: 'TakeMoraleTest',
  unitId,
  cause: 'rally',
});

export const giveGround = (unitId: string, couldMove: boolean, leftTable = false): HandToHandCommand => ({
  type: 'ReportGiveGround',
  unitId,
  couldMove,
  leftTable,
});

export const withdraw = (unitId: string, leftTable = false): HandToHandCommand => ({
  type: 'Withdraw',
  unitId,
  leftTable,
});

export const endTurn: HandToHandCommand = { type: 'EndTurn' };

/** Willpower faces that pass for morale 8 (total 7, no double) and that fail it (total 11). */
export const WILL_PASS = [3, 4];
export const WILL_FAIL = [5, 6];

/**
 * The standard table (see given.ts): Zulus (side A, morale 8: Z1, Z2, Z3) against a Natal Native
 * Contingent (side B, morale 7: N1, N2) and a Briton band B1 of morale 9. Given as events, not by
 * running CreateMatch and RegisterUnit.
 */
export function givenMatch(parameters?: HandToHandParameterOverrides): Given {
  return Given.from(standardTable(parameters));
}

/** The standard table in a match created under version 2.0.0 (decide and evolve read it from the state). */
export function givenMatchV2(parameters?: HandToHandParameterOverrides): Given {
  return Given.from(standardTable(parameters, '2.0.0'));
}

/**
 * Z1 charges N1 frontally on level ground and passes willpower; impact die `die` (+1 charge); N1 rolls
 * `testFaces`. With die 3 the impact is 4 and N1 (morale 7) tests against 3.
 */
export function givenMeleeTest(
  given: Given,
  die: number,
  testFaces: number[],
  chargeId = 'C1',
): HandToHandEvent[] {
  given.do(charge(chargeId, 'Z1', 'N1'), WILL_PASS);
  given.do(rollImpact(chargeId), [die]);
  return given.do(meleeTest('N1'), testFaces);
}

/**
 * An attacker makes contact and the defender (morale 7) holds: impact die 1, test 1+2 = 3, which passes
 * whatever the aspect adds (at most +3 here, so effective morale ≥ 4 … 3 for the rear).
 */
export function chargeAndHold(
  given: Given,
  chargeId: string,
  attackerId: string,
  defenderId: string,
  aspect: Aspect,
): void {
  given.do(charge(chargeId, attackerId, defenderId, aspect), WILL_PASS);
  given.do(rollImpact(chargeId), [1]);
  given.do(meleeTest(defenderId), [1, 2]);
}
