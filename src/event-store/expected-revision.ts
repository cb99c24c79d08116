import type { ExpectedRevision } from './event-store.port.js';
import { WrongExpectedRevisionError } from './wrong-expected-revision.error.js';

/** The four expected-revision cases, shared by every adapter that checks them itself. */
export function checkExpectedRevision(stream: string, expected: ExpectedRevision, actual: number): void {
  const ok =
    expected === 'any' ||
    (expected === 'no_stream' && actual === 0) ||
    (expected === 'stream_exists' && actual > 0) ||
    (typeof expected === 'number' && expected === actual);
  if (!ok) throw new WrongExpectedRevisionError(stream, expected, actual);
}

export function assertValidExpectedRevision(expected: ExpectedRevision): void {
  if (typeof expected === 'number' && (!Number.isSafeInteger(expected) || expected < 0)) {
    throw new RangeError(`expected revision must be a whole number ≥ 0, got ${expected}`);
  }
}
