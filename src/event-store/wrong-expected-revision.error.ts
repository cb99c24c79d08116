import type { ExpectedRevision } from './event-store.port.js';

/** The one conflict error of the port: the stream is not where the caller decided it was. */
export class WrongExpectedRevisionError extends Error {
  constructor(
    readonly stream: string,
    readonly expected: ExpectedRevision,
    /** The stream's revision at the time of the append; 0 when the stream does not exist. */
    readonly actual: number,
  ) {
    super(`stream ${stream}: expected revision ${String(expected)}, but it stands at ${actual}`);
    this.name = 'WrongExpectedRevisionError';
  }
}
