import type { RulesetRef } from '../rules/common/ruleset-ref.js';

/**
 * The event-store port. Every adapter (SQLite, in-memory, EventStoreDB) passes the same contract suite
 * in test/contract/.
 *
 * Numbering: a stream's first event has revision 1; a stream with no events stands at revision 0.
 * Global positions are ordered, unique, and strictly increasing in commit order; 0 means "before
 * everything". A position handed to readAll/subscribe is a checkpoint: reading starts strictly after it.
 */

/** Who caused an event. keyId is the API key's id when there is one (never the secret). */
export interface Actor {
  role: 'organiser' | 'judge' | 'player' | 'spectator' | 'system';
  side?: string;
  keyId?: string;
}

/** What a caller hands to append(): the domain part only. The store writes the envelope around it. */
export interface NewEvent {
  type: string;
  data: unknown;
}

export interface EventMetadata {
  stream: string;
  revision: number;
  commandId: string;
  actor: Actor;
  /** ISO-8601 time the service appended the event (the rules never see it). */
  at: string;
  ruleset?: RulesetRef;
  /**
   * The version of the match-level rules (src/rules/match: undo, backups, disputes, client seeds, the
   * end) the match is played under, on its first event only, inside the hash chain. A log without it
   * was recorded before it was named: 1.0.0, the only version there was.
   */
  matchRulesVersion?: string;
  /**
   * The command behind this append as the rules decided it (prepared: a sealed card already in
   * escrow, never in the clear, AA-2), on its first event only, inside the hash chain. The verifier
   * decides it again. Logs recorded before commands were recorded carry none.
   */
  command?: RecordedCommand;
  prevHash: string;
  hash: string;
}

/** A command as recorded in the metadata: its type and its fields, plain JSON. */
export type RecordedCommand = { type: string } & Record<string, unknown>;

/** An event as the domain writes it: a member of some discriminated union (type + data). */
export interface EventShape {
  type: string;
  data: unknown;
}

/**
 * The envelope of DESIGN.md, as stored and as read back, generic in its event: with a union for E
 * (a ruleset's events, the tournament's), a check of `type` narrows `data` with it. The adapters read
 * the default (any type, data unknown); typed-events.ts is where a read becomes a union's, checked.
 */
export type RecordedEvent<E extends EventShape = EventShape> = E & {
  metadata: EventMetadata;
  /** Global position in this store. Not part of the hash: an export verifies on any store. */
  position: number;
};

export type ExpectedRevision = number | 'no_stream' | 'stream_exists' | 'any';

export interface AppendOptions {
  expectedRevision: ExpectedRevision;
  commandId: string;
  actor: Actor;
  ruleset?: RulesetRef;
  /** Recorded on the first event of the append (see EventMetadata.matchRulesVersion). */
  matchRulesVersion?: string;
  /** The prepared command, recorded on the first event of the append (see EventMetadata.command). */
  command?: RecordedCommand;
  /** Defaults to now. */
  at?: string;
}

export interface AppendResult {
  /** The stream's revision after the append (the last event's revision). */
  nextRevision: number;
  /** One global position per appended event, in order. */
  positions: number[];
  /**
   * True when the batch's commandId was already recorded in the stream: nothing was appended, and the
   * revision and positions are those of the first append (idempotency by commandId).
   */
  duplicate: boolean;
  /**
   * The events as recorded (envelope and positions): this append's, or the first append's when it is
   * a duplicate. A caller that keeps the stream folded goes on from these without reading it again.
   */
  events: RecordedEvent[];
}

export interface ReadStreamOptions {
  /** First revision to return (inclusive). Default 1. */
  fromRevision?: number;
  maxCount?: number;
}

export interface ReadAllOptions {
  /** Checkpoint: return events strictly after this global position. Default 0 (from the start). */
  fromPosition?: number;
  maxCount?: number;
  /** Only streams whose name starts with this. */
  streamPrefix?: string;
}

export interface SubscribeOptions {
  /** Checkpoint: deliver events strictly after this global position. Default 0. */
  fromPosition?: number;
  streamPrefix?: string;
}

/** Receives each event once, in global order; the next event waits until the promise settles. */
export type EventHandler = (event: RecordedEvent) => void | Promise<void>;

export interface Subscription {
  /** Resolves once every event that existed when subscribe() was called has been handled. */
  readonly caughtUp: Promise<void>;
  /** Position of the last event handled. */
  readonly position: number;
  /** Stops delivery; resolves when no handler is running any more. */
  close(): Promise<void>;
}

export interface StoreHealth {
  store: 'sqlite' | 'memory' | 'eventstoredb';
  status: 'up' | 'down';
  detail?: string;
}

export interface EventStore {
  append(stream: string, events: NewEvent[], options: AppendOptions): Promise<AppendResult>;
  readStream(stream: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  /**
   * The events of the first command in the stream whose commandId starts with `commandIdPrefix`, or
   * none. Idempotency is this lookup: an index seek where the store has one (SQLite, in-memory).
   */
  findCommand(stream: string, commandIdPrefix: string): Promise<RecordedEvent[]>;
  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]>;
  subscribe(options: SubscribeOptions, handler: EventHandler): Subscription;
  health(): Promise<StoreHealth>;
  close(): Promise<void>;
}

/** Nest injection token for the port. */
export const EVENT_STORE = Symbol('EVENT_STORE');
