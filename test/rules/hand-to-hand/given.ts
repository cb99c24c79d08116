import { rulesetRef, type Side } from '../../../src/rules/common/index.js';
import {
  type Aspect,
  HAND_TO_HAND_ID,
  HAND_TO_HAND_VERSION,
  type HandToHandEvent,
  type HandToHandParameterOverrides,
  resolveParameters,
  type Slope,
} from '../../../src/rules/hand-to-hand/index.js';

/**
 * Given events: what a hand-to-hand match already holds, written down as events rather than
 * produced by running earlier commands, so that a bug in one command fails only its own tests.
 * `given.spec.ts` checks each builder against what decide() records for the same facts.
 */

type Event<Type extends HandToHandEvent['type']> = Extract<HandToHandEvent, { type: Type }>;

export function matchCreated(
  parameters?: HandToHandParameterOverrides,
  version = HAND_TO_HAND_VERSION,
): Event<'MatchCreated'> {
  const resolved = resolveParameters(parameters);
  return {
    type: 'MatchCreated',
    data: {
      matchId: 'M1',
      sides: { A: 'Zulus', B: 'British' },
      diceMode: 'table',
      diceCommitment: null,
      parameters: resolved,
      ruleset: rulesetRef(HAND_TO_HAND_ID, version, resolved),
      turn: 1,
      activeSide: 'A',
    },
  };
}

export function unitRegistered(
  unitId: string,
  side: Side,
  morale: number,
  move = 6,
): Event<'UnitRegistered'> {
  return { type: 'UnitRegistered', data: { unitId, name: `unit ${unitId}`, side, morale, move } };
}

/**
 * The standard table: Zulus (side A, morale 8: Z1, Z2, Z3) against a Natal Native Contingent
 * (side B, morale 7: N1, N2) and a Briton band B1 of morale 9. Version 1.0.0 unless named.
 */
export function standardTable(
  parameters?: HandToHandParameterOverrides,
  version = HAND_TO_HAND_VERSION,
): HandToHandEvent[] {
  return [
    matchCreated(parameters, version),
    ...['Z1', 'Z2', 'Z3'].map((id) => unitRegistered(id, 'A', 8)),
    ...['N1', 'N2'].map((id) => unitRegistered(id, 'B', 7)),
    unitRegistered('B1', 'B', 9),
  ];
}

/**
 * HH-4, HH-5: a charge declared in turn 1 whose willpower test passed (3+4 against the attacker's
 * morale `morale`), in contact: the match now waits for its impact roll.
 */
export function chargedIntoContact(
  chargeId: string,
  attackerId: string,
  defenderId: string,
  options: { aspect?: Aspect; slope?: Slope; morale?: number; side?: Side; turn?: number } = {},
): HandToHandEvent[] {
  const { aspect = 'front', slope = 'level', morale = 8, side = 'A', turn = 1 } = options;
  return [
    {
      type: 'ChargeDeclared',
      data: { chargeId, attackerId, defenderId, aspect, slope, kind: 'charge', turn },
    },
    {
      type: 'WillpowerTested',
      data: {
        chargeId,
        unitId: attackerId,
        roll: { purpose: 'willpower', faces: [3, 4], origin: 'table', side },
        morale,
        total: 7,
        passed: true,
        autoPassedOnDouble: false,
      },
    },
    { type: 'ContactMade', data: { chargeId, attackerId, defenderId, aspect, turn } },
  ];
}

/** HH-7: a frontal charge's impact on level ground: the die, +1 for the charge. */
export function impactRolled(
  chargeId: string,
  attackerId: string,
  defenderId: string,
  die: number,
  side: Side = 'A',
): Event<'ImpactRolled'> {
  return {
    type: 'ImpactRolled',
    data: {
      chargeId,
      attackerId,
      defenderId,
      roll: { purpose: 'impact', faces: [die], origin: 'table', side },
      die,
      modifiers: [{ name: 'charge', value: 1, ruleId: 'HH-7' }],
      total: die + 1,
      impact: die + 1,
      repeat: false,
    },
  };
}

/** HH-7 with the aspect's bonus: an impact on a flank adds the flank's +1 to the charge's. */
export function flankImpactRolled(
  chargeId: string,
  attackerId: string,
  defenderId: string,
  die: number,
): Event<'ImpactRolled'> {
  const impact = impactRolled(chargeId, attackerId, defenderId, die);
  return {
    ...impact,
    data: {
      ...impact.data,
      modifiers: [...impact.data.modifiers, { name: 'flank', value: 1, ruleId: 'HH-7' }],
      total: die + 2,
      impact: die + 2,
    },
  };
}

/** HH-8: the defender's melee test passed with `faces` against its morale less the impact. */
export function meleeTestPassed(
  unitId: string,
  chargeId: string,
  baseMorale: number,
  impact: number,
  faces: [number, number],
  side: Side = 'B',
): Event<'MoraleTested'> {
  const total = faces[0] + faces[1];
  const effectiveMorale = baseMorale - impact;
  return {
    type: 'MoraleTested',
    data: {
      unitId,
      chargeId,
      cause: 'melee',
      roll: { purpose: 'morale test', faces, origin: 'table', side },
      baseMorale,
      impact,
      penalty: null,
      effectiveMorale,
      total,
      passed: true,
      autoPassedOnDouble: false,
      margin: total - effectiveMorale,
      outcome: 'passed',
    },
  };
}

/** C-4: side `endedSide` ended turn `endedTurn`. */
export function turnEnded(endedTurn: number, endedSide: Side): Event<'TurnEnded'> {
  return {
    type: 'TurnEnded',
    data: { endedTurn, endedSide, turn: endedTurn + 1, activeSide: endedSide === 'A' ? 'B' : 'A' },
  };
}

/**
 * Z1 (or `attackerId`) charged `defenderId` (morale 7) on `aspect` in turn 1, impact die 1, and the
 * defender held on 1+2: what chargeAndHold records.
 */
export function chargedAndHeld(
  chargeId: string,
  attackerId: string,
  defenderId: string,
  aspect: Aspect,
): HandToHandEvent[] {
  const impact =
    aspect === 'left-flank' || aspect === 'right-flank'
      ? flankImpactRolled(chargeId, attackerId, defenderId, 1)
      : impactRolled(chargeId, attackerId, defenderId, 1);
  return [
    ...chargedIntoContact(chargeId, attackerId, defenderId, { aspect }),
    impact,
    meleeTestPassed(defenderId, chargeId, 7, impact.data.impact, [1, 2]),
  ];
}
