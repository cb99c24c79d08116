import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { InMemoryEventStore } from '../../src/event-store/memory/in-memory-event-store.js';
import { MatchesProjection } from '../../src/projections/matches.projection.js';
import { ProjectionDatabase } from '../../src/projections/projection-database.js';
import { ProjectionRunner } from '../../src/projections/projection-runner.js';
import { createTournament, schedule, Table } from './support/table.js';

/** The matches read model alone, on a projections file, as the service runs it. */
function matchesOn(store: InMemoryEventStore, file: string) {
  const database = new ProjectionDatabase(file);
  const matches = new MatchesProjection(database);
  const runner = new ProjectionRunner(store, database, [matches]);
  runner.start();
  return {
    matches,
    runner,
    standalone: () => matches.list({ standalone: true, afterMatchId: '', limit: 100 }).map((m) => m.matchId),
    async stop() {
      await runner.stop();
      database.close();
    },
  };
}

describe('the match list: the matches outside every tournament', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'umpire-match-list-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('given a match scheduled before it was created, one scheduled after, and one no tournament schedules, when listed standalone, then only the last', async () => {
    const store = new InMemoryEventStore();
    await createTournament(store, 'cup');
    await schedule(store, 'cup', 'early', 1, 1);
    await Table.create(store, 'early', 'hand-to-hand', { A: 'Alice', B: 'Bob' });
    await Table.create(store, 'late', 'hand-to-hand', { A: 'Carol', B: 'Dan' });
    await Table.create(store, 'friendly', 'hand-to-hand', { A: 'Zulus', B: 'British' });
    const live = matchesOn(store, join(dir, 'live.db'));
    expect(await live.runner.caughtUp()).toBe(true);
    expect(live.standalone()).toEqual(['friendly', 'late']);
    await schedule(store, 'cup', 'late', 1, 2);
    expect(await live.runner.caughtUp()).toBe(true);
    expect(live.standalone()).toEqual(['friendly']);
    await live.stop();
  });

  it('given a projections file of the version before the flag, when the service starts, then the list is rebuilt with it', async () => {
    const store = new InMemoryEventStore();
    await createTournament(store, 'cup');
    await Table.create(store, 'cup-1', 'hand-to-hand', { A: 'Alice', B: 'Bob' });
    await schedule(store, 'cup', 'cup-1', 1, 1);
    await Table.create(store, 'friendly', 'hand-to-hand', { A: 'Zulus', B: 'British' });
    const file = join(dir, 'old.db');
    // The table as version 1 made it, and its checkpoint, as if the read model had followed the store.
    const old = new Database(file);
    old.exec(`
      CREATE TABLE match_list (match_id TEXT PRIMARY KEY, ruleset_id TEXT NOT NULL, ruleset_version TEXT NOT NULL,
        side_a TEXT NOT NULL, side_b TEXT NOT NULL, status TEXT NOT NULL, winner TEXT, note TEXT,
        ended_revision INTEGER, revision INTEGER NOT NULL, created_at TEXT NOT NULL, updated_at TEXT NOT NULL);
      CREATE TABLE projection_checkpoints (name TEXT PRIMARY KEY, version INTEGER NOT NULL, position INTEGER NOT NULL);
      INSERT INTO projection_checkpoints VALUES ('matches', 1, 999);
    `);
    old.close();
    const upgraded = matchesOn(store, file);
    expect(await upgraded.runner.caughtUp()).toBe(true);
    expect(upgraded.standalone()).toEqual(['friendly']);
    expect(upgraded.matches.list({ afterMatchId: '', limit: 100 }).map((m) => m.matchId)).toEqual([
      'cup-1',
      'friendly',
    ]);
    await upgraded.stop();
  });
});
