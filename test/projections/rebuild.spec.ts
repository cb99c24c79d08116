import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InMemoryEventStore } from '../../src/event-store/memory/in-memory-event-store.js';
import { projectionsOn, type Harness } from './support/harness.js';
import { everyAtomicAfricaStep, everyHandToHandStep, everyMatchLevelStep } from './support/scenarios.js';
import { createTournament, schedule, Table } from './support/table.js';

/** A tournament of three matches: one won by A, one drawn, one still in play, plus two full matches. */
async function tournamentPlayed(store: InMemoryEventStore): Promise<void> {
  await createTournament(store, 'spring', { win: 3, draw: 1, loss: 0 });
  const hh = await everyHandToHandStep(store, 'm1');
  await schedule(store, 'spring', 'm1', 1, 1, { A: 'Alice', B: 'Bob' });
  await everyMatchLevelStep(hh);
  const m2 = await Table.create(store, 'm2', 'hand-to-hand', { A: 'Carol', B: 'Dan' });
  await schedule(store, 'spring', 'm2', 1, 2);
  await m2.record({ type: 'MatchEnded', data: { result: { winner: null, note: 'time' }, serverSeed: null } });
  const m3 = await Table.create(store, 'm3', 'hand-to-hand', { A: 'Alice', B: 'Carol' });
  await schedule(store, 'spring', 'm3', 2, 1);
  await m3.play({ type: 'RegisterUnit', unitId: 'u', name: 'U', side: 'A', morale: 7, move: 6 });
  await m3.as('A', { type: 'EndTurn' });
  await everyAtomicAfricaStep(store, 'aa');
}

function dumps(h: Harness): Record<string, unknown> {
  return Object.fromEntries(h.runner.names().map((name) => [name, h.runner.projection(name).dump()]));
}

describe('projections: dropped and rebuilt, they give the same answer', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'umpire-projections-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('each projection, dropped and rebuilt from the first event, holds the same rows as when built live', async () => {
    const store = new InMemoryEventStore();
    const h = projectionsOn(store);
    // Live: the projections follow the store while the matches are played.
    await tournamentPlayed(store);
    expect(await h.runner.caughtUp()).toBe(true);
    const live = dumps(h);
    expect((live['turn-log'] as { entries: unknown[] }).entries.length).toBeGreaterThan(100);
    for (const name of h.runner.names()) {
      const status = await h.runner.rebuild(name);
      expect(status).toMatchObject({ name, errors: 0 });
      expect(h.runner.projection(name).dump()).toEqual(live[name]);
    }
    expect(h.runner.status().every((s) => s.errors === 0)).toBe(true);
    await h.stop();
  });

  it('built one event per page (each page ends after one event) or all in one page, the rows are the same', async () => {
    const played = new InMemoryEventStore();
    await tournamentPlayed(played);
    const events = await played.readAll();
    // The same events appended one at a time, each read and committed before the next is appended.
    const store = new InMemoryEventStore();
    const stepwise = projectionsOn(store);
    for (const event of events) {
      await store.append(event.metadata.stream, [{ type: event.type, data: event.data }], {
        expectedRevision: event.metadata.revision - 1,
        commandId: `${event.metadata.commandId}#${event.metadata.revision}`,
        actor: event.metadata.actor,
        ruleset: event.metadata.ruleset,
        at: event.metadata.at,
      });
      expect(await stepwise.runner.caughtUp()).toBe(true);
    }
    const whole = projectionsOn(store);
    expect(await whole.runner.caughtUp()).toBe(true);
    expect(dumps(whole)).toEqual(dumps(stepwise));
    await stepwise.stop();
    await whole.stop();
  });

  it('a projections file deleted and built again from nothing matches the one built live', async () => {
    const store = new InMemoryEventStore();
    const live = projectionsOn(store, join(dir, 'live.db'));
    await tournamentPlayed(store);
    await live.runner.caughtUp();
    const fresh = projectionsOn(store, join(dir, 'fresh.db'));
    await fresh.runner.caughtUp();
    expect(dumps(fresh)).toEqual(dumps(live));
    await live.stop();
    await fresh.stop();
  });

  it('a restart resumes each projection from its checkpoint: nothing read twice, nothing missed', async () => {
    const store = new InMemoryEventStore();
    const file = join(dir, 'projections.db');
    const first = projectionsOn(store, file);
    await createTournament(store, 'spring');
    const m1 = await everyHandToHandStep(store, 'm1');
    await schedule(store, 'spring', 'm1', 1, 1);
    await first.runner.caughtUp();
    const before = first.runner.status();
    await first.stop();

    // Played while the service was down.
    await everyMatchLevelStep(m1);
    await everyAtomicAfricaStep(store, 'aa');

    const second = projectionsOn(store, file);
    // It starts where it stopped, not from the first event.
    expect(second.runner.status().map((s) => s.position)).toEqual(before.map((s) => s.position));
    await second.runner.caughtUp();
    const reference = projectionsOn(store);
    await reference.runner.caughtUp();
    expect(dumps(second)).toEqual(dumps(reference));
    await second.stop();
    await reference.stop();
  });
});

describe('projections: what they answer', () => {
  let h: Harness;
  let store: InMemoryEventStore;
  beforeEach(() => {
    store = new InMemoryEventStore();
    h = projectionsOn(store);
  });
  afterEach(async () => h.stop());

  it('standings: win 3, draw 1, loss 0 by default; ranked by points, then wins, then name', async () => {
    await tournamentPlayed(store);
    await h.runner.caughtUp();
    expect(h.standings.standings('spring')).toEqual([
      { rank: 1, competitor: 'Alice', played: 1, won: 1, drawn: 0, lost: 0, points: 3 },
      { rank: 2, competitor: 'Carol', played: 1, won: 0, drawn: 1, lost: 0, points: 1 },
      { rank: 3, competitor: 'Dan', played: 1, won: 0, drawn: 1, lost: 0, points: 1 },
      { rank: 4, competitor: 'Bob', played: 1, won: 0, drawn: 0, lost: 1, points: 0 },
    ]);
  });

  it('standings follow the tournament’s own scoring', async () => {
    await createTournament(store, 'cup', { win: 2, draw: 1, loss: -1 });
    const m = await Table.create(store, 'cup-1', 'hand-to-hand', { A: 'Eve', B: 'Finn' });
    await schedule(store, 'cup', 'cup-1', 1, 1);
    await m.record({ type: 'MatchEnded', data: { result: { winner: 'B', note: '' }, serverSeed: null } });
    await h.runner.caughtUp();
    expect(h.standings.standings('cup').map((s) => [s.competitor, s.points])).toEqual([
      ['Finn', 2],
      ['Eve', -1],
    ]);
  });

  it('a match scheduled in a second tournament (as an old defect recorded it) stays the first one’s', async () => {
    await createTournament(store, 'spring');
    await createTournament(store, 'autumn');
    const m = await Table.create(store, 'twice', 'hand-to-hand', { A: 'Eve', B: 'Finn' });
    await schedule(store, 'spring', 'twice', 1, 1);
    await schedule(store, 'autumn', 'twice', 1, 1, { A: 'Gus', B: 'Hal' });
    await m.record({ type: 'MatchEnded', data: { result: { winner: 'A', note: '' }, serverSeed: null } });
    await h.runner.caughtUp();
    expect(h.tournaments.scheduleOf('twice')).toMatchObject({ tournamentId: 'spring' });
    expect(h.standings.standings('spring').map((s) => [s.competitor, s.points])).toEqual([
      ['Eve', 3],
      ['Finn', 0],
    ]);
    expect(h.standings.standings('autumn')).toEqual([]);
  });

  it('results: scheduled until play begins, in play, then ended with the winner', async () => {
    await tournamentPlayed(store);
    await h.runner.caughtUp();
    expect(h.results.result('m1')).toMatchObject({
      status: 'ended',
      result: { winner: 'A', winnerName: 'Zulus', note: 'the square broke' },
    });
    expect(h.results.result('m2')).toMatchObject({
      status: 'ended',
      result: { winner: null, winnerName: null },
    });
    expect(h.results.result('m3')).toMatchObject({ status: 'in play', result: null });
    const m4 = await Table.create(store, 'm4', 'hand-to-hand', { A: 'G', B: 'H' });
    await m4.play({ type: 'RegisterUnit', unitId: 'u', name: 'U', side: 'A', morale: 7, move: 6 });
    await h.runner.caughtUp();
    expect(h.results.result('m4')).toMatchObject({ status: 'scheduled' });
  });

  it('the schedule lists a tournament’s matches by round and table, a page at a time', async () => {
    await tournamentPlayed(store);
    await h.runner.caughtUp();
    const first = h.tournaments.page('spring', undefined, 2);
    expect(first.map((m) => [m.round, m.table, m.matchId])).toEqual([
      [1, 1, 'm1'],
      [1, 2, 'm2'],
    ]);
    const last = first[first.length - 1]!;
    const next = h.tournaments.page(
      'spring',
      { round: last.round, table: last.table, matchId: last.matchId },
      2,
    );
    expect(next.map((m) => m.matchId)).toEqual(['m3']);
    expect(h.tournaments.scheduleOf('m3')).toMatchObject({ tournamentId: 'spring', round: 2, table: 1 });
  });

  it('C-5 the roster follows a judge’s backup to an earlier turn, live and rebuilt, and does not stop', async () => {
    const t = await Table.create(store, 'backup', 'hand-to-hand', { A: 'Zulus', B: 'British' });
    await t.play({ type: 'RegisterUnit', unitId: 'impi', name: 'Impi', side: 'A', morale: 8, move: 6 });
    await t.play({ type: 'RegisterUnit', unitId: 'nnc', name: 'NNC', side: 'B', morale: 6, move: 6 });
    const before = await t.revision();
    const charge = { type: 'Charge', chargeId: 'c', attackerId: 'impi', defenderId: 'nnc', aspect: 'rear' };
    await t.as('A', { ...charge, slope: 'level' }, [1, 2]);
    await t.as('A', { type: 'RollImpact', chargeId: 'c' }, [6]);
    await t.as('B', { type: 'TakeMoraleTest', unitId: 'nnc', cause: 'melee' }, [6, 5]);
    // Two turns later, the judge backs the match up to before the charge, in the first turn.
    await t.as('A', { type: 'EndTurn' });
    await t.as('B', { type: 'EndTurn' });
    const through = await t.revision();
    await t.record({
      type: 'ActionsReverted',
      data: {
        toRevision: before,
        fromRevision: before + 1,
        throughRevision: through,
        reason: 'wrong charge, found two turns on',
        requestedBy: 'judge',
        agreedBy: null,
        orderedBy: 'judge',
        requestId: null,
        disputeId: null,
      },
    });
    expect(await h.runner.caughtUp()).toBe(true);
    const stands = { status: 'active', name: 'NNC', sideName: 'British' };
    expect(h.roster.units('backup').find((u) => u.unitId === 'nnc')).toMatchObject(stands);
    expect(await h.runner.rebuild('roster')).toMatchObject({ state: 'live', failure: null });
    expect(h.roster.units('backup').find((u) => u.unitId === 'nnc')).toMatchObject(stands);
  });

  it('C-5 the roster follows an undo: a unit removed by reverted steps stands again', async () => {
    const t = await Table.create(store, 'undo', 'hand-to-hand', { A: 'Zulus', B: 'British' });
    await t.play({ type: 'RegisterUnit', unitId: 'impi', name: 'Impi', side: 'A', morale: 8, move: 6 });
    await t.play({ type: 'RegisterUnit', unitId: 'nnc', name: 'NNC', side: 'B', morale: 6, move: 6 });
    const before = await t.revision();
    await t.as(
      'A',
      {
        type: 'Charge',
        chargeId: 'c',
        attackerId: 'impi',
        defenderId: 'nnc',
        aspect: 'rear',
        slope: 'level',
      },
      [1, 2],
    );
    await t.as('A', { type: 'RollImpact', chargeId: 'c' }, [6]);
    await t.as('B', { type: 'TakeMoraleTest', unitId: 'nnc', cause: 'melee' }, [6, 5]);
    await h.runner.caughtUp();
    expect(h.roster.units('undo').find((u) => u.unitId === 'nnc')).toMatchObject({ status: 'removed' });
    const through = await t.revision();
    await t.record({
      type: 'ActionsReverted',
      data: {
        toRevision: before,
        fromRevision: before + 1,
        throughRevision: through,
        reason: 'wrong charge',
        requestedBy: 'judge',
        agreedBy: null,
        orderedBy: 'judge',
        requestId: null,
        disputeId: null,
      },
    });
    await h.runner.caughtUp();
    expect(h.roster.units('undo').find((u) => u.unitId === 'nnc')).toMatchObject({
      status: 'active',
      name: 'NNC',
      sideName: 'British',
    });
  });
});
