import { AppendSignal } from '../append-signal.js';
import { catchUpSubscription } from '../catch-up-subscription.js';
import { assertAppendable, firstCommand, sealBatch } from '../envelope.js';
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

/**
 * For unit tests only. append() does all its work before its first await, so each append is atomic
 * in the single JavaScript thread, exactly as a transaction is in the real stores.
 */
export class InMemoryEventStore implements EventStore {
  private readonly all: RecordedEvent[] = [];
  private readonly streams = new Map<string, RecordedEvent[]>();
  /** The events of each command, by stream and commandId: idempotency is a lookup, not a scan. */
  private readonly commands = new Map<string, RecordedEvent[]>();
  private readonly signal = new AppendSignal();
  private readonly subscriptions = new Set<Subscription>();

  async append(stream: string, events: NewEvent[], options: AppendOptions): Promise<AppendResult> {
    assertAppendable(stream, events, options);
    assertValidExpectedRevision(options.expectedRevision);
    const existing = this.streams.get(stream) ?? [];

    const earlier = this.commands.get(commandKey(stream, options.commandId));
    if (earlier) {
      return {
        nextRevision: earlier[earlier.length - 1]!.metadata.revision,
        positions: earlier.map((event) => event.position),
        duplicate: true,
        events: structuredClone(earlier),
      };
    }

    checkExpectedRevision(stream, options.expectedRevision, existing.length);
    const last = existing[existing.length - 1];
    const head = last
      ? { revision: last.metadata.revision, hash: last.metadata.hash }
      : { revision: 0, hash: GENESIS_HASH };
    const sealed = sealBatch(stream, head, events, options, options.at ?? new Date().toISOString());
    const base = this.all.length;
    const recorded = sealed.map((event, i) => structuredClone({ ...event, position: base + i + 1 }));
    for (const event of recorded) {
      this.all.push(event);
      existing.push(event);
    }
    this.streams.set(stream, existing);
    this.commands.set(commandKey(stream, options.commandId), recorded);
    this.signal.notify();
    return {
      nextRevision: head.revision + events.length,
      positions: recorded.map((e) => e.position),
      duplicate: false,
      events: structuredClone(recorded),
    };
  }

  async readStream(stream: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    // Revisions run 1, 2, 3 … without gaps, so revision r is at index r - 1.
    const events = this.streams.get(stream) ?? [];
    const from = Math.max(0, (options.fromRevision ?? 1) - 1);
    return structuredClone(events.slice(from, from + (options.maxCount ?? events.length)));
  }

  async findCommand(stream: string, commandIdPrefix: string): Promise<RecordedEvent[]> {
    const events = (this.streams.get(stream) ?? []).filter((event) =>
      event.metadata.commandId.startsWith(commandIdPrefix),
    );
    return structuredClone(firstCommand(events));
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const from = options.fromPosition ?? 0;
    const prefix = options.streamPrefix;
    const max = options.maxCount ?? Number.POSITIVE_INFINITY;
    const out: RecordedEvent[] = [];
    for (let i = from; i < this.all.length && out.length < max; i++) {
      const event = this.all[i]!;
      if (!prefix || event.metadata.stream.startsWith(prefix)) out.push(event);
    }
    return structuredClone(out);
  }

  subscribe(options: SubscribeOptions, handler: EventHandler): Subscription {
    const subscription = catchUpSubscription((o) => this.readAll(o), this.signal, options, handler, 1000);
    this.subscriptions.add(subscription);
    return subscription;
  }

  async health(): Promise<StoreHealth> {
    return { store: 'memory', status: 'up' };
  }

  async close(): Promise<void> {
    await Promise.all([...this.subscriptions].map((s) => s.close()));
  }

  /** Test hook: lets the contract suite tamper with stored events to prove the chain check works. */
  rawStream(stream: string): RecordedEvent[] {
    return this.streams.get(stream) ?? [];
  }
}

function commandKey(stream: string, commandId: string): string {
  return `${stream}\u0000${commandId}`;
}
