import { randomUUID } from 'node:crypto';
import type { AppendOptions, NewEvent, RecordedEvent } from '../../src/event-store/event-store.port.js';
import { EsdbEventStore } from '../../src/event-store/esdb/esdb-event-store.js';
import { verifyChain } from '../../src/event-store/hash-chain.js';
import { WrongExpectedRevisionError } from '../../src/event-store/wrong-expected-revision.error.js';
import { StandInServer, type StandInOptions } from '../esdb/stand-in-server.js';
import { eventStoreContract } from './event-store.contract.js';

// The EventStoreDB adapter through the real client and the real gRPC wire format, against the stand-in
// of test/esdb/: it checks how the adapter uses the client, not EventStoreDB (see the stand-in's header).

function standInHarness(options: StandInOptions) {
  return async () => {
    const server = await StandInServer.start(options);
    const store = new EsdbEventStore({ connectionString: server.connectionString() });
    return {
      store,
      dispose: async () => {
        await store.close();
        await server.stop();
      },
    };
  };
}

// A current server lists BatchAppend in ServerFeatures and the client appends through it; an older one
// has no ServerFeatures and the client falls back to Streams.Append. Both paths must keep the contract.
eventStoreContract('eventstoredb wire stand-in (BatchAppend)', standInHarness({ batchAppend: true }));
eventStoreContract('eventstoredb wire stand-in (Append)', standInHarness({ batchAppend: false }));

const actor = { role: 'player', side: 'A', keyId: 'k1' } as const;

function options(
  expectedRevision: AppendOptions['expectedRevision'],
  extra: Partial<AppendOptions> = {},
): AppendOptions {
  return { expectedRevision, commandId: randomUUID(), actor, at: '2026-11-30T10:00:00.000Z', ...extra };
}

function events(n: number, label = 'e'): NewEvent[] {
  return Array.from({ length: n }, (_, i) => ({ type: 'Tested', data: { label, i } }));
}

async function until(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (error: unknown) => error,
  );
}

describe('EsdbEventStore on the wire stand-in', () => {
  let server: StandInServer;
  let store: EsdbEventStore;
  const stores: EsdbEventStore[] = [];

  function open(
    connectionString = server.connectionString(),
    extra: { healthTimeoutMs?: number } = {},
  ): EsdbEventStore {
    const opened = new EsdbEventStore({
      connectionString,
      resubscribe: { initialDelayMs: 20, maxDelayMs: 200 },
      ...extra,
    });
    stores.push(opened);
    return opened;
  }

  beforeEach(async () => {
    server = await StandInServer.start();
    store = open();
  });
  afterEach(async () => {
    await Promise.all(stores.splice(0).map((s) => s.close()));
    await server.stop();
  });

  it('appends through BatchAppend when the server lists it, through Append when it has no ServerFeatures', async () => {
    await store.append('match-1', events(1), options('no_stream'));
    expect(server.calls.serverFeatures).toBe(1);
    expect(server.calls.batchAppend).toBe(1);
    expect(server.calls.append).toBe(0);

    const old = await StandInServer.start({ batchAppend: false });
    try {
      const oldStore = open(old.connectionString());
      await oldStore.append('match-1', events(2), options('no_stream'));
      expect(old.calls.append).toBe(1);
      expect(old.calls.batchAppend).toBe(0);
      expect((await oldStore.readStream('match-1')).map((e) => e.metadata.revision)).toEqual([1, 2]);
    } finally {
      await old.stop();
    }
  });

  it('finds a command by its commandId reading only the events it has not seen, not the whole stream', async () => {
    for (let i = 1; i <= 40; i++) {
      await store.append(
        'match-1',
        events(1),
        options(i === 1 ? 'no_stream' : i - 1, { commandId: `k:c${i}#f` }),
      );
    }
    // The first lookup indexes the stream once; another instance's appends are read when next asked.
    expect((await store.findCommand('match-1', 'k:c7#')).map((e) => e.metadata.revision)).toEqual([7]);
    const other = open();
    for (let i = 41; i <= 45; i++) {
      await other.append('match-1', events(2), options(2 * i - 42, { commandId: `k:c${i}#f` }));
    }
    const before = server.streamEventsRead;
    const found = await store.findCommand('match-1', 'k:c43#');
    expect(found.map((e) => e.metadata.revision)).toEqual([45, 46]);
    // The ten events appended since the last lookup, then the command's own two: not the 50 events.
    expect(server.streamEventsRead - before).toBe(12);
    const again = server.streamEventsRead;
    expect(await store.findCommand('match-1', 'k:c2#')).toHaveLength(1);
    expect(await store.findCommand('match-1', 'k:c99#')).toEqual([]);
    expect(server.streamEventsRead - again).toBe(1);
    // An `any` append looks its commandId up the same way: a repeat is answered, not appended.
    const repeat = await store.append('match-1', events(1), options('any', { commandId: 'k:c44#f' }));
    expect(repeat.duplicate).toBe(true);
    expect(repeat.nextRevision).toBe(48);
  });

  it('gives every event of a batch its own position, the same in stream reads and in $all', async () => {
    const result = await store.append('match-1', events(3), options('no_stream'));
    expect(new Set(result.positions).size).toBe(3);
    // The stand-in's log positions are byte-offset-like, not 1, 2, 3: nothing may assume they are dense.
    expect(result.positions[1]! - result.positions[0]!).toBeGreaterThan(1);
    expect((await store.readStream('match-1')).map((e) => e.position)).toEqual(result.positions);
    expect((await store.readAll({ streamPrefix: 'match-' })).map((e) => e.position)).toEqual(
      result.positions,
    );
  });

  it('leaves system events and events without an umpire envelope out of readAll and subscriptions', async () => {
    server.writeRaw('other-app-1', 'SomethingElse', { x: 1 });
    await store.append('match-1', events(1, 'ours'), options('no_stream'));
    server.writeRaw('$stats-127.0.0.1:2113', '$statsCollected', {});
    await store.append('tournament-1', events(1, 'ours'), options('no_stream'));

    const all = await store.readAll();
    expect(all.map((e) => e.metadata.stream)).toEqual(['match-1', 'tournament-1']);
    expect(await store.readAll({ maxCount: 1 })).toHaveLength(1);

    const seen: RecordedEvent[] = [];
    const subscription = store.subscribe({}, (event) => {
      seen.push(event);
    });
    await subscription.caughtUp;
    expect(seen.map((e) => e.metadata.stream)).toEqual(['match-1', 'tournament-1']);
    await subscription.close();
  });

  it('pages through $all and still starts strictly after the checkpoint', async () => {
    const paged = open(server.connectionString());
    // A page of 500 is the default; a small page makes readAll cross page boundaries.
    const small = new EsdbEventStore({ connectionString: server.connectionString(), readAllPageSize: 2 });
    stores.push(small);
    for (let i = 0; i < 4; i++) await paged.append(`match-${i}`, events(2, `m${i}`), options('no_stream'));
    const all = await paged.readAll({ streamPrefix: 'match-' });
    expect(all).toHaveLength(8);
    expect(await small.readAll({ streamPrefix: 'match-' })).toEqual(all);
    expect(
      await small.readAll({ streamPrefix: 'match-', fromPosition: all[2]!.position, maxCount: 3 }),
    ).toEqual(all.slice(3, 6));
    expect(await small.readAll({ streamPrefix: 'match-', fromPosition: all[7]!.position })).toEqual([]);
  });

  it('maps a conflict found by the server to WrongExpectedRevisionError with the port revision', async () => {
    await store.append('match-1', events(1), options('no_stream'));
    // Both read revision 1 before either appends, so the server, not the adapter, finds the conflict.
    const [a, b] = await Promise.allSettled([
      store.append('match-1', events(1, 'a'), options(1)),
      store.append('match-1', events(1, 'b'), options(1)),
    ]);
    const lost = [a, b].find((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect([a, b].filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(lost!.reason).toBeInstanceOf(WrongExpectedRevisionError);
    expect(lost!.reason).toMatchObject({ stream: 'match-1', expected: 1, actual: 2 });

    const [c, d] = await Promise.allSettled([
      store.append('match-2', events(3, 'c'), options('no_stream')),
      store.append('match-2', events(1, 'd'), options('no_stream')),
    ]);
    const lostNew = [c, d].find((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(lostNew!.reason).toMatchObject({ expected: 'no_stream' });
    expect([1, 3]).toContain((lostNew!.reason as WrongExpectedRevisionError).actual);
  });

  it('retries `any` appends that lose a race, so the hash chain never forks', async () => {
    await store.append('match-1', events(1), options('no_stream'));
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => store.append('match-1', events(2, `any-${i}`), options('any'))),
    );
    expect(results.map((r) => r.nextRevision).sort((x, y) => x - y)).toEqual([3, 5, 7, 9, 11, 13]);
    const chain = await store.readStream('match-1');
    expect(chain).toHaveLength(13);
    expect(verifyChain('match-1', chain)).toMatchObject({ ok: true });
  });

  it('a repeated command that races past the commandId check is caught by the deterministic event ids', async () => {
    const commandId = randomUUID();
    const [first, second] = await Promise.all([
      store.append('match-1', events(2), options('no_stream', { commandId, at: '2026-11-30T10:00:00.000Z' })),
      store.append('match-1', events(2), options('no_stream', { commandId, at: '2026-11-30T10:00:01.000Z' })),
    ]);
    expect(server.idempotentWrites).toBe(1);
    expect([first!.duplicate, second!.duplicate].sort()).toEqual([false, true]);
    expect(second!.positions).toEqual(first!.positions);
    expect(second!.nextRevision).toBe(2);
    expect(await store.readStream('match-1')).toHaveLength(2);
  });

  it('resubscribes after the server drops the subscription, from the last event it handled', async () => {
    await store.append('match-1', events(2, 'before'), options('no_stream'));
    const seen: RecordedEvent[] = [];
    const subscription = store.subscribe({ streamPrefix: 'match-' }, (event) => {
      seen.push(event);
    });
    await subscription.caughtUp;
    expect(seen).toHaveLength(2);

    expect(server.dropSubscriptions()).toBe(1);
    await store.append('match-1', events(2, 'while-dropped'), options(2));
    await until(() => seen.length === 4);
    expect(server.calls.subscribe).toBeGreaterThanOrEqual(2);

    // The node goes away and comes back on the same address with the same log.
    await server.stop();
    await server.restart();
    // The client's channel may still be waiting out its reconnect backoff: an append refused as
    // UNAVAILABLE meanwhile is sent again with the same commandId, as a client would (idempotent).
    const again = options(4);
    for (let tries = 1; ; tries++) {
      try {
        await store.append('match-1', events(1, 'after-restart'), again);
        break;
      } catch (error) {
        if (tries >= 50 || !/UNAVAILABLE/.test(String(error))) throw error;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
    await until(() => seen.length === 5);

    const all = await store.readAll({ streamPrefix: 'match-' });
    expect(seen.map((e) => e.position)).toEqual(all.map((e) => e.position));
    expect(subscription.position).toBe(all[4]!.position);
    await subscription.close();
  });

  it('starts a subscription strictly after its checkpoint and hands events over one at a time', async () => {
    await store.append('match-1', events(4), options('no_stream'));
    const [, second] = await store.readAll({ streamPrefix: 'match-' });
    const order: string[] = [];
    const subscription = store.subscribe(
      { fromPosition: second!.position, streamPrefix: 'match-' },
      async (event) => {
        order.push(`start ${event.metadata.revision}`);
        await new Promise((resolve) => setTimeout(resolve, 5));
        order.push(`end ${event.metadata.revision}`);
      },
    );
    await subscription.caughtUp;
    expect(order).toEqual(['start 3', 'end 3', 'start 4', 'end 4']);
    await subscription.close();
  });

  it('ends the subscription when a handler fails, and says so through caughtUp', async () => {
    await store.append('match-1', events(1), options('no_stream'));
    const subscription = store.subscribe({ streamPrefix: 'match-' }, () => {
      throw new Error('projection broke');
    });
    await expect(subscription.caughtUp).rejects.toThrow('projection broke');
    await subscription.close();
  });

  it('reports health up while the server answers and down when it does not', async () => {
    const probe = open(server.connectionString(), { healthTimeoutMs: 1000 });
    await expect(probe.health()).resolves.toEqual({ store: 'eventstoredb', status: 'up' });
    await server.stop();
    await expect(probe.health()).resolves.toMatchObject({ store: 'eventstoredb', status: 'down' });
    await server.restart();
    let health = await probe.health();
    for (let i = 0; i < 20 && health.status !== 'up'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      health = await probe.health();
    }
    expect(health.status).toBe('up');
  });

  it('reports health down when the server takes longer than the timeout to answer', async () => {
    const probe = open(server.connectionString(), { healthTimeoutMs: 200 });
    server.stallReads = true;
    await expect(probe.health()).resolves.toEqual({
      store: 'eventstoredb',
      status: 'down',
      detail: 'no answer within 200 ms',
    });
    server.stallReads = false;
    await expect(probe.health()).resolves.toMatchObject({ status: 'up' });
  });

  it('finds the leader through gossip for a multi-host connection string', async () => {
    const cluster = open(server.connectionString(3));
    await cluster.append('match-1', events(1), options('no_stream'));
    expect(server.calls.gossip).toBeGreaterThanOrEqual(1);
    expect(await store.readStream('match-1')).toHaveLength(1);
  });

  it('reads an unknown stream as empty from any revision, and refuses stream_exists on it', async () => {
    expect(await store.readStream('match-404', { fromRevision: 5 })).toEqual([]);
    expect(await store.readStream('match-404', { maxCount: 0 })).toEqual([]);
    expect(await rejection(store.append('match-1', events(1), options('stream_exists')))).toBeInstanceOf(
      WrongExpectedRevisionError,
    );
  });
});
