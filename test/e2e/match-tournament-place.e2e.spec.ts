import { startTestApp, type TestApp } from './support/test-app.js';
import { issueKey, openMatch } from './support/umpire-client.js';
import { scheduleTableOne, smallEvent, startFirstRound } from './tournament-support.js';

/**
 * GET /matches/:id says where a tournament plays the match (its name, round, table and players), to
 * every key that may read the match, a seat's key included, which may not read the tournament; a
 * match no tournament schedules carries no place, and a key that may not read the match learns none.
 */
describe('a match’s tournament place', () => {
  let t: TestApp;
  const T = 'place-day';
  const MATCH = 'place-r1-t1';

  beforeAll(async () => {
    t = await startTestApp();
    const event = await smallEvent(t, T);
    await startFirstRound(event);
    await scheduleTableOne(event, MATCH);
  });
  afterAll(() => t?.close());

  it('is given to a seat’s key with the match, though that key may not read the tournament', async () => {
    const seat = await issueKey(t, { role: 'player', matchId: MATCH, side: 'A' });
    const match = await seat.get(`/matches/${MATCH}`);
    expect(match.status).toBe(200);
    expect(match.body.tournament).toEqual({
      tournamentId: T,
      name: `Event ${T}`,
      round: 1,
      table: 1,
      players: { A: 'Player 1', B: 'Player 3' },
    });
    expect((await seat.get(`/tournaments/${T}`)).status).toBe(403);
  });

  it('is absent from a match no tournament schedules, and from an answer refused', async () => {
    const alone = await openMatch(t, { matchId: 'place-alone', ruleset: 'hand-to-hand' });
    const read = await alone.A.get('/matches/place-alone');
    expect(read.status).toBe(200);
    expect(read.body).not.toHaveProperty('tournament');
    const refused = await alone.A.get(`/matches/${MATCH}`);
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(JSON.stringify(refused.body)).not.toContain(`Event ${T}`);
  });
});
