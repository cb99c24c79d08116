import type { EventStore, RecordedEvent } from '../event-store/event-store.port.js';

/** How many events a long read takes from the store at a time. */
const STORE_PAGE = 200;

/**
 * A stream read in pages (readStream with fromRevision and maxCount) up to revision `upTo`, events
 * in the order a whole read gives them, each once. The next page starts right after as many
 * revisions as this page held, which is never past its last (revisions in a page are distinct and
 * at least `from`), so nothing is skipped even where rows were deleted from under the store; what a
 * page gives again of the page before is recognised by its global position and left out.
 */
export async function* storePages(
  store: EventStore,
  stream: string,
  upTo: number,
  pageSize = STORE_PAGE,
): AsyncGenerator<RecordedEvent[]> {
  let from = 1;
  let before = new Set<number>();
  while (from <= upTo) {
    const page = await store.readStream(stream, {
      fromRevision: from,
      maxCount: Math.min(pageSize, upTo - from + 1),
    });
    if (page.length === 0) return;
    from += page.length;
    const fresh = page.filter((event) => !before.has(event.position) && event.metadata.revision <= upTo);
    before = new Set(page.map((event) => event.position));
    if (fresh.length > 0) yield fresh;
  }
}
