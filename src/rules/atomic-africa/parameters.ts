import { isRecord } from '../common/is-record.js';
import { violation } from '../common/rule-violation.js';
import type { JokerPosture } from './cards.js';

/** AA-11: "up to `upTo` inches, the range threshold is `threshold`". Bands ascend; beyond the last, no attack. */
export interface RangeBand {
  upTo: number;
  threshold: number;
}

/** AA-11, Q-11: the stand-in for the base ranged-attack rules, which are not in the source. */
export interface RangedAttackParameters {
  /** A die showing this or more hits. */
  hitOn: number;
  /** Mass Fire multiplies the attacker's dice by this. */
  massFireDiceMultiplier: number;
  /** Dig-in on the target adds this to the number each hit needs. */
  digInHitModifier: number;
  rangeBands: RangeBand[];
}

export interface AtomicAfricaParameters {
  rangedAttack: RangedAttackParameters;
  /** 'none' (a Joker has no posture, so it cannot flee) or 'by-colour' (black defensive, red offensive). */
  jokerPosture: JokerPosture;
  /** AA-9: Sprint multiplies a light infantry unit's movement by this. */
  sprintMultiplier: number;
}

export const defaultParameters: AtomicAfricaParameters = {
  rangedAttack: {
    hitOn: 4,
    massFireDiceMultiplier: 2,
    digInHitModifier: 1,
    rangeBands: [
      { upTo: 6, threshold: 1 },
      { upTo: 12, threshold: 2 },
      { upTo: 24, threshold: 3 },
    ],
  },
  jokerPosture: 'none',
  sprintMultiplier: 2,
};

function onlyKeys(
  value: Record<string, unknown>,
  allowed: readonly string[],
  field: string,
  ruleId: string,
): void {
  for (const key of Object.keys(value)) {
    if (!allowed.includes(key))
      violation(ruleId, `${field}.${key} is not a parameter of atomic-africa`, 'invalid');
  }
}

function integerAtLeast(value: unknown, min: number, field: string, ruleId: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min) {
    violation(ruleId, `${field} must be an integer of at least ${min}`, 'invalid');
  }
  return value;
}

function rangeBands(value: unknown): RangeBand[] {
  const field = 'parameters.rangedAttack.rangeBands';
  if (!Array.isArray(value) || value.length === 0)
    violation('AA-11', `${field} must be a non-empty list`, 'invalid');
  let previous = 0;
  return value.map((band: unknown, i) => {
    if (!isRecord(band)) violation('AA-11', `${field}[${i}] must be { upTo, threshold }`, 'invalid');
    onlyKeys(band, ['upTo', 'threshold'], `${field}[${i}]`, 'AA-11');
    const { upTo } = band;
    if (typeof upTo !== 'number' || !Number.isFinite(upTo) || upTo <= previous) {
      violation(
        'AA-11',
        `${field}[${i}].upTo must be a number of inches above the previous band's`,
        'invalid',
      );
    }
    previous = upTo;
    return { upTo, threshold: integerAtLeast(band.threshold, 1, `${field}[${i}].threshold`, 'AA-11') };
  });
}

/**
 * The parameters of a match: the defaults deep-merged with the organiser's overrides (lists are
 * replaced, not merged), then validated whole. The result is what MatchCreated records and hashes.
 */
export function resolveParameters(overrides: unknown): AtomicAfricaParameters {
  if (overrides === undefined) return structuredClone(defaultParameters);
  if (!isRecord(overrides)) violation('Q-11', 'parameters must be an object', 'invalid');
  onlyKeys(overrides, ['rangedAttack', 'jokerPosture', 'sprintMultiplier'], 'parameters', 'Q-11');

  const ranged = overrides.rangedAttack ?? {};
  if (!isRecord(ranged)) violation('AA-11', 'parameters.rangedAttack must be an object', 'invalid');
  onlyKeys(
    ranged,
    ['hitOn', 'massFireDiceMultiplier', 'digInHitModifier', 'rangeBands'],
    'parameters.rangedAttack',
    'AA-11',
  );
  const base = defaultParameters.rangedAttack;
  const field = 'parameters.rangedAttack';

  const jokerPosture = overrides.jokerPosture ?? defaultParameters.jokerPosture;
  if (jokerPosture !== 'none' && jokerPosture !== 'by-colour') {
    violation('Q-8', 'parameters.jokerPosture must be none or by-colour', 'invalid');
  }
  const sprintMultiplier = overrides.sprintMultiplier ?? defaultParameters.sprintMultiplier;
  if (typeof sprintMultiplier !== 'number' || !Number.isFinite(sprintMultiplier) || sprintMultiplier < 1) {
    violation('AA-9', 'parameters.sprintMultiplier must be a number of at least 1', 'invalid');
  }

  return {
    rangedAttack: {
      hitOn: integerAtLeast(ranged.hitOn ?? base.hitOn, 1, `${field}.hitOn`, 'AA-11'),
      massFireDiceMultiplier: integerAtLeast(
        ranged.massFireDiceMultiplier ?? base.massFireDiceMultiplier,
        1,
        `${field}.massFireDiceMultiplier`,
        'AA-11',
      ),
      digInHitModifier: integerAtLeast(
        ranged.digInHitModifier ?? base.digInHitModifier,
        0,
        `${field}.digInHitModifier`,
        'AA-11',
      ),
      rangeBands: rangeBands(ranged.rangeBands ?? base.rangeBands),
    },
    jokerPosture,
    sprintMultiplier,
  };
}
