import { openSse, type SseClient } from './organiser-support.js';
import { startTestApp, type TestApp } from './support/test-app.js';
import { Caller, ORGANISER_KEY, openMatch } from './support/umpire-client.js';

/** Resolves with how long the feed stayed open after `since`, or rejects if it is still open after `ms`. */
async function closesWithin(feed: SseClient, since: number, ms: number): Promise<number> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the feed was still open ${ms} ms after the revocation`)), ms);
  });
  try {
    await Promise.race([feed.ended, late]);
    return Date.now() - since;
  } finally {
    clearTimeout(timer);
  }
}

async function issue(t: TestApp, grant: object): Promise<{ keyId: string; token: string }> {
  const reply = await new Caller(t.url, ORGANISER_KEY).post('/keys', grant);
  expect(reply.status).toBe(201);
  return { keyId: reply.body.keyId as string, token: reply.body.token as string };
}

/**
 * A revoked key's open live feeds close: an open feed checks no key after it opens, so a leaked player
 * key would otherwise keep its side's view (sealed cards included, AA-2) for as long as it stays open.
 */
describe('AA-2 a revoked key keeps no live feed open', () => {
  let one: TestApp;
  let two: TestApp;
  beforeAll(async () => {
    one = await startTestApp({ sseHeartbeatMs: 200 });
    two = await startTestApp({ dataDir: one.dataDir, sseHeartbeatMs: 200, webhookDispatch: false });
  });
  afterAll(async () => {
    await two.app.close();
    await one.close();
  });

  it('AA-2 a player key’s match feed, opened by header, closes within a second of DELETE /keys/:id, and the key opens no other', async () => {
    await openMatch(one, { matchId: 'leak-header', ruleset: 'hand-to-hand' });
    const player = await issue(one, { role: 'player', matchId: 'leak-header', side: 'A' });
    const feed = await openSse(one, '/matches/leak-header/stream', player.token);
    expect(feed.status).toBe(200);
    const other = await openSse(one, '/matches/leak-header/stream', player.token);

    const revokedAt = Date.now();
    expect((await new Caller(one.url, ORGANISER_KEY).delete(`/keys/${player.keyId}`)).status).toBe(204);
    await closesWithin(feed, revokedAt, 1000);
    await closesWithin(other, revokedAt, 1000);
    const again = await openSse(one, '/matches/leak-header/stream', player.token);
    expect(again.status).toBe(401);
    again.close();
  });

  it('AA-2 a feed opened with a stream ticket closes when the key the ticket was issued to is revoked; other keys’ feeds stay open', async () => {
    await openMatch(one, { matchId: 'leak-ticket', ruleset: 'hand-to-hand' });
    const player = await issue(one, { role: 'player', matchId: 'leak-ticket', side: 'B' });
    const bystander = await issue(one, { role: 'spectator' });
    const ticket = await new Caller(one.url, player.token).post('/stream-tickets', {
      matchId: 'leak-ticket',
    });
    expect(ticket.status).toBe(201);
    const feed = await openSse(one, ticket.body.url as string, undefined);
    expect(feed.status).toBe(200);
    const untouched = await openSse(one, '/matches/leak-ticket/stream', bystander.token);

    const revokedAt = Date.now();
    expect((await new Caller(one.url, ORGANISER_KEY).delete(`/keys/${player.keyId}`)).status).toBe(204);
    await closesWithin(feed, revokedAt, 1000);
    // the spectator's feed is still live: a heartbeat arrives after the revocation
    const before = untouched.body.length;
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(untouched.body.length).toBeGreaterThan(before);
    untouched.close();
  });

  it('AA-2 a tournament feed closes when its key is revoked', async () => {
    const organiser = new Caller(one.url, ORGANISER_KEY);
    await organiser.command('/tournaments', { tournamentId: 'leak-cup', name: 'Leak Cup' });
    const judge = await issue(one, { role: 'judge', tournamentId: 'leak-cup' });
    const feed = await openSse(one, '/tournaments/leak-cup/stream', judge.token);
    expect(feed.status).toBe(200);
    const revokedAt = Date.now();
    expect((await organiser.delete(`/keys/${judge.keyId}`)).status).toBe(204);
    await closesWithin(feed, revokedAt, 1000);
  });

  it('AA-2 a revocation recorded on one instance closes the key’s feeds on another instance on the same store within a second', async () => {
    await openMatch(one, { matchId: 'leak-elsewhere', ruleset: 'hand-to-hand' });
    const player = await issue(one, { role: 'player', matchId: 'leak-elsewhere', side: 'A' });
    // the second instance knows the key (it reads the keys stream at least once a second)
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const byHeader = await openSse(two, '/matches/leak-elsewhere/stream', player.token);
    expect(byHeader.status).toBe(200);
    const ticket = await new Caller(two.url, player.token).post('/stream-tickets', {
      matchId: 'leak-elsewhere',
    });
    const byTicket = await openSse(two, ticket.body.url as string, undefined);
    expect(byTicket.status).toBe(200);

    const revokedAt = Date.now();
    expect((await new Caller(one.url, ORGANISER_KEY).delete(`/keys/${player.keyId}`)).status).toBe(204);
    await closesWithin(byHeader, revokedAt, 1000);
    await closesWithin(byTicket, revokedAt, 1000);
  });
});
