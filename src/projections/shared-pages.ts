import type { EventStore, RecordedEvent } from '../event-store/event-store.port.js';

/**
 * Pages of the store read once for every read model. The read models start from the same checkpoint
 * and take turns on the projections file a page at a time, so they ask for the same pages one after
 * the other; reading and parsing each page once instead of five times is most of the catch-up cost.
 *
 * Only full pages are kept: a short page is the head of the store, which the next append extends.
 * Read models must not change the events they are handed (they never did: each event goes to each
 * read model in turn).
 */
export class SharedPages {
  private readonly pages = new Map<number, Promise<RecordedEvent[]>>();
  /**
   * The last read at the head, for the read models that ask for the same events in the same turn of
   * the event loop: a doorbell wakes them all at once, and they would otherwise each read and parse
   * the same few events. Kept for that turn only, and only for a read model that saw the same doorbell
   * ring (`generation`): one that heard a later ring reads again.
   */
  private head?: { fromPosition: number; generation: number; page: Promise<RecordedEvent[]> };

  constructor(
    private readonly store: EventStore,
    readonly pageSize: number,
    /**
     * The read models take turns a page each, so they are at most a page or two apart; one further
     * behind (rebuilt, or stopped at an event) reads for itself. Few, so that pages die young.
     */
    private readonly keep = 8,
  ) {}

  /**
   * The events strictly after `fromPosition`, at most a page of them. `generation` is the doorbell's
   * generation the caller noted before asking: a read at the head by another read model in this same
   * turn, under the same generation, is shared.
   */
  read(fromPosition: number, generation?: number): Promise<RecordedEvent[]> {
    const cached = this.pages.get(fromPosition);
    if (cached) return cached;
    const head = this.head;
    if (generation !== undefined && head?.fromPosition === fromPosition && head.generation === generation) {
      return head.page;
    }
    const page = this.store.readAll({ fromPosition, maxCount: this.pageSize });
    if (generation !== undefined) {
      if (!this.head) setImmediate(() => (this.head = undefined));
      this.head = { fromPosition, generation, page };
    }
    this.pages.set(fromPosition, page);
    page.then(
      (events) => {
        if (events.length < this.pageSize) this.forget(fromPosition, page);
      },
      () => this.forget(fromPosition, page),
    );
    if (this.pages.size > this.keep) {
      const oldest = this.pages.keys().next().value;
      if (oldest !== undefined) this.pages.delete(oldest);
    }
    return page;
  }

  clear(): void {
    this.pages.clear();
    this.head = undefined;
  }

  private forget(fromPosition: number, page: Promise<RecordedEvent[]>): void {
    if (this.pages.get(fromPosition) === page) this.pages.delete(fromPosition);
  }
}
