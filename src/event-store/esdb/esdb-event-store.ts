import {
  BACKWARDS,
  END,
  EventStoreDBClient,
  FORWARDS,
  StreamNotFoundError,
  WrongExpectedVersionError,
  type EventData,
  type Position,
} from '@eventstore/db-client';
import { assertAppendable, sealBatch } from '../envelope.js';
import type {
  AppendOptions,
  AppendResult,
  EventHandler,
  EventStore,
  NewEvent,
  ReadAllOptions,
  ReadStreamOptions,
  RecordedEvent,
  StoreHealth,
  SubscribeOptions,
  Subscription,
} from '../event-store.port.js';
import { assertValidExpectedRevision, checkExpectedRevision } from '../expected-revision.js';
import { GENESIS_HASH } from '../hash-chain.js';
import { WrongExpectedRevisionError } from '../wrong-expected-revision.error.js';
import { type CommandSpan, CommandIndex, type StreamCommands } from './command-index.js';
import { decodeEvent, encodeEvent, isSystemEvent, type EsdbRecord } from './envelope-codec.js';
import {
  currentToPortRevision,
  expectedAtHead,
  startAt,
  toEsdbRevision,
  toPortPosition,
  toPortRevision,
} from './esdb-numbering.js';
import { EsdbSubscription, type ResubscribeSettings } from './esdb-subscription.js';
import { eventId } from './event-id.js';

export interface EsdbEventStoreOptions {
  /** e.g. esdb://localhost:2113?tls=false, or esdb://node1:2113,node2:2113,node3:2113?tls=false */
  connectionString: string;
  /**
   * How often an append whose caller said `any` or `stream_exists` is tried when another writer moved
   * the stream between the adapter's read and its append. Default 10.
   */
  appendAttempts?: number;
  /** health() reports down when the server has not answered within this time. Default 2000 ms. */
  healthTimeoutMs?: number;
  /** Events per $all page in readAll. Default 500. */
  readAllPageSize?: number;
  /** Pause before resubscribing after a dropped subscription: grows from initial to max. */
  resubscribe?: Partial<ResubscribeSettings>;
}

interface StoredEvent {
  id: string;
  event: RecordedEvent;
}

/**
 * The EventStoreDB adapter: one ESDB stream per port stream (names unchanged), the envelope's type as
 * the event type, its data as JSON data and its metadata (hash chain included) as JSON metadata.
 *
 * ESDB knows nothing of the hash chain, so an append reads the stream first, links the batch onto the
 * last event's hash (sealBatch, as every adapter does) and appends at exactly the revision it read. If
 * another writer got in between, ESDB refuses, and the chain cannot fork. A caller that said `any` or
 * `stream_exists` did not decide on a revision, so the adapter re-reads, re-seals and tries again; a
 * caller that named a revision (or no_stream) gets the conflict.
 *
 * Idempotency by commandId: the read before the append also looks for the commandId in the stream's
 * metadata, through an index of the stream's commands the adapter keeps (command-index.ts). The ESDB event ids are derived from stream, commandId and index, so a repeated write that
 * races past that check is recognised by ESDB itself.
 */
export class EsdbEventStore implements EventStore {
  private readonly client: EventStoreDBClient;
  private readonly subscriptions = new Set<EsdbSubscription>();
  private readonly appendAttempts: number;
  private readonly healthTimeoutMs: number;
  private readonly pageSize: number;
  private readonly resubscribe: ResubscribeSettings;
  private readonly commands = new CommandIndex();

  constructor(options: EsdbEventStoreOptions) {
    this.client = EventStoreDBClient.connectionString(options.connectionString);
    this.appendAttempts = options.appendAttempts ?? 10;
    this.healthTimeoutMs = options.healthTimeoutMs ?? 2000;
    this.pageSize = options.readAllPageSize ?? 500;
    this.resubscribe = { initialDelayMs: 100, maxDelayMs: 5000, ...options.resubscribe };
  }

  async append(stream: string, events: NewEvent[], options: AppendOptions): Promise<AppendResult> {
    assertAppendable(stream, events, options);
    assertValidExpectedRevision(options.expectedRevision);
    const at = options.at ?? new Date().toISOString();
    const retryable = options.expectedRevision === 'any' || options.expectedRevision === 'stream_exists';

    for (let attempt = 1; ; attempt++) {
      // The head only: a caller that names the revision it decided on is answered without looking for
      // its commandId. It is looked for (in the command index, which reads only events it has not seen)
      // when that revision is not the head (a retried command is a stale one) or the caller named no
      // revision to check against.
      const last = await this.readHead(stream);
      const head = last
        ? { revision: last.metadata.revision, hash: last.metadata.hash }
        : { revision: 0, hash: GENESIS_HASH };
      if (retryable || !expectedRevisionHolds(options.expectedRevision, head.revision)) {
        const earlier = await this.readByCommand(stream, options.commandId);
        if (earlier.length > 0) return duplicateOf(earlier);
      }
      checkExpectedRevision(stream, options.expectedRevision, head.revision);

      const sealed = sealBatch(stream, head, events, options, at);
      const proposed = sealed.map((event, i) => encodeEvent(event, eventId(stream, options.commandId, i)));
      let actual: number;
      try {
        const result = await this.client.appendToStream(stream, proposed, {
          expectedRevision: expectedAtHead(head.revision),
        });
        if (result.success) {
          return await this.confirm(stream, sealed, proposed, toPortRevision(result.nextExpectedRevision));
        }
        // Only with throwOnAppendFailure=false in the connection string: the conflict comes as a result.
        actual = result.nextExpectedRevision < 0n ? 0 : toPortRevision(result.nextExpectedRevision);
      } catch (error) {
        if (!(error instanceof WrongExpectedVersionError)) throw error;
        actual = currentToPortRevision(error.actualVersion);
      }
      if (retryable && attempt < this.appendAttempts) {
        await pause(Math.random() * 10 * attempt);
        continue;
      }
      throw new WrongExpectedRevisionError(stream, options.expectedRevision, actual);
    }
  }

  /**
   * Reads back what the append wrote, for its positions (ESDB answers an append with one position for
   * the whole batch). If the events at those revisions carry our ids but not our hashes, ESDB took the
   * write as a repeat of an earlier one with the same command: that earlier one is the answer.
   */
  private async confirm(
    stream: string,
    sealed: Omit<RecordedEvent, 'position'>[],
    proposed: EventData[],
    nextRevision: number,
  ): Promise<AppendResult> {
    const written = await this.readStored(stream, nextRevision - sealed.length + 1, sealed.length);
    const ours = written.length === sealed.length && written.every(({ id }, i) => id === proposed[i]!.id);
    if (!ours) {
      throw new Error(
        `append to ${stream}: the events at revisions up to ${nextRevision} are not the ones appended`,
      );
    }
    const duplicate = written.some(({ event }, i) => event.metadata.hash !== sealed[i]!.metadata.hash);
    const recorded = written.map(({ event }) => event);
    return { nextRevision, positions: recorded.map((event) => event.position), duplicate, events: recorded };
  }

  /** The last event of a stream, read backwards from its end; undefined for a stream with none. */
  private async readHead(stream: string): Promise<RecordedEvent | undefined> {
    const records: EsdbRecord[] = [];
    try {
      const read = this.client.readStream(stream, { fromRevision: END, maxCount: 1, direction: BACKWARDS });
      for await (const resolved of read) {
        if (resolved.event) records.push(resolved.event);
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return undefined;
      throw error;
    }
    const record = records[0];
    if (!record) return undefined;
    const event = decodeEvent(record);
    if (!event) throw new Error(`${stream}@${toPortRevision(record.revision)} is not an umpire event`);
    return event;
  }

  /** The events a command appended. */
  private async readByCommand(stream: string, commandId: string): Promise<RecordedEvent[]> {
    return this.readCommand(stream, (await this.commandsOf(stream)).command(commandId));
  }

  async findCommand(stream: string, commandIdPrefix: string): Promise<RecordedEvent[]> {
    return this.readCommand(stream, (await this.commandsOf(stream)).first(commandIdPrefix));
  }

  /**
   * The stream's command index, brought up to its end: ESDB has no index on metadata, so the adapter
   * keeps one (command-index.ts), and reads only the events appended since it last looked.
   */
  private async commandsOf(stream: string): Promise<StreamCommands> {
    for (let attempt = 1; ; attempt++) {
      const index = this.commands.of(stream);
      const newer = await this.readStored(stream, index.revision + 1, Number.MAX_SAFE_INTEGER);
      if (newer.every(({ event }) => index.add(event.metadata.revision, event.metadata.commandId))) {
        return index;
      }
      // The stream is not the one indexed (deleted and written again): index it from its start.
      this.commands.forget(stream);
      if (attempt === 2) throw new Error(`${stream}: its revisions do not follow one another`);
    }
  }

  private async readCommand(stream: string, span: CommandSpan | undefined): Promise<RecordedEvent[]> {
    if (!span) return [];
    const events: RecordedEvent[] = [];
    for (const [from, to] of span.runs) {
      for (const { event } of await this.readStored(stream, from, to - from + 1)) {
        if (event.metadata.commandId === span.commandId) events.push(event);
      }
    }
    return events;
  }

  async readStream(stream: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const stored = await this.readStored(
      stream,
      options.fromRevision ?? 1,
      options.maxCount ?? Number.MAX_SAFE_INTEGER,
    );
    return stored.map(({ event }) => event);
  }

  /** A stream's events from a port revision on; a stream that does not exist reads as empty. */
  private async readStored(stream: string, fromRevision: number, maxCount: number): Promise<StoredEvent[]> {
    if (maxCount <= 0) return [];
    const records: EsdbRecord[] = [];
    try {
      const read = this.client.readStream(stream, {
        fromRevision: toEsdbRevision(Math.max(1, fromRevision)),
        maxCount,
        direction: FORWARDS,
      });
      for await (const resolved of read) {
        if (resolved.event) records.push(resolved.event);
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    // Decoded after the read has ended: leaving a gRPC read half-way would leave its call running.
    return records.map((record) => {
      const event = decodeEvent(record);
      if (!event) throw new Error(`${stream}@${toPortRevision(record.revision)} is not an umpire event`);
      return { id: record.id, event };
    });
  }

  /**
   * Pages through $all forwards from the checkpoint. The client (v6) sends no server-side filter on a
   * $all read, so system events, other applications' events and other prefixes are dropped here; the
   * subscription does filter on the server.
   */
  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const maxCount = options.maxCount ?? Number.POSITIVE_INFINITY;
    const prefix = options.streamPrefix ?? '';
    const out: RecordedEvent[] = [];
    let after = options.fromPosition ?? 0;
    let from = startAt(after);
    while (out.length < maxCount) {
      const page: EsdbRecord[] = [];
      for await (const resolved of this.client.readAll({
        fromPosition: from,
        maxCount: this.pageSize,
        direction: FORWARDS,
      })) {
        if (resolved.event) page.push(resolved.event);
      }
      let last: Position | undefined;
      for (const record of page) {
        last = record.position;
        if (out.length >= maxCount || !record.position || toPortPosition(record.position) <= after) continue;
        if (isSystemEvent(record) || !record.streamId.startsWith(prefix)) continue;
        const event = decodeEvent(record);
        if (event) out.push(event);
      }
      if (page.length < this.pageSize || !last) break;
      // Inclusive start: the page's last event comes again first and is dropped as `<= after`.
      from = last;
      after = toPortPosition(last);
    }
    return out;
  }

  subscribe(options: SubscribeOptions, handler: EventHandler): Subscription {
    const subscription = new EsdbSubscription(this.client, options, handler, this.resubscribe);
    this.subscriptions.add(subscription);
    void subscription.done.finally(() => this.subscriptions.delete(subscription)).catch(() => undefined);
    return subscription;
  }

  /** Up when the server answers a one-event read of $all (backwards from the end) in time. */
  async health(): Promise<StoreHealth> {
    const read = this.client.readAll({ direction: BACKWARDS, fromPosition: END, maxCount: 1 });
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`no answer within ${this.healthTimeoutMs} ms`)),
        this.healthTimeoutMs,
      );
    });
    const answered = drain(read);
    // After a timeout the read may still fail; that is already reported as down.
    answered.catch(() => undefined);
    try {
      await Promise.race([answered, timeout]);
      return { store: 'eventstoredb', status: 'up' };
    } catch (error) {
      void read
        .cancel()
        .catch(() => undefined)
        .finally(() => read.destroy());
      return {
        store: 'eventstoredb',
        status: 'down',
        detail: error instanceof Error ? error.message : String(error),
      };
    } finally {
      clearTimeout(timer);
    }
  }

  async close(): Promise<void> {
    await Promise.all([...this.subscriptions].map((subscription) => subscription.close()));
    await this.client.dispose();
  }
}

/** The EventStoreDB store for EVENTSTORE_CONNECTION_STRING. */
export function createEsdbEventStore(
  connectionString: string,
  options: Omit<EsdbEventStoreOptions, 'connectionString'> = {},
): EsdbEventStore {
  return new EsdbEventStore({ ...options, connectionString });
}

function duplicateOf(earlier: RecordedEvent[]): AppendResult {
  return {
    nextRevision: earlier[earlier.length - 1]!.metadata.revision,
    positions: earlier.map((event) => event.position),
    duplicate: true,
    events: earlier,
  };
}

/** Whether an expected revision names exactly this head (false for any and stream_exists). */
function expectedRevisionHolds(expected: AppendOptions['expectedRevision'], head: number): boolean {
  if (expected === 'no_stream') return head === 0;
  return typeof expected === 'number' && expected === head;
}

async function drain(read: AsyncIterable<unknown>): Promise<void> {
  for await (const _ of read) {
    // only whether the server answers matters
  }
}

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
