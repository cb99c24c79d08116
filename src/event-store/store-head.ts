import type { EventStore } from './event-store.port.js';

/**
 * The position of the last event in the store, found with one-event reads (a gallop, then a bisection:
 * some forty index lookups for a million events) rather than by reading every event after `atLeast`.
 * Only the lag figures depend on it, so a store that cannot read from an arbitrary position answers
 * with what is known.
 */
export async function lastPosition(store: EventStore, atLeast: number): Promise<number> {
  try {
    const after = async (position: number): Promise<number | undefined> =>
      (await store.readAll({ fromPosition: position, maxCount: 1 }))[0]?.position;
    let last = atLeast;
    let next = await after(last);
    if (next === undefined) return last;
    last = next;
    // Gallop: double the step until a position with nothing after it.
    let step = 1024;
    let beyond: number | undefined;
    while (beyond === undefined) {
      next = await after(last + step);
      if (next === undefined) beyond = last + step;
      else {
        last = next;
        step *= 2;
      }
    }
    // Bisect between an event (last) and a position with nothing after it (beyond).
    while (beyond - last > 1) {
      const middle = Math.floor((last + beyond) / 2);
      next = await after(middle);
      if (next === undefined) beyond = middle;
      else last = next;
    }
    // Positions need not be dense: `last` is an event; make sure nothing follows it.
    for (next = await after(last); next !== undefined; next = await after(last)) last = next;
    return last;
  } catch {
    return atLeast;
  }
}
