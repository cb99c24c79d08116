import type { DiceRoll } from '../../rules/common/dice.js';
import { isRecord } from '../../rules/common/is-record.js';

/** A path into an event, from its root: ['data', 'modifiers', 1, 'value']. */
export type Path = readonly (string | number)[];

/**
 * Where two JSON values first differ (key order does not matter, list order does), or null when they
 * are equal. Both sides must already be JSON (what was stored, and what the rules give, round-tripped).
 */
export function firstDifference(expected: unknown, actual: unknown, path: Path = []): Path | null {
  if (Object.is(expected, actual)) return null;
  if (Array.isArray(expected) && Array.isArray(actual)) {
    for (let i = 0; i < Math.max(expected.length, actual.length); i++) {
      if (i >= expected.length || i >= actual.length) return [...path, i];
      const found = firstDifference(expected[i], actual[i], [...path, i]);
      if (found) return found;
    }
    return null;
  }
  if (isRecord(expected) && isRecord(actual)) {
    const keys = [
      ...Object.keys(expected),
      ...Object.keys(actual).filter((key) => !Object.hasOwn(expected, key)),
    ];
    for (const key of keys) {
      if (!Object.hasOwn(expected, key) || !Object.hasOwn(actual, key)) return [...path, key];
      const found = firstDifference(expected[key], actual[key], [...path, key]);
      if (found) return found;
    }
    return null;
  }
  return path;
}

/**
 * True when `decided` (what the rules return) is, once written as JSON, equal to `stored` (a value JSON
 * gave back) as firstDifference sees equality; false when it is not, or when it cannot tell without
 * writing it out (a class with toJSON). It allocates nothing: the verifier asks it of every event, and
 * only a false answer costs the JSON round trip and the search for the first difference.
 */
export function sameAsStored(decided: unknown, stored: unknown): boolean {
  switch (typeof decided) {
    case 'number':
      // As JSON: -0 is written 0, and a non-finite number null.
      return Number.isFinite(decided) ? Object.is(decided === 0 ? 0 : decided, stored) : stored === null;
    case 'string':
    case 'boolean':
      return decided === stored;
    case 'object':
      break;
    default:
      return false;
  }
  if (decided === null) return stored === null;
  if (typeof stored !== 'object' || stored === null) return false;
  if (typeof (decided as { toJSON?: unknown }).toJSON === 'function') return false;
  if (Array.isArray(decided)) {
    if (!Array.isArray(stored) || decided.length !== stored.length) return false;
    for (let i = 0; i < decided.length; i++) {
      const item: unknown = decided[i];
      const written =
        item === undefined || typeof item === 'function' || typeof item === 'symbol' ? null : item;
      if (!sameAsStored(written, stored[i])) return false;
    }
    return true;
  }
  if (Array.isArray(stored)) return false;
  const fields = decided as Record<string, unknown>;
  const storedFields = stored as Record<string, unknown>;
  let count = 0;
  for (const key in fields) {
    if (!Object.hasOwn(fields, key)) continue;
    const value = fields[key];
    if (value === undefined || typeof value === 'function' || typeof value === 'symbol') continue;
    if (!Object.hasOwn(storedFields, key) || !sameAsStored(value, storedFields[key])) return false;
    count += 1;
  }
  return count === Object.keys(storedFields).length;
}

export function pathText(path: Path): string {
  return path.reduce<string>(
    (text, step) => (typeof step === 'number' ? `${text}[${step}]` : text ? `${text}.${step}` : step),
    '',
  );
}

/** The value at a path, or undefined. */
export function valueAt(root: unknown, path: Path): unknown {
  let value = root;
  for (const step of path) {
    if (Array.isArray(value) && typeof step === 'number') value = value[step];
    else if (isRecord(value) && typeof step === 'string' && Object.hasOwn(value, step)) value = value[step];
    else return undefined;
  }
  return value;
}

/**
 * How a value is named in a report. Only scalars are spelled out: a report never prints a nested
 * object it did not need to (a sealed card is an object, AA-2).
 */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  return Array.isArray(value) ? `a list of ${value.length}` : 'an object';
}

/** Every dice roll (C-1) recorded in an event payload, in the order it appears. */
export function rollsIn(payload: unknown): DiceRoll[] {
  const rolls: DiceRoll[] = [];
  collectRolls(payload, rolls);
  return rolls;
}

/**
 * The walk of rollsIn, without a closure, an Object.values array or a forEach per object: the verifier
 * walks every event's payload, 100,000 of them for a long match. Own keys in Object.keys order, as
 * Object.values gives them.
 */
function collectRolls(value: unknown, rolls: DiceRoll[]): void {
  if (typeof value !== 'object' || value === null) return;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) collectRolls(value[i], rolls);
    return;
  }
  const record = value as Record<string, unknown>;
  if (Array.isArray(record.faces) && typeof record.origin === 'string') {
    rolls.push(value as DiceRoll);
    return;
  }
  for (const key in record) if (Object.hasOwn(record, key)) collectRolls(record[key], rolls);
}
