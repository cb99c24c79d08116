import { Logger } from '@nestjs/common';
import type { Database } from 'better-sqlite3';
import type { RecordedEvent } from '../../src/event-store/event-store.port.js';
import { InMemoryEventStore } from '../../src/event-store/memory/in-memory-event-store.js';
import type { Projection, ProjectionWrite } from '../../src/projections/projection.js';
import { ProjectionDatabase } from '../../src/projections/projection-database.js';
import { ProjectionRunner } from '../../src/projections/projection-runner.js';
import { ReadModelNotReadyError } from '../../src/projections/read-model-not-ready.error.js';

/** Every event it reads, by position: what a read model that missed or skipped one would lack. */
class Seen implements Projection {
  readonly name = 'seen';
  readonly version = 1;
  /** Positions it cannot read (its code throws), until taken out: a defect, then its fix. */
  readonly unreadable = new Set<number>();
  /** Positions whose second row cannot be written (the first one is, then the write fails). */
  readonly unwritable = new Set<number>();
  /** While set, projecting waits for it: a read model held in the middle of its catch-up. */
  hold?: Promise<void>;
  constructor(private readonly database: ProjectionDatabase) {}
  setUp(db: Database): void {
    db.exec('CREATE TABLE IF NOT EXISTS seen (position INTEGER PRIMARY KEY, type TEXT NOT NULL)');
  }
  reset(db: Database): void {
    db.exec('DELETE FROM seen');
  }
  project(event: RecordedEvent): ProjectionWrite | Promise<ProjectionWrite> {
    if (this.unreadable.has(event.position)) throw new Error(`cannot read ${event.type}`);
    const write = () => {
      const insert = this.database.db.prepare('INSERT INTO seen (position, type) VALUES (?, ?)');
      insert.run(event.position, event.type);
      // The same key again: the event's first row is in, then its write fails.
      if (this.unwritable.has(event.position)) insert.run(event.position, 'again');
    };
    return this.hold ? this.hold.then(() => write) : write;
  }
  dump(): number[] {
    return this.database.db
      .prepare<[], { position: number }>('SELECT position FROM seen ORDER BY position')
      .all()
      .map((row) => row.position);
  }
}

/** A projections file whose checkpoint cannot be written, a few times, at one position (a full disk, a lock). */
class FailingCheckpoints extends ProjectionDatabase {
  saved: number[] = [];
  constructor(
    private failAt: number,
    private failures: number,
  ) {
    super(':memory:');
  }
  override saveCheckpoint(name: string, version: number, position: number): void {
    if (position === this.failAt && this.failures > 0) {
      this.failures -= 1;
      throw new Error('disk I/O error');
    }
    super.saveCheckpoint(name, version, position);
    this.saved.push(position);
  }
}

async function eventually(condition: () => boolean, timeoutMs = 8000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('the condition never held');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const append = (store: InMemoryEventStore, n: number) =>
  store.append('log-1', [{ type: `Step${n}`, data: {} }], {
    expectedRevision: n - 1,
    commandId: `step-${n}`,
    actor: { role: 'system' },
  });

async function appendMany(store: InMemoryEventStore, count: number): Promise<void> {
  const events = Array.from({ length: count }, (_, i) => ({ type: `Step${i + 1}`, data: {} }));
  await store.append('log-1', events, {
    expectedRevision: 'any',
    commandId: 'many',
    actor: { role: 'system' },
  });
}

function started(store: InMemoryEventStore, database = new ProjectionDatabase(':memory:')) {
  const seen = new Seen(database);
  const runner = new ProjectionRunner(store, database, [seen]);
  return {
    seen,
    runner,
    database,
    start: () => runner.start(),
    async stop() {
      await runner.stop();
      database.close();
    },
  };
}

describe('projection runner: a failure stops the read model at the event, never skips it', () => {
  beforeAll(() => Logger.overrideLogger(false));
  afterAll(() => Logger.overrideLogger(new Logger()));

  it('a checkpoint that cannot be saved is retried: the page is projected once, not skipped, and later ones follow', async () => {
    const store = new InMemoryEventStore();
    for (let n = 1; n <= 3; n++) await append(store, n);
    // The page [1, 2, 3] cannot be committed three times in a row: nothing of it is, each time.
    const database = new FailingCheckpoints(3, 3);
    const h = started(store, database);
    h.start();
    await eventually(() => h.runner.status()[0]!.position === 3);
    expect(h.seen.dump()).toEqual([1, 2, 3]);
    expect(database.saved).toEqual([0, 3]); // 0: set up at the start
    // It is still following the store.
    await append(store, 4);
    expect(await h.runner.settle(['seen'])).toBe(true);
    expect(h.seen.dump()).toEqual([1, 2, 3, 4]);
    expect(h.runner.status()[0]).toMatchObject({ state: 'live', position: 4, errors: 0, failure: null });
    await h.stop();
  });

  it('an event its code cannot read stops it there (the events before it committed) and reports the event and the error', async () => {
    const store = new InMemoryEventStore();
    for (let n = 1; n <= 5; n++) await append(store, n);
    const h = started(store);
    h.seen.unreadable.add(3);
    h.start();
    await eventually(() => h.runner.status()[0]!.errors >= 2);
    expect(h.seen.dump()).toEqual([1, 2]);
    expect(h.database.checkpoint('seen')?.position).toBe(2);
    expect(h.runner.status()[0]).toMatchObject({
      state: 'failed',
      position: 2,
      lag: 3,
      failure: { position: 3, stream: 'log-1', type: 'Step3', error: 'cannot read Step3' },
    });
    expect(h.runner.ready()).toBe(false);
    expect(await h.runner.caughtUp(['seen'], 200)).toBe(false);
    // A route it serves answers 503 (with its lag and the event), not what it holds.
    const refused = await h.runner.settle(['seen']).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ReadModelNotReadyError);
    expect((refused as ReadModelNotReadyError).getStatus()).toBe(503);
    expect((refused as ReadModelNotReadyError).message).toContain('seen stopped at Step3 (position 3)');

    // Fixed (a passing fault, or a new version): it reads that very event, then the rest.
    h.seen.unreadable.clear();
    await eventually(() => h.runner.status()[0]!.state === 'live');
    expect(await h.runner.caughtUp(['seen'])).toBe(true);
    expect(h.seen.dump()).toEqual([1, 2, 3, 4, 5]);
    expect(h.runner.status()[0]).toMatchObject({ state: 'live', position: 5, errors: 0, failure: null });
    await h.stop();
  });

  it('an event whose write fails half-way leaves none of its rows; the events before it stay', async () => {
    const store = new InMemoryEventStore();
    for (let n = 1; n <= 4; n++) await append(store, n);
    const h = started(store);
    h.seen.unwritable.add(3);
    h.start();
    await eventually(() => h.runner.status()[0]!.state === 'failed');
    expect(h.seen.dump()).toEqual([1, 2]);
    expect(h.runner.status()[0]).toMatchObject({ position: 2, failure: { position: 3 } });
    expect(h.runner.status()[0]!.failure!.error).toContain('UNIQUE');
    await h.stop();
  });
});

describe('projection runner: pages, yielding, and what a lagging read model answers', () => {
  beforeAll(() => Logger.overrideLogger(false));
  afterAll(() => Logger.overrideLogger(new Logger()));

  it('catches up in pages: one checkpoint (one transaction) per page, and the event loop runs between pages', async () => {
    const store = new InMemoryEventStore();
    await appendMany(store, 5000);
    const database = new FailingCheckpoints(-1, 0);
    const h = started(store, database);
    let turnsWhileCatchingUp = 0;
    const ticker = setInterval(() => {
      if (h.runner.status()[0]!.state === 'catching up') turnsWhileCatchingUp += 1;
    }, 0);
    h.start();
    expect(await h.runner.caughtUp()).toBe(true);
    clearInterval(ticker);
    expect(h.seen.dump()).toHaveLength(5000);
    expect(database.saved).toEqual([0, 500, 1000, 1500, 2000, 2500, 3000, 3500, 4000, 4500, 5000]);
    // Timers ran while it caught up: it never held the event loop for the whole backlog.
    expect(turnsWhileCatchingUp).toBeGreaterThan(0);
    await h.stop();
  });

  it('while it catches up, settle answers 503 at once with its lag and waitFor says no at once; live, both wait for the writes', async () => {
    const store = new InMemoryEventStore();
    for (let n = 1; n <= 3; n++) await append(store, n);
    const h = started(store);
    let release!: () => void;
    h.seen.hold = new Promise((resolve) => (release = resolve));
    h.start();
    await h.runner.measuredStatus();
    const began = Date.now();
    const refused = await h.runner.settle(['seen']).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ReadModelNotReadyError);
    expect((refused as ReadModelNotReadyError).readModels[0]).toMatchObject({
      name: 'seen',
      state: 'catching up',
      position: 0,
      lag: 3,
    });
    expect((refused as ReadModelNotReadyError).retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(await h.runner.waitFor('seen', 3)).toBe(false);
    await expect(h.runner.require('seen', 3)).rejects.toBeInstanceOf(ReadModelNotReadyError);
    expect(Date.now() - began).toBeLessThan(1000);

    release();
    h.seen.hold = undefined;
    expect(await h.runner.caughtUp()).toBe(true);
    expect(h.runner.ready()).toBe(true);
    await append(store, 4);
    expect(await h.runner.settle(['seen'])).toBe(true);
    expect(h.seen.dump()).toEqual([1, 2, 3, 4]);
    const { positions } = await append(store, 5);
    expect(await h.runner.waitFor('seen', positions[0]!)).toBe(true);
    await h.stop();
  });

  it('a rebuild drops the rows and reads everything again, then follows the store', async () => {
    const store = new InMemoryEventStore();
    await appendMany(store, 1200);
    const h = started(store);
    h.start();
    expect(await h.runner.caughtUp()).toBe(true);
    expect(await h.runner.rebuild('seen')).toMatchObject({ state: 'live', position: 1200, failure: null });
    expect(h.seen.dump()).toHaveLength(1200);
    await append(store, 1201);
    expect(await h.runner.settle()).toBe(true);
    expect(h.seen.dump()).toHaveLength(1201);
    await h.stop();
  });
});
