import { seated } from './organiser-support.js';
import { startTestApp, type TestApp } from './support/test-app.js';
import { commandId } from './support/umpire-client.js';
import { scheduleTableOne, smallEvent, startFirstRound } from './tournament-support.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- response bodies are asserted field by field */

/**
 * C-4 over HTTP on the SQLite store: a result the desk sets on a refereed table (an override, a
 * forfeit, a void) ends the table's match if it is still in play, with the desk's outcome and reason,
 * so nobody plays on at a table whose result stands; the desk's result is the one that counts.
 */
describe('C-4 a result set at the desk ends the refereed table’s match', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  async function liveTable(tournamentId: string) {
    const event = await smallEvent(t, tournamentId);
    await startFirstRound(event);
    const matchId = `${tournamentId}-r1-t1`;
    await scheduleTableOne(event, matchId);
    const seats = await seated(t, matchId);
    const events = async () =>
      (await event.org.get(`/matches/${matchId}/events?limit=100`)).body.events as any[];
    return { event, matchId, seats, events };
  }
  const charge = { chargeId: 'c1', attackerId: 'impi', defenderId: 'nnc', aspect: 'front', slope: 'level' };

  it('C-4 an override ends the match in play with its outcome and reason; play is refused; the same override again ends nothing twice', async () => {
    const { event, matchId, seats, events } = await liveTable('override-cup');
    const body = { commandId: 'ov-1', outcome: 'B', reason: 'played on paper, A conceded' };
    const overridden = await event.org.post(event.at(1, 1, 'override'), body);
    expect(overridden.status).toBe(201);
    const ended = (await events()).filter((e) => e.type === 'MatchEnded');
    expect(ended).toHaveLength(1);
    expect(ended[0].data.result).toEqual({
      winner: 'B',
      note: 'result set at the desk: played on paper, A conceded',
    });
    const refused = await seats.A.post(`/matches/${matchId}/charges`, {
      commandId: commandId(),
      ...charge,
      dice: [2, 3],
    });
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toMatch(/the match has ended/);

    expect((await event.org.post(event.at(1, 1, 'override'), body)).status).toBe(201);
    expect((await events()).filter((e) => e.type === 'MatchEnded')).toHaveLength(1);
    const table1 = (await event.org.get('/tournaments/override-cup/rounds/1')).body.pairings[0];
    expect(table1).toMatchObject({ status: 'final', result: { outcome: 'B', source: 'overridden' } });
    expect((await event.org.get(`/matches/${matchId}/verify`)).body.ok).toBe(true);
  });

  it('C-4 a forfeit ends it with the opponent the winner; a void ends it with nobody the winner', async () => {
    const forfeit = await liveTable('forfeit-cup');
    await forfeit.event.org.command(forfeit.event.at(1, 1, 'forfeit'), {
      participantId: 'p1',
      reason: 'left for the train',
    });
    expect((await forfeit.events()).at(-1)).toMatchObject({
      type: 'MatchEnded',
      data: { result: { winner: 'B', note: 'forfeit recorded at the desk: left for the train' } },
    });

    const voided = await liveTable('void-cup');
    await voided.event.org.command(voided.event.at(1, 1, 'void'), { reason: 'wrong army lists' });
    expect((await voided.events()).at(-1)).toMatchObject({
      type: 'MatchEnded',
      data: { result: { winner: null, note: 'pairing voided at the desk: wrong army lists' } },
    });
  });

  it('C-4 an override of a table whose match has ended leaves the match as it was', async () => {
    const { event, matchId, events } = await liveTable('late-cup');
    await event.org.command(`/matches/${matchId}/end`, { winner: 'A', note: 'on time' });
    await event.org.get('/tournaments/late-cup/rounds/1');
    const before = await events();
    const overridden = await event.org.post(event.at(1, 1, 'override'), {
      commandId: 'ov-late',
      outcome: 'draw',
      reason: 'scoring error',
    });
    expect(overridden.status).toBe(201);
    expect(await events()).toEqual(before);
    const table1 = (await event.org.get('/tournaments/late-cup/rounds/1')).body.pairings[0];
    expect(table1).toMatchObject({ result: { outcome: 'draw', source: 'overridden' } });
  });
});
