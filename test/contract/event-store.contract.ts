import { randomUUID } from 'node:crypto';
import type {
  AppendOptions,
  EventStore,
  NewEvent,
  RecordedEvent,
} from '../../src/event-store/event-store.port.js';
import { verifyChain } from '../../src/event-store/hash-chain.js';
import { WrongExpectedRevisionError } from '../../src/event-store/wrong-expected-revision.error.js';

export interface ContractHarness {
  store: EventStore;
  /** Closes the store and removes whatever the factory created. */
  dispose(): Promise<void>;
}

const actor = { role: 'player', side: 'A', keyId: 'k1' } as const;

function options(
  expectedRevision: AppendOptions['expectedRevision'],
  commandId: string = randomUUID(),
): AppendOptions {
  return { expectedRevision, commandId, actor, at: '2026-11-30T10:00:00.000Z' };
}

function events(n: number, label = 'e'): NewEvent[] {
  return Array.from({ length: n }, (_, i) => ({
    type: 'Tested',
    data: { label, i, nested: { ü: 'ß', list: [1, null] } },
  }));
}

async function until(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/**
 * The event-store contract: every adapter runs this same suite. `name` goes into each title so a
 * failure says which adapter broke the contract. Streams get unique names so adapters that cannot be
 * wiped between tests (a shared EventStoreDB) still pass.
 */
export function eventStoreContract(name: string, open: () => Promise<ContractHarness>, skip = false): void {
  const describeOrSkip = skip ? describe.skip : describe;

  describeOrSkip(`event store contract: ${name}`, () => {
    let harness: ContractHarness;
    let store: EventStore;
    let stream: string;
    // A per-test prefix keeps readAll assertions to this test's own events on a shared server.
    let prefix: string;

    beforeEach(async () => {
      harness = await open();
      store = harness.store;
      prefix = `t${randomUUID().slice(0, 8)}-`;
      stream = `${prefix}match-1`;
    });
    afterEach(async () => harness.dispose());

    describe('revisions', () => {
      it('numbers a new stream from 1 and reports the next revision and one position per event', async () => {
        const first = await store.append(stream, events(3), options('no_stream'));
        expect(first.nextRevision).toBe(3);
        expect(first.duplicate).toBe(false);
        expect(first.positions).toHaveLength(3);
        expect([...first.positions].sort((a, b) => a - b)).toEqual(first.positions);

        const second = await store.append(stream, events(2), options(3));
        expect(second.nextRevision).toBe(5);
        expect(Math.min(...second.positions)).toBeGreaterThan(Math.max(...first.positions));

        const read = await store.readStream(stream);
        expect(read.map((e) => e.metadata.revision)).toEqual([1, 2, 3, 4, 5]);
        expect(read.map((e) => e.position)).toEqual([...first.positions, ...second.positions]);
      });

      it('keeps the envelope: type, data, stream, revision, commandId, actor, time, ruleset', async () => {
        const ruleset = { id: 'hand-to-hand', version: '1.0.0', hash: 'a'.repeat(64) };
        await store.append(stream, events(1), { ...options('any', 'cmd-1'), ruleset });
        const [event] = await store.readStream(stream);
        expect(event).toMatchObject({
          type: 'Tested',
          data: { label: 'e', i: 0, nested: { ü: 'ß', list: [1, null] } },
          metadata: {
            stream,
            revision: 1,
            commandId: 'cmd-1',
            actor,
            at: '2026-11-30T10:00:00.000Z',
            ruleset,
          },
        });
        expect(event!.metadata.hash).toMatch(/^[0-9a-f]{64}$/);
        expect(event!.metadata.prevHash).toBe('0'.repeat(64));
      });

      it('reads a stream from a revision, with a maximum count, and an unknown stream as empty', async () => {
        await store.append(stream, events(5), options('no_stream'));
        const middle = await store.readStream(stream, { fromRevision: 2, maxCount: 2 });
        expect(middle.map((e) => e.metadata.revision)).toEqual([2, 3]);
        expect(await store.readStream(`${prefix}nothing-here`)).toEqual([]);
      });
    });

    describe('expected revision', () => {
      async function conflict(promise: Promise<unknown>): Promise<WrongExpectedRevisionError> {
        const error = await promise.then(
          () => undefined,
          (e: unknown) => e,
        );
        expect(error).toBeInstanceOf(WrongExpectedRevisionError);
        return error as WrongExpectedRevisionError;
      }

      it('no_stream: accepted on a new stream, refused once it exists', async () => {
        await store.append(stream, events(1), options('no_stream'));
        const error = await conflict(store.append(stream, events(1), options('no_stream')));
        expect(error.expected).toBe('no_stream');
        expect(error.actual).toBe(1);
      });

      it('stream_exists: refused on a new stream, accepted once it exists', async () => {
        const error = await conflict(store.append(stream, events(1), options('stream_exists')));
        expect(error.actual).toBe(0);
        await store.append(stream, events(1), options('no_stream'));
        await expect(store.append(stream, events(1), options('stream_exists'))).resolves.toMatchObject({
          nextRevision: 2,
        });
      });

      it('a revision: accepted only when the stream stands exactly there', async () => {
        await store.append(stream, events(2), options('no_stream'));
        const behind = await conflict(store.append(stream, events(1), options(1)));
        expect(behind).toMatchObject({ expected: 1, actual: 2 });
        await conflict(store.append(stream, events(1), options(3)));
        await expect(store.append(stream, events(1), options(2))).resolves.toMatchObject({ nextRevision: 3 });
      });

      it('any: accepted whatever the stream holds', async () => {
        await expect(store.append(stream, events(1), options('any'))).resolves.toMatchObject({
          nextRevision: 1,
        });
        await expect(store.append(stream, events(1), options('any'))).resolves.toMatchObject({
          nextRevision: 2,
        });
      });

      it('of N concurrent appends at one expected revision exactly one wins, the rest get the conflict', async () => {
        await store.append(stream, events(1), options('no_stream'));
        const attempts = await Promise.allSettled(
          Array.from({ length: 8 }, (_, i) => store.append(stream, events(1, `racer-${i}`), options(1))),
        );
        const won = attempts.filter((a) => a.status === 'fulfilled');
        const lost = attempts.filter((a): a is PromiseRejectedResult => a.status === 'rejected');
        expect(won).toHaveLength(1);
        expect(lost).toHaveLength(7);
        for (const loss of lost) expect(loss.reason).toBeInstanceOf(WrongExpectedRevisionError);
        expect(await store.readStream(stream)).toHaveLength(2);
      });

      it('appends made together each keep their own check: the stale one fails alone, the rest land', async () => {
        await store.append(stream, events(1), options('no_stream', 'cmd'));
        const other = `${prefix}match-group`;
        const [first, stale, elsewhere] = await Promise.allSettled([
          store.append(stream, events(1, 'first'), options(1, 'first')),
          store.append(stream, events(1, 'stale'), options(1, 'stale')),
          store.append(other, events(2, 'elsewhere'), options('no_stream', 'elsewhere')),
        ]);
        expect(first.status).toBe('fulfilled');
        expect(stale).toMatchObject({ status: 'rejected', reason: expect.any(WrongExpectedRevisionError) });
        expect(elsewhere.status).toBe('fulfilled');
        const recorded = await store.readStream(stream);
        expect(recorded.map((e) => e.metadata.commandId)).toEqual(['cmd', 'first']);
        expect(verifyChain(stream, recorded).ok).toBe(true);
        expect(await store.readStream(other)).toHaveLength(2);
      });

      it('answers an append with the events as recorded, envelope and positions', async () => {
        const result = await store.append(stream, events(2), options('no_stream', 'recorded'));
        expect(result.events).toEqual(await store.readStream(stream));
        expect(result.events.map((e) => e.position)).toEqual(result.positions);
      });

      it('appends nothing when refused', async () => {
        await store.append(stream, events(1), options('no_stream'));
        await conflict(store.append(stream, events(3), options(0)));
        expect(await store.readStream(stream)).toHaveLength(1);
      });
    });

    describe('idempotency by commandId', () => {
      it('a batch whose commandId is already in the stream is not appended again; the first result returns', async () => {
        const first = await store.append(stream, events(2), options('no_stream', 'same-command'));
        // Even at a now-stale expected revision: a retried request must get its original answer.
        const again = await store.append(stream, events(2), options('no_stream', 'same-command'));
        expect(again).toEqual({ ...first, duplicate: true });
        expect(await store.readStream(stream)).toHaveLength(2);
      });

      it('the same commandId in another stream is another command', async () => {
        await store.append(stream, events(1), options('no_stream', 'shared-id'));
        const other = await store.append(`${prefix}match-2`, events(1), options('no_stream', 'shared-id'));
        expect(other.duplicate).toBe(false);
      });

      it('findCommand: the events of the first command whose commandId starts with the prefix, and only those', async () => {
        await store.append(stream, events(2, 'a'), options('no_stream', 'alice:c1#f1'));
        await store.append(stream, events(1, 'b'), options(2, 'alice:c2#f2'));
        await store.append(stream, events(3, 'c'), options(3, 'alice:c1#f9'));
        await store.append(stream, events(1, 'd'), options(6, 'bob:c1#f1'));
        const labels = async (prefix: string) =>
          (await store.findCommand(stream, prefix)).map((e) => [
            e.metadata.revision,
            e.metadata.commandId,
            (e.data as { label: string }).label,
          ]);
        // The sent part of a commandId (up to '#') finds the first command sent with it, whatever its fingerprint.
        expect(await labels('alice:c1#')).toEqual([
          [1, 'alice:c1#f1', 'a'],
          [2, 'alice:c1#f1', 'a'],
        ]);
        expect(await labels('alice:c2#')).toEqual([[3, 'alice:c2#f2', 'b']]);
        expect(await labels('bob:')).toEqual([[7, 'bob:c1#f1', 'd']]);
        expect(await labels('alice:c3#')).toEqual([]);
        expect(await store.findCommand(`${prefix}nothing-here`, 'alice:')).toEqual([]);
        // A command appended after a lookup is found by the next one.
        await store.append(stream, events(1, 'e'), options(7, 'alice:c3#f3'));
        expect(await labels('alice:c3#')).toEqual([[8, 'alice:c3#f3', 'e']]);
      });
    });

    describe('readAll', () => {
      it('returns every stream’s events in global order, after a checkpoint, up to a count', async () => {
        const a = `${prefix}match-a`;
        const b = `${prefix}match-b`;
        await store.append(a, events(2, 'a1'), options('no_stream'));
        await store.append(b, events(1, 'b1'), options('no_stream'));
        await store.append(a, events(1, 'a2'), options(2));

        const all = await store.readAll({ streamPrefix: prefix });
        expect(all.map((e) => `${e.metadata.stream.slice(prefix.length)}@${e.metadata.revision}`)).toEqual([
          'match-a@1',
          'match-a@2',
          'match-b@1',
          'match-a@3',
        ]);
        const positions = all.map((e) => e.position);
        expect([...positions].sort((x, y) => x - y)).toEqual(positions);
        expect(new Set(positions).size).toBe(positions.length);

        const after = await store.readAll({ streamPrefix: prefix, fromPosition: positions[1], maxCount: 1 });
        expect(after.map((e) => e.position)).toEqual([positions[2]]);
      });
    });

    describe('subscribe', () => {
      it('catches up from a checkpoint, then follows live appends in order with no gap and no duplicate', async () => {
        await store.append(stream, events(3, 'before'), options('no_stream'));
        const [firstEvent] = await store.readAll({ streamPrefix: prefix, maxCount: 1 });

        const seen: RecordedEvent[] = [];
        const subscription = store.subscribe(
          { fromPosition: firstEvent!.position, streamPrefix: prefix },
          (event) => {
            seen.push(event);
          },
        );
        await subscription.caughtUp;
        expect(seen.map((e) => e.metadata.revision)).toEqual([2, 3]);

        // Live appends from several writers at once, interleaved with the subscription's reads.
        const other = `${prefix}match-2`;
        for (let round = 0; round < 10; round++) {
          await Promise.all([
            store.append(stream, events(2, `live-${round}`), options('any')),
            store.append(other, events(1, `other-${round}`), options('any')),
          ]);
        }
        await until(() => seen.length === 2 + 30);
        await subscription.close();

        const expected = (await store.readAll({ streamPrefix: prefix })).slice(1);
        expect(seen.map((e) => e.position)).toEqual(expected.map((e) => e.position));
        expect(subscription.position).toBe(expected[expected.length - 1]!.position);
      });

      it('delivers nothing after close', async () => {
        const seen: RecordedEvent[] = [];
        const subscription = store.subscribe({ streamPrefix: prefix }, (event) => {
          seen.push(event);
        });
        await subscription.caughtUp;
        await subscription.close();
        await store.append(stream, events(1), options('any'));
        await new Promise((resolve) => setTimeout(resolve, 50));
        expect(seen).toEqual([]);
      });
    });

    describe('hash chain', () => {
      async function storedChain(): Promise<RecordedEvent[]> {
        await store.append(stream, events(2, 'one'), options('no_stream'));
        await store.append(stream, events(3, 'two'), options(2));
        return store.readStream(stream);
      }

      it('links each event to the one before it, and verifies whole', async () => {
        const chain = await storedChain();
        for (let i = 1; i < chain.length; i++)
          expect(chain[i]!.metadata.prevHash).toBe(chain[i - 1]!.metadata.hash);
        expect(verifyChain(stream, chain)).toEqual({
          ok: true,
          head: { revision: 5, hash: chain[4]!.metadata.hash },
        });
      });

      it('names the first broken link when an event is edited', async () => {
        const chain = structuredClone(await storedChain());
        (chain[2]!.data as { label: string }).label = 'forged';
        expect(verifyChain(stream, chain)).toMatchObject({ ok: false, revision: 3 });
      });

      it('names the first broken link when an event is removed', async () => {
        const chain = await storedChain();
        expect(verifyChain(stream, [...chain.slice(0, 3), ...chain.slice(4)])).toMatchObject({
          ok: false,
          revision: 4,
        });
      });

      it('names the first broken link when two events are swapped', async () => {
        const chain = await storedChain();
        const swapped = [chain[0]!, chain[2]!, chain[1]!, chain[3]!, chain[4]!];
        expect(verifyChain(stream, swapped)).toMatchObject({ ok: false, revision: 2 });
      });
    });
  });
}
