import { jsonEvent, type EventData, type JSONType, type Position } from '@eventstore/db-client';
import type { EventMetadata, RecordedEvent } from '../event-store.port.js';
import { toPortPosition } from './esdb-numbering.js';

/** What the adapter needs of an event the client read (the client's own types are wider). */
export interface EsdbRecord {
  streamId: string;
  id: string;
  revision: bigint;
  type: string;
  isJson: boolean;
  data: unknown;
  metadata: unknown;
  position?: Position;
}

/**
 * The envelope in ESDB terms: the event type is the envelope's type, the data its data (JSON), and the
 * ESDB metadata the envelope's metadata (JSON), hash included.
 */
export function encodeEvent(event: Omit<RecordedEvent, 'position'>, id: string): EventData {
  return jsonEvent({
    id,
    type: event.type,
    // The port's data is any JSON value; the client serialises it with JSON.stringify whatever its type.
    data: event.data as JSONType,
    metadata: { ...event.metadata },
  });
}

/** System streams and system event types ($-prefixed) are EventStoreDB's, never umpire's. */
export function isSystemEvent(record: Pick<EsdbRecord, 'streamId' | 'type'>): boolean {
  return record.streamId.startsWith('$') || record.type.startsWith('$');
}

/**
 * The port's event, or undefined when the record carries no umpire envelope (an event some other
 * application wrote to a shared database). Positions come with every read since EventStoreDB 22.6.
 */
export function decodeEvent(record: EsdbRecord): RecordedEvent | undefined {
  if (!record.isJson) return undefined;
  const metadata = asEnvelopeMetadata(record.metadata);
  if (!metadata) return undefined;
  if (!record.position) {
    throw new Error(
      `EventStoreDB returned ${record.streamId}@${record.revision} without a log position (needs EventStoreDB 22.6 or later)`,
    );
  }
  return { type: record.type, data: record.data, metadata, position: toPortPosition(record.position) };
}

function asEnvelopeMetadata(value: unknown): EventMetadata | undefined {
  if (!isObject(value)) return undefined;
  const { stream, revision, commandId, actor, at, ruleset, prevHash, hash } = value;
  const shaped =
    typeof stream === 'string' &&
    typeof revision === 'number' &&
    typeof commandId === 'string' &&
    isObject(actor) &&
    typeof actor.role === 'string' &&
    typeof at === 'string' &&
    (ruleset === undefined || isObject(ruleset)) &&
    typeof prevHash === 'string' &&
    typeof hash === 'string';
  // The shape is checked, not the content: verifyChain judges the content, and must see it as stored.
  return shaped ? (value as unknown as EventMetadata) : undefined;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
