import type { EventStore, ReadAllOptions, RecordedEvent } from '../../src/event-store/event-store.port.js';
import { SharedPages } from '../../src/projections/shared-pages.js';

/** A store that knows only readAll, over positions 1..`head` (growing as the test appends), counting reads. */
function storeOf(head: number): EventStore & { reads: number; head: number } {
  const store = {
    reads: 0,
    head,
    async readAll({ fromPosition = 0, maxCount = Infinity }: ReadAllOptions = {}): Promise<RecordedEvent[]> {
      store.reads += 1;
      const events: RecordedEvent[] = [];
      for (let p = fromPosition + 1; p <= store.head && events.length < maxCount; p++) {
        events.push({ position: p } as RecordedEvent);
      }
      return events;
    },
  };
  return store as unknown as EventStore & { reads: number; head: number };
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
const positions = (events: RecordedEvent[]) => events.map((e) => e.position);

describe('pages shared by the read models', () => {
  it('a read at the head is shared by the read models woken by the same doorbell, in the same turn', async () => {
    const store = storeOf(3);
    const pages = new SharedPages(store, 500);
    const [first, second, third] = await Promise.all([pages.read(0, 7), pages.read(0, 7), pages.read(0, 7)]);
    expect(store.reads).toBe(1);
    expect([positions(first), positions(second), positions(third)]).toEqual([
      [1, 2, 3],
      [1, 2, 3],
      [1, 2, 3],
    ]);
  });

  it('a read model that heard a later doorbell, or asks in a later turn, reads the store again', async () => {
    const store = storeOf(3);
    const pages = new SharedPages(store, 500);
    await pages.read(0, 7);
    store.head = 5; // appended meanwhile
    expect(positions(await pages.read(0, 8))).toEqual([1, 2, 3, 4, 5]);
    expect(store.reads).toBe(2);
    await nextTurn();
    store.head = 6; // appended by another process: no doorbell, found by the next poll
    expect(positions(await pages.read(0, 8))).toEqual([1, 2, 3, 4, 5, 6]);
    expect(store.reads).toBe(3);
  });

  it('a read without a doorbell generation (a read model on its own) is never served a short page', async () => {
    const store = storeOf(2);
    const pages = new SharedPages(store, 500);
    await pages.read(0);
    store.head = 4;
    expect(positions(await pages.read(0))).toEqual([1, 2, 3, 4]);
    expect(store.reads).toBe(2);
  });

  it('full pages are kept for the read models behind, whatever the doorbell', async () => {
    const store = storeOf(25);
    const pages = new SharedPages(store, 10);
    await pages.read(0, 1);
    await nextTurn();
    expect(positions(await pages.read(0, 2))).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(store.reads).toBe(1);
  });
});
