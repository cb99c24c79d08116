import { violation } from '../common/index.js';
import { isRecord } from '../common/is-record.js';
import { requireBoolean, requireInteger, requireOneOf } from './input.js';

/** HH-3: what a failed morale test does, by how much it failed. */
export const FAILURE_OUTCOMES = ['reform', 'retreat', 'break', 'rout'] as const;
export type FailureOutcome = (typeof FAILURE_OUTCOMES)[number];

/** One row of the HH-3 table: margins fromMargin..toMargin (null = and above) give this outcome. */
export interface DegreeOfFailureRow {
  fromMargin: number;
  toMargin: number | null;
  outcome: FailureOutcome;
}

export interface ImpactModifiers {
  /** HH-7 */
  charge: number;
  /** HH-7, counted once */
  flank: number;
  /** HH-7, counted once */
  rear: number;
  /** HH-7 / Q-14: the attacker stands above the defender */
  uphill: number;
  /** HH-7 / Q-14: the attacker stands below the defender */
  downhill: number;
  /** HH-17: victorious in its owner's previous turn */
  victorious: number;
  /** HH-11: pending against a unit that reformed after melee */
  reformBonus: number;
  /** HH-12: pending against a unit that retreated after melee */
  retreatBonus: number;
  /** HH-11 / Q-12: each repeated impact after a stuck reform, not cumulative */
  repeatedImpact: number;
}

/** The ruleset's data. An organiser may publish other values; the hash in every event names them. */
export interface HandToHandParameters {
  modifiers: ImpactModifiers;
  degreeOfFailure: DegreeOfFailureRow[];
  /** HH-1: the base morale range. */
  morale: { min: number; max: number };
  /** HH-11: the stuck reform that surrenders instead of repeating (the third in a row). */
  stuckReformSurrenderCount: number;
  options: {
    /** HH-2 / Q-1 */
    doublesAutoPass: boolean;
    /** HH-5 / Q-4 */
    willpowerDoublesAutoPass: boolean;
  };
}

/** What CreateMatch may override: any subset of the keys; the degree-of-failure table is replaced whole. */
export interface HandToHandParameterOverrides {
  modifiers?: Partial<ImpactModifiers>;
  degreeOfFailure?: DegreeOfFailureRow[];
  morale?: Partial<HandToHandParameters['morale']>;
  stuckReformSurrenderCount?: number;
  options?: Partial<HandToHandParameters['options']>;
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    Object.values(value).forEach((child) => deepFreeze(child));
    Object.freeze(value);
  }
  return value;
}

export const DEFAULT_PARAMETERS: HandToHandParameters = deepFreeze({
  modifiers: {
    charge: 1,
    flank: 1,
    rear: 2,
    uphill: 1,
    downhill: -1,
    victorious: 1,
    reformBonus: 1,
    retreatBonus: 2,
    repeatedImpact: 1,
  },
  // HH-3
  degreeOfFailure: [
    { fromMargin: 1, toMargin: 4, outcome: 'reform' },
    { fromMargin: 5, toMargin: 7, outcome: 'retreat' },
    { fromMargin: 8, toMargin: 9, outcome: 'break' },
    { fromMargin: 10, toMargin: null, outcome: 'rout' },
  ],
  morale: { min: 6, max: 10 },
  stuckReformSurrenderCount: 3,
  options: { doublesAutoPass: true, willpowerDoublesAutoPass: true },
});

const MODIFIER_KEYS: readonly (keyof ImpactModifiers)[] = [
  'charge',
  'flank',
  'rear',
  'uphill',
  'downhill',
  'victorious',
  'reformBonus',
  'retreatBonus',
  'repeatedImpact',
];

/** Which rule each parameter belongs to, so that a bad value is refused under that rule's id (C-6). */
const MODIFIER_RULES: Readonly<Record<keyof ImpactModifiers, string>> = {
  charge: 'HH-7',
  flank: 'HH-7',
  rear: 'HH-7',
  uphill: 'HH-7',
  downhill: 'HH-7',
  victorious: 'HH-17',
  reformBonus: 'HH-11',
  retreatBonus: 'HH-12',
  repeatedImpact: 'HH-11',
};

function rejectUnknownKeys(value: Record<string, unknown>, known: readonly string[], path: string): void {
  const unknown = Object.keys(value).find((key) => !known.includes(key));
  if (unknown !== undefined) {
    violation('C-6', `${path}.${unknown} is not a parameter of hand-to-hand`, 'invalid');
  }
}

function requireSection(value: unknown, path: string): Record<string, unknown> {
  if (!isRecord(value)) violation('C-6', `${path} must be an object`, 'invalid');
  return value;
}

function mergeModifiers(base: ImpactModifiers, overrides: unknown): ImpactModifiers {
  if (overrides === undefined) return { ...base };
  const section = requireSection(overrides, 'parameters.modifiers');
  rejectUnknownKeys(section, MODIFIER_KEYS, 'parameters.modifiers');
  const merged = { ...base };
  for (const key of MODIFIER_KEYS) {
    if (section[key] !== undefined) {
      merged[key] = requireInteger(section[key], `parameters.modifiers.${key}`, MODIFIER_RULES[key]);
    }
  }
  return merged;
}

/** HH-3: the table must give exactly one outcome to every failure margin from 1 upwards. */
function validateDegreeOfFailure(value: unknown): DegreeOfFailureRow[] {
  const path = 'parameters.degreeOfFailure';
  if (!Array.isArray(value) || value.length === 0)
    violation('HH-3', `${path} must be a non-empty list`, 'invalid');
  const rows: DegreeOfFailureRow[] = [];
  let expectedFrom = 1;
  value.forEach((raw: unknown, i) => {
    const row = requireSection(raw, `${path}[${i}]`);
    rejectUnknownKeys(row, ['fromMargin', 'toMargin', 'outcome'], `${path}[${i}]`);
    const fromMargin = requireInteger(row.fromMargin, `${path}[${i}].fromMargin`, 'HH-3');
    const toMargin =
      row.toMargin === null ? null : requireInteger(row.toMargin, `${path}[${i}].toMargin`, 'HH-3');
    const outcome = requireOneOf(row.outcome, `${path}[${i}].outcome`, FAILURE_OUTCOMES, 'HH-3');
    if (fromMargin !== expectedFrom) {
      violation(
        'HH-3',
        `${path}[${i}].fromMargin must be ${expectedFrom}, so that no margin is left out`,
        'invalid',
      );
    }
    const last = i === value.length - 1;
    if (last !== (toMargin === null)) {
      violation(
        'HH-3',
        `${path}: only the last row, and always the last row, is open-ended (toMargin null)`,
        'invalid',
      );
    }
    if (toMargin !== null) {
      if (toMargin < fromMargin) violation('HH-3', `${path}[${i}].toMargin is below fromMargin`, 'invalid');
      expectedFrom = toMargin + 1;
    }
    rows.push({ fromMargin, toMargin, outcome });
  });
  return rows;
}

/**
 * Deep-merges CreateMatch's overrides over the defaults and validates the result. The full result is
 * what MatchCreated records and what the ruleset hash is computed over.
 */
export function resolveParameters(overrides: unknown): HandToHandParameters {
  const base = DEFAULT_PARAMETERS;
  if (overrides === undefined) return mergeParametersUnchecked(base);
  const section = requireSection(overrides, 'parameters');
  rejectUnknownKeys(
    section,
    ['modifiers', 'degreeOfFailure', 'morale', 'stuckReformSurrenderCount', 'options'],
    'parameters',
  );

  const modifiers = mergeModifiers(base.modifiers, section.modifiers);
  const degreeOfFailure =
    section.degreeOfFailure === undefined
      ? base.degreeOfFailure.map((row) => ({ ...row }))
      : validateDegreeOfFailure(section.degreeOfFailure);

  const morale = { ...base.morale };
  if (section.morale !== undefined) {
    const given = requireSection(section.morale, 'parameters.morale');
    rejectUnknownKeys(given, ['min', 'max'], 'parameters.morale');
    if (given.min !== undefined) morale.min = requireInteger(given.min, 'parameters.morale.min', 'HH-1');
    if (given.max !== undefined) morale.max = requireInteger(given.max, 'parameters.morale.max', 'HH-1');
  }
  // HH-1: a 2D6 total runs 2–12; a morale outside 1–12 or an empty range makes no game.
  if (morale.min < 1 || morale.max > 12 || morale.min > morale.max) {
    violation(
      'HH-1',
      `parameters.morale must satisfy 1 ≤ min ≤ max ≤ 12; got ${morale.min}–${morale.max}`,
      'invalid',
    );
  }

  const stuckReformSurrenderCount =
    section.stuckReformSurrenderCount === undefined
      ? base.stuckReformSurrenderCount
      : requireInteger(section.stuckReformSurrenderCount, 'parameters.stuckReformSurrenderCount', 'HH-11');
  if (stuckReformSurrenderCount < 1) {
    violation('HH-11', 'parameters.stuckReformSurrenderCount must be at least 1', 'invalid');
  }

  const options = { ...base.options };
  if (section.options !== undefined) {
    const given = requireSection(section.options, 'parameters.options');
    rejectUnknownKeys(given, ['doublesAutoPass', 'willpowerDoublesAutoPass'], 'parameters.options');
    if (given.doublesAutoPass !== undefined) {
      options.doublesAutoPass = requireBoolean(
        given.doublesAutoPass,
        'parameters.options.doublesAutoPass',
        'Q-1',
      );
    }
    if (given.willpowerDoublesAutoPass !== undefined) {
      options.willpowerDoublesAutoPass = requireBoolean(
        given.willpowerDoublesAutoPass,
        'parameters.options.willpowerDoublesAutoPass',
        'Q-4',
      );
    }
  }

  return { modifiers, degreeOfFailure, morale, stuckReformSurrenderCount, options };
}

/** A mutable, unfrozen copy (the state must be plain JSON, not frozen shared objects). */
function mergeParametersUnchecked(parameters: HandToHandParameters): HandToHandParameters {
  return {
    modifiers: { ...parameters.modifiers },
    degreeOfFailure: parameters.degreeOfFailure.map((row) => ({ ...row })),
    morale: { ...parameters.morale },
    stuckReformSurrenderCount: parameters.stuckReformSurrenderCount,
    options: { ...parameters.options },
  };
}
