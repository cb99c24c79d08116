import type { EventMetadata, RecordedEvent } from '../event-store/event-store.port.js';

/** An envelope as exported: the store's global position is local to one store, so it is left out. */
export type ExportedEvent = Omit<RecordedEvent, 'position'>;

export function exportedEvent({
  type,
  data,
  metadata,
}: Pick<RecordedEvent, 'type' | 'data' | 'metadata'>): ExportedEvent {
  return { type, data, metadata };
}

/** GET /matches/:id/export: one envelope per line, each line RFC 8259 JSON, a newline after the last. */
export function toNdjson(events: readonly Pick<RecordedEvent, 'type' | 'data' | 'metadata'>[]): string {
  return events.map((event) => JSON.stringify(exportedEvent(event))).join('\n') + '\n';
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

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Reads an export back. Only the envelope's shape is checked here (what the verifier needs to look
 * at); whether its content is what was appended is the verifier's to judge, from the hash chain.
 */
export function parseNdjson(text: string): ExportedEvent[] {
  const events: ExportedEvent[] = [];
  text.split('\n').forEach((raw, i) => {
    const line = raw.trim();
    if (line === '') return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      throw new ExportFormatError(i + 1, 'not JSON');
    }
    if (!isRecord(value) || typeof value.type !== 'string' || !('data' in value)) {
      throw new ExportFormatError(i + 1, 'not an event envelope { type, data, metadata }');
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
        i + 1,
        'metadata must hold stream, revision, commandId, actor, prevHash and hash',
      );
    }
    events.push({ type: value.type, data: value.data, metadata: metadata as unknown as EventMetadata });
  });
  return events;
}
