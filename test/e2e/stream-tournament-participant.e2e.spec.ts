import { openSse, playE1, seated, sleep } from './organiser-support.js';
import type { Caller } from './support/umpire-client.js';
import { startTestApp, type TestApp } from './support/test-app.js';
import { scheduleTableOne, type SmallEvent, smallEvent, startFirstRound } from './tournament-support.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- feed messages are asserted field by field */

/**
 * A participant key (a player key bound to a tournament) follows its own tournament's live feed, as
 * the player's page does: the tournament's own events, which its GET routes already show it, and none
 * of its matches' events (a participant key reads no match). Another tournament's feed answers it as
 * an unknown one; a player key bound to one match is no participant and is refused the feed.
 */
describe('the tournament feed for participant keys', () => {
  let t: TestApp;
  let T: SmallEvent;
  let U: SmallEvent;
  const MATCH = 'feed-r1-t1';
  let seats: { A: Caller; B: Caller };

  beforeAll(async () => {
    t = await startTestApp();
    T = await smallEvent(t, 'feed-cup');
    U = await smallEvent(t, 'other-cup');
  });
  afterAll(async () => {
    await t.close();
  });

  const p1 = () => T.players.get('p1')!;

  it('C-6 a participant of T opens T’s feed, with a key or a stream ticket; another tournament’s feed and ticket answer 404, as an unknown one', async () => {
    const own = await openSse(t, '/tournaments/feed-cup/stream', p1().token);
    expect(own.status).toBe(200);
    const first = await own.waitFor(1);
    expect(first[0]!.data).toMatchObject({ tournamentId: 'feed-cup', event: { type: 'TournamentCreated' } });
    own.close();

    const ticket = await p1().post('/stream-tickets', { tournamentId: 'feed-cup' });
    expect(ticket.status).toBe(201);
    const byTicket = await openSse(t, ticket.body.url as string, undefined);
    expect(byTicket.status).toBe(200);
    await byTicket.waitFor(1);
    byTicket.close();

    const other = await openSse(t, '/tournaments/other-cup/stream', p1().token);
    const unknown = await openSse(t, '/tournaments/no-such-cup/stream', p1().token);
    expect(other.status).toBe(404);
    expect(other.body).toContain('tournament other-cup does not exist');
    expect(unknown.status).toBe(404);
    const otherTicket = await p1().post('/stream-tickets', { tournamentId: 'other-cup' });
    expect(otherTicket.status).toBe(404);
    expect(otherTicket.body.detail).toBe('tournament other-cup does not exist');
    // And U's participant is refused T's the same way.
    expect((await openSse(t, '/tournaments/feed-cup/stream', U.players.get('p1')!.token)).status).toBe(404);
  });

  it('C-6 a player key bound to one match is no participant: 403 for the tournament’s feed and its ticket', async () => {
    await startFirstRound(T);
    await scheduleTableOne(T, MATCH);
    seats = await seated(t, MATCH);
    const { A } = seats;
    const refused = await openSse(t, '/tournaments/feed-cup/stream', A.token);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatch(/participant keys/);
    const ticket = await A.post('/stream-tickets', { tournamentId: 'feed-cup' });
    expect(ticket.status).toBe(403);
    expect(ticket.body.detail).toMatch(/participant keys/);
  });

  it('a participant’s feed carries the tournament’s own events live and none of its matches’ events, which the organiser’s feed carries', async () => {
    const participant = await openSse(t, '/tournaments/feed-cup/stream', p1().token);
    const organiserFeed = await openSse(t, '/tournaments/feed-cup/stream', T.org.token);
    await playE1(MATCH, seats.A, seats.B);
    // Then something of the tournament's own: table 2's result reported by p2.
    await T.players.get('p2')!.command(T.at(1, 2, 'report'), { outcome: 'A' });
    const reported = (messages: { data: any }[]) =>
      messages.some((m) => m.data.event.type === 'ResultReported');
    for (const feed of [participant, organiserFeed]) {
      const deadline = Date.now() + 5000;
      while (!reported(feed.messages) && Date.now() < deadline) await sleep(50);
    }
    const ofMatch = (messages: { data: any }[]) =>
      messages.filter((m) => m.data.matchId === MATCH && m.data.event.type !== 'MatchScheduled');
    expect(reported(participant.messages)).toBe(true);
    expect(ofMatch(organiserFeed.messages).length).toBeGreaterThan(0);
    expect(ofMatch(participant.messages)).toEqual([]);
    const scheduled = participant.messages.find((m) => m.data.event.type === 'MatchScheduled')!;
    expect(scheduled.data.preceding).toEqual([]);
    participant.close();
    organiserFeed.close();
  });
});
