import { rulesetRef, type Side } from '../../../src/rules/common/index.js';
import {
  type Aspect,
  type ChargeKind,
  DEFAULT_PARAMETERS,
  type FailureOutcome,
  HAND_TO_HAND_ID,
  HAND_TO_HAND_VERSION,
  type HandToHandEvent,
  type HandToHandParameterOverrides,
  type ImpactModifier,
  type RestrictionEntry,
  resolveParameters,
  type Slope,
} from '../../../src/rules/hand-to-hand/index.js';

/**
 * Given events: what a hand-to-hand match already holds, written down as events rather than
 * produced by running earlier commands, so that a bug in one command fails only its own tests.
 * `test/rules/hand-to-hand/given.spec.ts` checks each builder against what decide() records for the
 * same facts. The builders compute what they record (modifiers, margins, outcomes) from the rules text
 * (RULES.md) with the default parameters, not by calling the rules code, so a bug there shows up as a
 * disagreement in given.spec.ts rather than hiding in both.
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

export function chargeDeclared(
  chargeId: string,
  attackerId: string,
  defenderId: string,
  options: { aspect?: Aspect; slope?: Slope; kind?: ChargeKind; turn?: number } = {},
): Event<'ChargeDeclared'> {
  const { aspect = 'front', slope = 'level', kind = 'charge', turn = 1 } = options;
  return { type: 'ChargeDeclared', data: { chargeId, attackerId, defenderId, aspect, slope, kind, turn } };
}

/** HH-2, HH-5, Q-4: the same arithmetic as a morale test: at most the target, or any double. */
function judged(faces: readonly number[], target: number, doublesAutoPass: boolean) {
  const total = faces.reduce((a, b) => a + b, 0);
  const underTarget = total <= target;
  const autoPassedOnDouble = !underTarget && doublesAutoPass && faces[0] === faces[1];
  return { total, passed: underTarget || autoPassedOnDouble, autoPassedOnDouble };
}

/** HH-5: the charger's willpower test, 2D6 against its own morale. */
export function willpowerTested(
  chargeId: string,
  unitId: string,
  faces: [number, number],
  morale = 8,
  options: { side?: Side; doublesAutoPass?: boolean } = {},
): Event<'WillpowerTested'> {
  const { side = 'A', doublesAutoPass = true } = options;
  return {
    type: 'WillpowerTested',
    data: {
      chargeId,
      unitId,
      roll: { purpose: 'willpower', faces, origin: 'table', side },
      morale,
      ...judged(faces, morale, doublesAutoPass),
    },
  };
}

export function contactMade(
  chargeId: string,
  attackerId: string,
  defenderId: string,
  aspect: Aspect = 'front',
  turn = 1,
): Event<'ContactMade'> {
  return { type: 'ContactMade', data: { chargeId, attackerId, defenderId, aspect, turn } };
}

/** HH-5 / Q-3: a failed willpower test; no contact. */
export function chargeFaltered(chargeId: string, attackerId: string, defenderId: string): HandToHandEvent[] {
  return [
    chargeDeclared(chargeId, attackerId, defenderId),
    willpowerTested(chargeId, attackerId, [5, 6]),
    { type: 'ChargeFaltered', data: { chargeId, attackerId, defenderId } },
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
    chargeDeclared(chargeId, attackerId, defenderId, { aspect, slope, turn }),
    willpowerTested(chargeId, attackerId, [3, 4], morale, { side }),
    contactMade(chargeId, attackerId, defenderId, aspect, turn),
  ];
}

/** HH-10: a unit already in contact attacks the enemy to its front again: no willpower test. */
export function foughtBack(
  chargeId: string,
  attackerId: string,
  defenderId: string,
  turn: number,
  aspect: Aspect = 'front',
): HandToHandEvent[] {
  return [
    chargeDeclared(chargeId, attackerId, defenderId, { aspect, kind: 'fight-back', turn }),
    contactMade(chargeId, attackerId, defenderId, aspect, turn),
  ];
}

/** HH-7 with the default modifiers: charge +1, flank +1, rear +2, uphill +1, downhill −1. */
const BY_ASPECT: Partial<Record<Aspect, ImpactModifier>> = {
  'left-flank': { name: 'flank', value: 1, ruleId: 'HH-7' },
  'right-flank': { name: 'flank', value: 1, ruleId: 'HH-7' },
  rear: { name: 'rear', value: 2, ruleId: 'HH-7' },
};
const BY_SLOPE: Partial<Record<Slope, ImpactModifier>> = {
  uphill: { name: 'uphill', value: 1, ruleId: 'HH-7' },
  downhill: { name: 'downhill', value: -1, ruleId: 'HH-7' },
};

export interface ImpactFacts {
  aspect?: Aspect;
  slope?: Slope;
  kind?: ChargeKind;
  side?: Side;
  /** HH-17, HH-11, HH-12 and the repeat's +1, in the order the rules list them. */
  more?: ImpactModifier[];
  /** HH-11 / Q-12: a repeated impact on a stuck reform (adds the +1 itself). */
  repeat?: boolean;
}

export const VICTORIOUS: ImpactModifier = { name: 'victorious', value: 1, ruleId: 'HH-17' };
export const REFORM_BONUS: ImpactModifier = { name: 'reform bonus', value: 1, ruleId: 'HH-11' };
export const RETREAT_BONUS: ImpactModifier = { name: 'retreat bonus', value: 2, ruleId: 'HH-12' };

/**
 * HH-7: the impact die with every factor that applies (a frontal charge on level ground unless told),
 * floored at 0.
 */
export function impactRolled(
  chargeId: string,
  attackerId: string,
  defenderId: string,
  die: number,
  facts: ImpactFacts | Side = {},
): Event<'ImpactRolled'> {
  const {
    aspect = 'front',
    slope = 'level',
    kind = 'charge',
    side = 'A',
    more = [],
    repeat = false,
  } = typeof facts === 'string' ? { side: facts } : facts;
  const modifiers: ImpactModifier[] = [
    ...(kind === 'charge' ? [{ name: 'charge', value: 1, ruleId: 'HH-7' } as const] : []),
    ...[BY_ASPECT[aspect], BY_SLOPE[slope]].filter((m) => m !== undefined),
    ...more,
    ...(repeat ? [{ name: 'repeated impact', value: 1, ruleId: 'HH-11' } as const] : []),
  ];
  const total = die + modifiers.reduce((sum, m) => sum + m.value, 0);
  return {
    type: 'ImpactRolled',
    data: {
      chargeId,
      attackerId,
      defenderId,
      roll: { purpose: 'impact', faces: [die], origin: 'table', side },
      die,
      modifiers,
      total,
      impact: Math.max(0, total),
      repeat,
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
  return impactRolled(chargeId, attackerId, defenderId, die, { aspect: 'left-flank' });
}

/** HH-3 with the default table. */
function degreeOf(margin: number): FailureOutcome {
  const row = DEFAULT_PARAMETERS.degreeOfFailure.find(
    (r) => margin >= r.fromMargin && (r.toMargin === null || margin <= r.toMargin),
  );
  if (row === undefined) throw new Error(`no degree of failure for margin ${margin}`);
  return row.outcome;
}

export interface TestFacts {
  chargeId?: string | null;
  cause?: 'melee' | 'shooting' | 'rally';
  /** HH-8: the impact subtracted (melee). */
  impact?: number | null;
  /** HH-18: the shooting penalty. */
  penalty?: number | null;
  side?: Side;
  doublesAutoPass?: boolean;
}

/** HH-2, HH-3, HH-8, HH-18, Q-13: a morale test of a unit of base morale `baseMorale`. */
export function moraleTested(
  unitId: string,
  baseMorale: number,
  faces: [number, number],
  facts: TestFacts = {},
): Event<'MoraleTested'> {
  const {
    cause = 'melee',
    chargeId = null,
    impact = null,
    penalty = null,
    side = 'B',
    doublesAutoPass = true,
  } = facts;
  const effectiveMorale = baseMorale - (impact ?? 0) - (penalty ?? 0);
  const test = judged(faces, effectiveMorale, doublesAutoPass);
  const margin = test.total - effectiveMorale;
  return {
    type: 'MoraleTested',
    data: {
      unitId,
      chargeId,
      cause,
      roll: { purpose: cause === 'rally' ? 'rally test' : 'morale test', faces, origin: 'table', side },
      baseMorale,
      impact,
      penalty,
      effectiveMorale,
      ...test,
      margin,
      outcome: test.passed ? 'passed' : degreeOf(margin),
    },
  };
}

/** HH-17 / Q-6: the attacker whose defender failed; its +1 is for its owner's next turn. */
export function attackerVictorious(
  chargeId: string,
  unitId: string,
  inTurn = 3,
): Event<'AttackerVictorious'> {
  return { type: 'AttackerVictorious', data: { chargeId, unitId, inTurn } };
}

/**
 * HH-8, HH-17: `defenderId` (side B) takes its melee test after the impact of `impact` and rolls
 * `faces`; when it fails, the attacker is victorious (and a rout removes it, HH-14).
 */
export function meleeTested(
  impact: Event<'ImpactRolled'>,
  baseMorale: number,
  faces: [number, number],
  victoriousInTurn = 3,
): HandToHandEvent[] {
  const { chargeId, attackerId, defenderId } = impact.data;
  const test = moraleTested(defenderId, baseMorale, faces, { chargeId, impact: impact.data.impact });
  if (test.data.passed) return [test];
  return [
    test,
    attackerVictorious(chargeId, attackerId, victoriousInTurn),
    ...(test.data.outcome === 'rout' ? [unitRemoved(defenderId, 'rout', 'HH-14')] : []),
  ];
}

/**
 * The melee of the standard table: Z1 charged N1 (morale 7) frontally in turn 1, impact die `die`
 * (+1 charge), and N1 rolled `faces`. With die 3 the impact is 4 and N1 tests against 3.
 */
export function meleeTestOf(die: number, faces: [number, number], chargeId = 'C1'): HandToHandEvent[] {
  const impact = impactRolled(chargeId, 'Z1', 'N1', die);
  return [...chargedIntoContact(chargeId, 'Z1', 'N1'), impact, ...meleeTested(impact, 7, faces)];
}

export function unitRemoved(
  unitId: string,
  reason: Event<'UnitRemoved'>['data']['reason'],
  ruleId: string,
): Event<'UnitRemoved'> {
  return { type: 'UnitRemoved', data: { unitId, reason, ruleId } };
}

export function restriction(
  restriction: RestrictionEntry['restriction'],
  inTurn: number,
  ruleId: string,
): RestrictionEntry {
  return { restriction, inTurn, ruleId };
}

/**
 * HH-11 to HH-15: how a unit gave ground. The facts not given are those of a melee reform that could
 * not move and changed nothing; a test names what its case records.
 */
export function groundGiven(
  unitId: string,
  outcome: 'reform' | 'retreat' | 'break',
  data: Partial<Event<'GroundGiven'>['data']> = {},
): Event<'GroundGiven'> {
  return {
    type: 'GroundGiven',
    data: {
      unitId,
      chargeId: 'C1',
      cause: 'melee',
      outcome,
      couldMove: false,
      leftTable: false,
      brokeContactWith: [],
      disordered: false,
      broken: false,
      restrictions: [],
      impactBonusAgainst: null,
      ...data,
    },
  };
}

/** HH-11: a melee reform that could not move: disordered, and the process repeats. */
export function reformStuck(unitId: string, count: number, chargeId = 'C1'): HandToHandEvent[] {
  return [
    groundGiven(unitId, 'reform', { chargeId, disordered: true }),
    { type: 'ReformStuck', data: { unitId, chargeId, count, surrenders: false } },
  ];
}

/** HH-13: a unit that broke and fled (in turn 1 of side B, as N1 does in meleeTestOf). */
export function fledBroken(
  unitId: string,
  moveInTurn: number,
  facts: Partial<Event<'GroundGiven'>['data']> = {},
) {
  return groundGiven(unitId, 'break', {
    couldMove: true,
    disordered: true,
    broken: true,
    restrictions: [restriction('move', moveInTurn, 'HH-13')],
    ...facts,
  });
}

export function rallyTestRequired(unitId: string, side: Side, turn: number): Event<'RallyTestRequired'> {
  return { type: 'RallyTestRequired', data: { unitId, side, turn } };
}

/** C-4: side `endedSide` ended turn `endedTurn`. */
export function turnEnded(endedTurn: number, endedSide: Side): Event<'TurnEnded'> {
  return {
    type: 'TurnEnded',
    data: { endedTurn, endedSide, turn: endedTurn + 1, activeSide: endedSide === 'A' ? 'B' : 'A' },
  };
}

/**
 * `attackerId` charged `defenderId` (morale 7) on `aspect` in turn 1, impact die 1, and the defender
 * held on 1+2: what chargeAndHold records. The aspect's bonus counts (HH-7: the rear is +2, so impact
 * 4 and the defender tests against 3, which 1+2 still passes).
 */
export function chargedAndHeld(
  chargeId: string,
  attackerId: string,
  defenderId: string,
  aspect: Aspect,
): HandToHandEvent[] {
  const impact = impactRolled(chargeId, attackerId, defenderId, 1, { aspect });
  return [
    ...chargedIntoContact(chargeId, attackerId, defenderId, { aspect }),
    impact,
    moraleTested(defenderId, 7, [1, 2], { chargeId, impact: impact.data.impact }),
  ];
}
