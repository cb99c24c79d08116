/**
 * A deep copy of plain JSON data, equal to what `JSON.parse(JSON.stringify(value))` gives for it
 * (members holding undefined or a function left out, such array entries and non-finite numbers
 * null, -0 as 0, members in the same order) without writing and reading the text in between: what a
 * view hands out so that no reader can change the folded state it was taken from. Only for what a
 * folded state holds: plain objects, arrays, strings, numbers, booleans and null (no Date, Map or
 * class instance, whose JSON form this does not give).
 */
export function plainCopy<T>(value: T): T {
  return copied(value) as T;
}

function copied(value: unknown): unknown {
  // JSON writes -0 as 0, and a number that is not finite as null.
  if (typeof value === 'number') return Number.isFinite(value) ? value + 0 : null;
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    const out: unknown[] = new Array<unknown>(value.length);
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      out[i] = item === undefined || typeof item === 'function' ? null : copied(item);
    }
    return out;
  }
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const member: unknown = (value as Record<string, unknown>)[key];
    if (member === undefined || typeof member === 'function') continue;
    out[key] = copied(member);
  }
  return out;
}
