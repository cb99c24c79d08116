import { InMemoryEventStore } from '../../../src/event-store/memory/in-memory-event-store.js';
import type { EventStore } from '../../../src/event-store/event-store.port.js';
import { ProjectionDatabase } from '../../../src/projections/projection-database.js';
import { ProjectionRunner } from '../../../src/projections/projection-runner.js';
import { ResultsProjection } from '../../../src/projections/results.projection.js';
import { RosterProjection } from '../../../src/projections/roster.projection.js';
import { StandingsProjection } from '../../../src/projections/standings.projection.js';
import { TournamentsProjection } from '../../../src/projections/tournaments.projection.js';
import { TurnLogProjection } from '../../../src/projections/turn-log/turn-log.projection.js';
import { commandPath } from '../../support/command-path.js';

export interface Harness {
  store: EventStore;
  database: ProjectionDatabase;
  runner: ProjectionRunner;
  turnLog: TurnLogProjection;
  roster: RosterProjection;
  results: ResultsProjection;
  tournaments: TournamentsProjection;
  standings: StandingsProjection;
  stop(): Promise<void>;
}

/** The five read models on an event store, as the service runs them, on a projections file of their own. */
export function projectionsOn(store: EventStore = new InMemoryEventStore(), file = ':memory:'): Harness {
  const database = new ProjectionDatabase(file);
  const turnLog = new TurnLogProjection(database);
  const roster = new RosterProjection(database, commandPath(store).loader);
  const results = new ResultsProjection(database);
  const tournaments = new TournamentsProjection(database);
  const standings = new StandingsProjection(database);
  const runner = new ProjectionRunner(store, database, [turnLog, roster, results, tournaments, standings]);
  runner.start();
  return {
    store,
    database,
    runner,
    turnLog,
    roster,
    results,
    tournaments,
    standings,
    async stop() {
      await runner.stop();
      database.close();
    },
  };
}
