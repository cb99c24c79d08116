import { startTestApp, type TestApp } from './support/test-app.js';
import { Caller, commandId } from './support/umpire-client.js';
import { smallEvent, startFirstRound } from './tournament-support.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- response bodies are asserted field by field */

/**
 * What a tournament day needs of the service, over HTTP on SQLite: a participant's own key reads the
 * standings, the round clock in the tournament's stream, preferred tables and club mates apart, and
 * one outcome each for requests that race.
 */
describe('a tournament day over HTTP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('a participant key reads the tournament, its standings and its rounds, of its own tournament only', async () => {
    const event = await smallEvent(t, 'day-reads');
    await startFirstRound(event);
    const p1 = event.players.get('p1')!;
    const standings = await p1.get('/tournaments/day-reads/standings');
    expect(standings.status).toBe(200);
    expect(standings.body.standings.map((r: any) => r.participantId).sort()).toEqual([
      'p1',
      'p2',
      'p3',
      'p4',
    ]);
    expect((await p1.get('/tournaments/day-reads')).status).toBe(200);
    expect((await p1.get('/tournaments/day-reads/rounds/1')).body.pairings).toHaveLength(2);
    const other = await smallEvent(t, 'day-reads-other');
    const elsewhere = await event.players.get('p2')!.get(`/tournaments/${other.tournamentId}/standings`);
    expect(elsewhere.status).toBe(404);
  });

  it('C-6 the round clock: started, paused, extended and time called are events the round shows', async () => {
    const event = await smallEvent(t, 'day-clock');
    await startFirstRound(event);
    const clock = (action: string) => `/tournaments/day-clock/rounds/1/clock/${action}`;
    const bad = await event.org.post(clock('start'), { commandId: commandId(), seconds: 0, policy: 'now' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toMatch(/seconds/);
    expect(JSON.stringify(bad.body)).toMatch(/policy/);
    const byPlayer = await event.players.get('p1')!.post(clock('start'), {
      commandId: commandId(),
      seconds: 60,
      policy: 'stop-now',
    });
    expect(byPlayer.status).toBe(403);
    const start = { commandId: commandId('clock'), seconds: 3600, policy: 'finish-turn' };
    const started = await event.org.post(clock('start'), start);
    expect(started.status).toBe(201);
    // The same commandId again, a moment later: the first answer, nothing appended.
    const again = await event.org.post(clock('start'), start);
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ duplicate: true, revision: started.body.revision });
    const round = (await event.players.get('p1')!.get('/tournaments/day-clock/rounds/1')).body;
    expect(round.clock).toMatchObject({ state: 'running', seconds: 3600, policy: 'finish-turn' });
    expect(round.clock.remainingSeconds).toBeGreaterThan(3590);
    await event.org.command(clock('pause'));
    expect((await event.org.get('/tournaments/day-clock/rounds/1')).body.clock.state).toBe('paused');
    const twice = await event.org.post(clock('pause'), { commandId: commandId() });
    expect(twice.status).toBe(409);
    expect(twice.body.detail).toMatch(/paused already/);
    expect(twice.body.ruleId ?? JSON.stringify(twice.body)).toMatch(/C-6/);
    await event.org.command(clock('resume'));
    await event.org.command(clock('extend'), { seconds: 300, reason: 'a late start' });
    await event.org.command(clock('call'));
    const called = (await event.org.get('/tournaments/day-clock/rounds/1')).body.clock;
    expect(called).toMatchObject({ state: 'called', seconds: 3900, remainingSeconds: 0 });
    expect(typeof called.calledAt).toBe('string');
  });

  it('C-6 preferred tables and club mates apart in round 1, from the participants as registered', async () => {
    const org = new Caller(t.url, 'e2e-organiser-key-that-is-long-enough');
    await org.command('/tournaments', {
      tournamentId: 'day-clubs',
      name: 'Clubs',
      clubsApartInRoundOne: true,
    });
    const people = [
      { name: 'Ann', club: 'North', seed: 1 },
      { name: 'Ben', club: 'South', seed: 2 },
      { name: 'Cat', club: 'North', seed: 3 },
      { name: 'Dan', club: 'South', seed: 4, preferredTable: 7 },
    ];
    for (const p of people) await org.command('/tournaments/day-clubs/participants', p);
    for (const n of [1, 2, 3, 4]) await org.command(`/tournaments/day-clubs/participants/p${n}/check-in`);
    expect((await org.get('/tournaments/day-clubs/participants/p4')).body.preferredTable).toBe(7);
    const badTable = await org.post('/tournaments/day-clubs/participants', {
      commandId: commandId(),
      name: 'Eve',
      preferredTable: 0,
    });
    expect(badTable.status).toBe(400);
    expect(JSON.stringify(badTable.body)).toMatch(/preferredTable/);
    const opened = await org.command('/tournaments/day-clubs/rounds', { round: 1, method: 'swiss' });
    const pairings = opened.body.events[1].data.pairings.map((p: any) => `${p.table}:${p.A}-${p.B}`);
    expect(pairings).toEqual(['1:p2-p3', '7:p1-p4']);
  });

  it('two confirmations of one result at once, and the same commandId on two requests: one outcome each', async () => {
    const event = await smallEvent(t, 'day-race');
    await startFirstRound(event);
    const p1 = event.players.get('p1')!;
    const p3 = event.players.get('p3')!;
    await p1.command(event.at(1, 1, 'report'), { outcome: 'A' });
    const [c1, c2] = await Promise.all([
      p3.post(event.at(1, 1, 'confirm'), { commandId: commandId('c') }),
      p3.post(event.at(1, 1, 'confirm'), { commandId: commandId('c') }),
    ]);
    expect([c1.status, c2.status].sort()).toEqual([201, 409]);
    const sameId = { commandId: commandId('same'), outcome: 'draw' };
    const p2 = event.players.get('p2')!;
    const [r1, r2] = await Promise.all([
      p2.post(event.at(1, 2, 'report'), sameId),
      p2.post(event.at(1, 2, 'report'), sameId),
    ]);
    expect([r1.status, r2.status]).toEqual([201, 201]);
    expect([r1.body.duplicate, r2.body.duplicate].sort()).toEqual([false, true]);
    expect(r1.body.revision).toBe(r2.body.revision);
    const round = (await event.org.get('/tournaments/day-race/rounds/1')).body;
    expect(round.pairings.map((p: any) => p.status)).toEqual(['final', 'reported']);
  });

  it('two pairings of one round at once: one round is opened, the other request is refused', async () => {
    const event = await smallEvent(t, 'day-pair-race');
    const open = () =>
      event.org.post('/tournaments/day-pair-race/rounds', {
        commandId: commandId('o'),
        round: 1,
        method: 'swiss',
      });
    const [a, b] = await Promise.all([open(), open()]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    const rounds = (await event.org.get('/tournaments/day-pair-race/rounds')).body.items;
    expect(rounds).toHaveLength(1);
    expect(rounds[0].pairings).toHaveLength(2);
  });
});
