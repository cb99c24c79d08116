import type { AppendOptions, NewEvent, RecordedEvent } from './event-store.port.js';
import { eventHash } from './hash-chain.js';

export interface StreamHead {
  revision: number;
  hash: string;
}

/**
 * Wraps a batch in the envelope of DESIGN.md and links it onto the stream's chain. Adapters call it
 * inside their atomic section, after the expected-revision check, so the head it links to is current.
 */
export function sealBatch(
  stream: string,
  head: StreamHead,
  events: readonly NewEvent[],
  options: AppendOptions,
  at: string,
): Omit<RecordedEvent, 'position'>[] {
  let prevHash = head.hash;
  return events.map((event, i) => {
    const metadata = {
      stream,
      revision: head.revision + i + 1,
      commandId: options.commandId,
      actor: options.actor,
      at,
      ...(options.ruleset ? { ruleset: options.ruleset } : {}),
      ...(options.matchRulesVersion && i === 0 ? { matchRulesVersion: options.matchRulesVersion } : {}),
      // Once per append: the command is the append's, and a long batch need not repeat it.
      ...(options.command && i === 0 ? { command: options.command } : {}),
      prevHash,
    };
    const hash = eventHash({ type: event.type, data: event.data, metadata });
    prevHash = hash;
    return { type: event.type, data: event.data, metadata: { ...metadata, hash } };
  });
}

export function assertAppendable(stream: string, events: readonly NewEvent[], options: AppendOptions): void {
  if (!stream) throw new RangeError('stream name is empty');
  if (events.length === 0) throw new RangeError(`append to ${stream}: no events`);
  if (!options.commandId) throw new RangeError(`append to ${stream}: commandId is required`);
}

/** The smallest string above every string that starts with `prefix` (for an index range). */
export function prefixEnd(prefix: string): string {
  if (prefix === '') throw new RangeError('a commandId prefix is empty');
  return prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1);
}

/** Of events found by a commandId prefix, those of the first command (one command per commandId). */
export function firstCommand(events: RecordedEvent[]): RecordedEvent[] {
  const first = events[0]?.metadata.commandId;
  return first === undefined ? [] : events.filter((event) => event.metadata.commandId === first);
}
