import { Logger } from '@nestjs/common';
import type { Database } from 'better-sqlite3';
import type { RecordedEvent } from '../../src/event-store/event-store.port.js';
import { InMemoryEventStore } from '../../src/event-store/memory/in-memory-event-store.js';
import type { Projection, ProjectionWrite } from '../../src/projections/projection.js';
import { ProjectionDatabase } from '../../src/projections/projection-database.js';
import { ProjectionRunner } from '../../src/projections/projection-runner.js';

/** Every event it reads, by position: what a read model that missed or skipped one would lack. */
class Seen implements Projection {
  readonly name = 'seen';
  readonly version = 1;
  constructor(private readonly database: ProjectionDatabase) {}
  setUp(db: Database): void {
    db.exec('CREATE TABLE IF NOT EXISTS seen (position INTEGER PRIMARY KEY, type TEXT NOT NULL)');
  }
  reset(db: Database): void {
    db.exec('DELETE FROM seen');
  }
  project(event: RecordedEvent): ProjectionWrite {
    return () =>
      this.database.db
        .prepare('INSERT INTO seen (position, type) VALUES (?, ?)')
        .run(event.position, event.type);
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

describe('projection runner: a failure does not end a projection', () => {
  beforeAll(() => Logger.overrideLogger(false));
  afterAll(() => Logger.overrideLogger(new Logger()));

  it('a checkpoint that cannot be saved is retried: the event is projected, not skipped, and later ones follow', async () => {
    const store = new InMemoryEventStore();
    for (let n = 1; n <= 3; n++) await append(store, n);
    // Event 2's checkpoint fails three times in a row: the subscription stops each time.
    const database = new FailingCheckpoints(2, 3);
    const seen = new Seen(database);
    const runner = new ProjectionRunner(store, database, [seen]);
    runner.start();
    await eventually(() => runner.status()[0]!.position === 3);
    expect(seen.dump()).toEqual([1, 2, 3]);
    // It is still following the store.
    await append(store, 4);
    expect(await runner.settle(['seen'])).toBe(true);
    expect(seen.dump()).toEqual([1, 2, 3, 4]);
    expect(runner.status()[0]).toMatchObject({ position: 4, errors: 0 });
    await runner.stop();
    database.close();
  });
});
