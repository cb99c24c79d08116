import { violation } from '../common/rule-violation.js';
import { SIDES, type Side } from '../common/sides.js';

/**
 * Commands come from outside: the HTTP layer validates its DTOs, but the rules check again, so that
 * no malformed value can reach an event (C-6). Every message names the field.
 */
/** The command's fields, read as unknown: its declared type is a promise from outside, not a fact. */
export function fieldsOf(command: object): Record<string, unknown> {
  return { ...command };
}

export function text(value: unknown, field: string, ruleId: string, maxLength = 200): string {
  if (typeof value !== 'string' || value.trim().length === 0 || value.length > maxLength) {
    violation(ruleId, `${field} must be a non-empty text of at most ${maxLength} characters`, 'invalid');
  }
  return value;
}

export function isOneOf<T extends string>(values: readonly T[], value: unknown): value is T {
  return typeof value === 'string' && (values as readonly string[]).includes(value);
}

export function side(value: unknown, field: string, ruleId: string): Side {
  return isOneOf(SIDES, value) ? value : violation(ruleId, `${field} must be A or B`, 'invalid');
}

export function inches(value: unknown, field: string, ruleId: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    violation(ruleId, `${field} must be a number of inches, 0 or more`, 'invalid');
  }
  return value;
}

export function oneOf<T extends string>(
  values: readonly T[],
  value: unknown,
  field: string,
  ruleId: string,
): T {
  return isOneOf(values, value)
    ? value
    : violation(ruleId, `${field} must be one of ${values.join(', ')}`, 'invalid');
}
