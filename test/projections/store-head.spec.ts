import type { EventStore, ReadAllOptions, RecordedEvent } from '../../src/event-store/event-store.port.js';
import { lastPosition } from '../../src/event-store/store-head.js';

/** A store that knows only readAll, over the given positions (dense or not), counting its reads. */
function storeAt(positions: number[]): EventStore & { reads: number } {
  const store = {
    reads: 0,
    async readAll({ fromPosition = 0, maxCount = Infinity }: ReadAllOptions = {}): Promise<RecordedEvent[]> {
      store.reads += 1;
      return positions
        .filter((p) => p > fromPosition)
        .slice(0, maxCount)
        .map((position) => ({ position }) as RecordedEvent);
    },
  };
  return store as unknown as EventStore & { reads: number };
}

describe('the store head, for the lag figures', () => {
  it('is the last position, from any known position before it, in a few one-event reads', async () => {
    const dense = Array.from({ length: 100_000 }, (_, i) => i + 1);
    for (const from of [0, 1, 99_999, 100_000]) {
      const store = storeAt(dense);
      expect(await lastPosition(store, from)).toBe(100_000);
      expect(store.reads).toBeLessThan(60);
    }
  });

  it('finds it where positions have gaps (EventStoreDB log addresses), and with nothing or one event', async () => {
    expect(await lastPosition(storeAt(Array.from({ length: 5000 }, (_, i) => (i + 1) * 137)), 0)).toBe(
      5000 * 137,
    );
    expect(await lastPosition(storeAt([]), 0)).toBe(0);
    expect(await lastPosition(storeAt([42]), 0)).toBe(42);
  });

  it('answers with what it knew when the store cannot read from an arbitrary position', async () => {
    const store = storeAt([1, 2, 3]);
    store.readAll = () => Promise.reject(new Error('invalid position'));
    expect(await lastPosition(store, 2)).toBe(2);
  });
});
