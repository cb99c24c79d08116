import { CommandBus } from '@nestjs/cqrs';
import type { Principal } from '../../src/auth/principal.js';
import { EVENT_STORE, type EventStore } from '../../src/event-store/event-store.port.js';
import { ProjectionRunner } from '../../src/projections/projection-runner.js';
import { TournamentDirectory } from '../../src/tournament/tournament-directory.js';
import { TOURNAMENT_STREAM_PREFIX } from '../../src/tournament/tournament-events.js';
import { type ScheduleMatchRequest, TournamentService } from '../../src/tournament/tournament.service.js';
import { startTestApp, type TestApp } from '../e2e/support/test-app.js';
import { statusOf } from '../../src/api/domain-error.filter.js';

const organiser: Principal = { keyId: 'race-organiser', role: 'organiser' };

/**
 * The event store as one service instance sees it, with a hold on appends to tournament streams: a
 * test opens it when the schedule it stands for should go on. Everything else passes straight through.
 */
function gated(store: EventStore): { store: EventStore; hold(): () => void; appending: Promise<void> } {
  let gate: Promise<void> | undefined;
  let reached!: () => void;
  const appending = new Promise<void>((resolve) => (reached = resolve));
  const wrapped = Object.create(store) as EventStore;
  wrapped.append = async (stream, events, options) => {
    if (gate && stream.startsWith(TOURNAMENT_STREAM_PREFIX)) {
      reached();
      await gate;
    }
    return store.append(stream, events, options);
  };
  return {
    store: wrapped,
    appending,
    hold() {
      let open!: () => void;
      gate = new Promise((resolve) => (open = resolve));
      return () => {
        gate = undefined;
        open();
      };
    },
  };
}

const request = (matchId: string, commandId: string, table: number): ScheduleMatchRequest => ({
  commandId,
  matchId,
  round: 1,
  table,
  rulesetId: 'hand-to-hand',
  match: { sides: { A: 'Zulus', B: 'British' }, diceMode: 'table' },
});

/**
 * Two schedules racing for one table. Within one instance they take turns, so the loser is
 * refused before it creates anything; between two instances (one store, no shared memory) the loser
 * may have created its match already, and then its 409 names that match and how to schedule it.
 */
describe('tournament: schedules racing for a table', () => {
  let t: TestApp;
  let service: (store: EventStore) => TournamentService;
  let store: EventStore;
  beforeAll(async () => {
    t = await startTestApp();
    store = t.app.get<EventStore>(EVENT_STORE);
    const commands = t.app.get(CommandBus);
    const runner = t.app.get(ProjectionRunner);
    const directory = t.app.get(TournamentDirectory);
    service = (s) => new TournamentService(s, commands, runner, directory);
  });
  afterAll(async () => t.close());

  const exists = async (matchId: string) => (await store.readStream(`match-${matchId}`)).length > 0;

  it('in one instance the loser is refused before creating its match: no orphan', async () => {
    const { store: slow, hold, appending } = gated(store);
    const one = service(slow);
    await one.create(organiser, { commandId: 'cup-1', tournamentId: 'cup-1', name: 'Cup 1' });
    const release = hold();
    const first = one.schedule(organiser, 'cup-1', request('first', 'first', 1));
    await appending; // the first has created its match and waits to record the schedule
    const second = one.schedule(organiser, 'cup-1', request('second', 'second', 1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    await expect(first).resolves.toMatchObject({ matchId: 'first', table: 1 });
    expect(statusOf(await second.catch((error: unknown) => error))).toBe(409);
    expect(await exists('first')).toBe(true);
    expect(await exists('second')).toBe(false);
  });

  it('between two instances the loser’s 409 names the match it created; the same commandId at a free table schedules it', async () => {
    const { store: slow, hold, appending } = gated(store);
    const here = service(store);
    const there = service(slow);
    await here.create(organiser, { commandId: 'cup-2', tournamentId: 'cup-2', name: 'Cup 2' });
    const release = hold();
    const lost = there.schedule(organiser, 'cup-2', request('late', 'late', 1));
    await appending; // "there" has created match "late" and is about to record it at table 1
    await expect(here.schedule(organiser, 'cup-2', request('early', 'early', 1))).resolves.toMatchObject({
      matchId: 'early',
    });
    release();
    const refused = await lost.then(
      () => undefined,
      (error: { message?: string }) => error,
    );
    expect(statusOf(refused)).toBe(409);
    expect(refused?.message).toContain('table 1 of round 1 already has match early');
    expect(refused?.message).toContain('match late');
    expect(await exists('late')).toBe(true);
    // Sent again with the same commandId at a free table, the match it created is scheduled.
    const adopted = await here.schedule(organiser, 'cup-2', request('late', 'late', 2));
    expect(adopted).toMatchObject({
      matchId: 'late',
      table: 2,
      duplicate: false,
      match: { duplicate: true },
    });
    const scheduled = (await here.read('cup-2')).filter((e) => e.type === 'MatchScheduled');
    expect(scheduled.map((e) => (e.data as { matchId: string }).matchId)).toEqual(['early', 'late']);
  });
});
