import type { RecordedEvent } from '../event-store/event-store.port.js';

/** An event of a log as the verifier reads it, from the store or from an export's line. */
export type LogEvent = Pick<RecordedEvent, 'type' | 'data' | 'metadata'>;
