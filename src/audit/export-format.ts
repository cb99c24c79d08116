import type { EventMetadata, RecordedEvent } from '../event-store/event-store.port.js';
import { parseSignedCheckpoint, type SignedCheckpoint } from './checkpoint.js';
import { isRecord } from '../rules/common/is-record.js';

/** An envelope as exported: the store's global position is local to one store, so it is left out. */
export type ExportedEvent = Omit<RecordedEvent, 'position'>;

/**
 * GET /matches/:id/export: one envelope per line, each line RFC 8259 JSON, a newline after each; then
 * one last line, the service's signed checkpoint of the last event exported (the same object as GET
 * /matches/:id/checkpoint), so that a file cut short, or with events added, no longer verifies.
 */
export function exportedEvent({
  type,
  data,
  metadata,
}: Pick<RecordedEvent, 'type' | 'data' | 'metadata'>): ExportedEvent {
  return { type, data, metadata };
}

export function exportLine(event: Pick<RecordedEvent, 'type' | 'data' | 'metadata'>): string {
  return JSON.stringify(exportedEvent(event)) + '\n';
}

export function toNdjson(
  events: readonly Pick<RecordedEvent, 'type' | 'data' | 'metadata'>[],
  closing?: SignedCheckpoint,
): string {
  return events.map(exportLine).join('') + (closing ? JSON.stringify(closing) + '\n' : '');
}

/** A line of an export that cannot be read as an envelope. */
export class ExportFormatError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(`line ${line}: ${message}`);
    this.name = 'ExportFormatError';
  }
}

export type ExportLine = { event: ExportedEvent } | { closing: SignedCheckpoint };

/**
 * Reads one line of an export. Only the envelope's shape is checked here (what the verifier needs to
 * look at); whether its content is what was appended is the verifier's to judge, from the hash chain.
 * Returns undefined for a blank line.
 */
export function parseExportLine(raw: string, number: number): ExportLine | undefined {
  const line = raw.trim();
  if (line === '') return undefined;
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    throw new ExportFormatError(number, 'not JSON');
  }
  if (isRecord(value) && 'checkpoint' in value && !('type' in value)) {
    try {
      return { closing: parseSignedCheckpoint(value, 'the closing checkpoint') };
    } catch (error) {
      throw new ExportFormatError(number, (error as Error).message);
    }
  }
  if (!isRecord(value) || typeof value.type !== 'string' || !('data' in value)) {
    throw new ExportFormatError(number, 'not an event envelope { type, data, metadata }');
  }
  const metadata = value.metadata;
  if (
    !isRecord(metadata) ||
    typeof metadata.stream !== 'string' ||
    typeof metadata.revision !== 'number' ||
    typeof metadata.commandId !== 'string' ||
    typeof metadata.prevHash !== 'string' ||
    typeof metadata.hash !== 'string' ||
    !isRecord(metadata.actor)
  ) {
    throw new ExportFormatError(
      number,
      'metadata must hold stream, revision, commandId, actor, prevHash and hash',
    );
  }
  return { event: { type: value.type, data: value.data, metadata: metadata as unknown as EventMetadata } };
}

/**
 * Reads lines in order: envelopes, then at most one closing checkpoint, which must be the last line.
 * Feed it line by line (`line`), then `end()`.
 */
export class ExportReader {
  private lineNumber = 0;
  closing: SignedCheckpoint | undefined;

  line(raw: string): ExportedEvent | undefined {
    this.lineNumber += 1;
    const parsed = parseExportLine(raw, this.lineNumber);
    if (!parsed) return undefined;
    if (this.closing) {
      throw new ExportFormatError(
        this.lineNumber,
        'the closing checkpoint must be the last line of an export',
      );
    }
    if ('closing' in parsed) {
      this.closing = parsed.closing;
      return undefined;
    }
    return parsed.event;
  }
}

/** Reads a whole export held in memory: its events, and its closing checkpoint if it has one. */
export function parseExport(text: string): { events: ExportedEvent[]; closing?: SignedCheckpoint } {
  const reader = new ExportReader();
  const events: ExportedEvent[] = [];
  for (const raw of text.split('\n')) {
    const event = reader.line(raw);
    if (event) events.push(event);
  }
  return { events, ...(reader.closing ? { closing: reader.closing } : {}) };
}

/** The events of an export held in memory (its closing checkpoint is left out). */
export function parseNdjson(text: string): ExportedEvent[] {
  return parseExport(text).events;
}
