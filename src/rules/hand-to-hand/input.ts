import { violation } from '../common/index.js';

/**
 * C-6: commands reach the rules from HTTP as JSON. The DTOs validate the shape, but the rules do not
 * trust them: a value the rules cannot use is refused here, naming the field and the rule.
 */

const MAX_ID_LENGTH = 100;

export function requireText(value: unknown, field: string, ruleId = 'C-6'): string {
  if (typeof value !== 'string' || value.trim() === '' || value.length > MAX_ID_LENGTH) {
    violation(ruleId, `${field} must be a non-empty text of at most ${MAX_ID_LENGTH} characters`, 'invalid');
  }
  return value;
}

export function requireOneOf<T extends string>(
  value: unknown,
  field: string,
  allowed: readonly T[],
  ruleId = 'C-6',
): T {
  const found = allowed.find((option) => option === value);
  if (found === undefined) {
    violation(
      ruleId,
      `${field} must be one of ${allowed.join(', ')}; got ${JSON.stringify(value) ?? 'nothing'}`,
      'invalid',
    );
  }
  return found;
}

export function requireBoolean(value: unknown, field: string, ruleId = 'C-6'): boolean {
  if (typeof value !== 'boolean') violation(ruleId, `${field} must be true or false`, 'invalid');
  return value;
}

export function requireInteger(value: unknown, field: string, ruleId = 'C-6'): number {
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    violation(ruleId, `${field} must be an integer; got ${JSON.stringify(value) ?? 'nothing'}`, 'invalid');
  }
  return value;
}

/** Unit and charge ids are player-chosen record keys: never let 'toString' find Object.prototype. */
export function hasOwn<T>(record: Readonly<Record<string, T>>, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(record, key);
}
