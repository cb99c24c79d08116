import { seated } from './organiser-support.js';
import { startTestApp, type TestApp } from './support/test-app.js';
import { commandId } from './support/umpire-client.js';
import { scheduleTableOne, smallEvent, startFirstRound } from './tournament-support.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- response bodies are asserted field by field */

/**
 * C-7 over HTTP on the SQLite store: the organiser calls time at the round clock, and each refereed
 * match of the round records TimeCalled in its own stream with the published policy; its log and its
 * verification show it, and what the match accepts after it follows the policy.
 */
describe('C-7 time called reaches the round’s refereed matches', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  /** A tournament whose round 1 table 1 is a refereed match with its two seats, the clock running. */
  async function refereedRound(tournamentId: string, policy: 'stop-now' | 'finish-turn') {
    const event = await smallEvent(t, tournamentId);
    await startFirstRound(event);
    const matchId = `${tournamentId}-r1-t1`;
    await scheduleTableOne(event, matchId);
    const seats = await seated(t, matchId);
    await event.org.command(`/tournaments/${tournamentId}/rounds/1/clock/start`, { seconds: 5400, policy });
    return { event, matchId, seats, at: (route: string) => `/matches/${matchId}/${route}` };
  }
  const charge = { chargeId: 'c1', attackerId: 'impi', defenderId: 'nnc', aspect: 'front', slope: 'level' };

  it('C-7 stop-now: the match records TimeCalled; a game command is refused naming C-7 with nothing appended; the organiser ends it; the log verifies', async () => {
    const { event, matchId, seats, at } = await refereedRound('stop-cup', 'stop-now');
    const called = await event.org.post('/tournaments/stop-cup/rounds/1/clock/call', {
      commandId: 'call-r1',
    });
    expect(called.status).toBe(201);
    expect(called.body.events[0]).toMatchObject({ type: 'TimeCalled', data: { matchIds: [matchId] } });
    const events = (await event.org.get(`/matches/${matchId}/events?limit=100`)).body.events as any[];
    const last = events.at(-1);
    expect(last).toMatchObject({ type: 'TimeCalled', data: { policy: 'stop-now', round: 1 } });
    const before = events.length;

    // The play contract says so: time called, play over, nothing of the ruleset awaited or offered;
    // the organiser may still end the match.
    const seenByA = (await seats.A.get(`/matches/${matchId}`)).body;
    expect(seenByA.timeCalled).toEqual({ round: 1, policy: 'stop-now', revision: before, playOver: true });
    expect(seenByA.awaiting).toEqual([]);
    expect(seenByA.available.map((t: { command: string }) => t.command)).not.toContain('Charge');
    expect(seenByA.available.map((t: { command: string }) => t.command)).not.toContain('EndTurn');
    const seenByOrganiser = (await event.org.get(`/matches/${matchId}`)).body;
    expect(seenByOrganiser.available.map((t: { command: string }) => t.command)).toContain('EndMatch');

    const refused = await seats.A.post(at('charges'), { commandId: commandId(), ...charge, dice: [2, 3] });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ ruleId: 'C-7' });
    expect(refused.body.detail).toMatch(/time was called on round 1 \(stop now\)/);
    expect((await event.org.get(`/matches/${matchId}/events?limit=100`)).body.events).toHaveLength(before);

    // The same call again appends nothing more to the match.
    await event.org.post('/tournaments/stop-cup/rounds/1/clock/call', { commandId: 'call-r1' });
    expect((await event.org.get(`/matches/${matchId}/events?limit=100`)).body.events).toHaveLength(before);

    await event.org.command(at('end'), { winner: 'A', note: 'on time' });
    const report = (await event.org.get(`/matches/${matchId}/verify`)).body;
    expect(report.ok).toBe(true);
    const table1 = (await event.org.get('/tournaments/stop-cup/rounds/1')).body.pairings[0];
    expect(table1).toMatchObject({ status: 'final', result: { outcome: 'A', source: 'referee' } });
  });

  it('C-7 finish-turn: game commands go on in the turn time was called in, and are refused once it ends', async () => {
    const { event, matchId, seats, at } = await refereedRound('turn-cup', 'finish-turn');
    await event.org.command('/tournaments/turn-cup/rounds/1/clock/call');
    const last = (await event.org.get(`/matches/${matchId}/events?limit=100`)).body.events.at(-1);
    expect(last).toMatchObject({ type: 'TimeCalled', data: { policy: 'finish-turn' } });
    const during = (await seats.A.get(`/matches/${matchId}`)).body;
    expect(during.timeCalled).toMatchObject({ policy: 'finish-turn', playOver: false });
    expect(during.available.map((t: { command: string }) => t.command)).toContain('Charge');
    // The turn goes on: side A charges, and ends its turn.
    await seats.A.command(at('charges'), { ...charge, dice: [2, 3] });
    await seats.A.command(at('impact-rolls'), { chargeId: 'c1', dice: [1] });
    await seats.B.command(at('morale-tests'), { unitId: 'nnc', cause: 'melee', dice: [1, 2] });
    await seats.A.command(at('end-turn'), {});
    // Then no more game commands: the match awaits its end.
    expect((await seats.B.get(`/matches/${matchId}`)).body).toMatchObject({
      timeCalled: { policy: 'finish-turn', playOver: true },
      awaiting: [],
    });
    const refused = await seats.B.post(at('end-turn'), { commandId: commandId() });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ ruleId: 'C-7' });
    expect((await event.org.get(`/matches/${matchId}/verify`)).body.ok).toBe(true);
  });
});
