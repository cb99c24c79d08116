import { openSse } from './organiser-support.js';
import { startTestApp, type TestApp } from './support/test-app.js';
import { Caller, organiser } from './support/umpire-client.js';

/**
 * GET /keys/current, over HTTP on the real app: every role reads its own key as it is bound, and
 * nothing more (no secret, no token, no hash); a revoked key reads nothing (401), nor does no key.
 */
describe('GET /keys/current: the calling key, as it is bound', () => {
  let t: TestApp;
  const org = () => organiser(t);

  /** A key issued by the organiser, and what it was issued as. */
  async function issued(path: string, grant: object): Promise<{ caller: Caller; keyId: string }> {
    const reply = await org().post(path, grant);
    expect(reply.status).toBe(201);
    return { caller: new Caller(t.url, reply.body.token as string), keyId: reply.body.keyId as string };
  }

  beforeAll(async () => {
    t = await startTestApp();
    await org().command('/tournaments', { tournamentId: 'north-cup', name: 'North Cup' });
    await org().command('/tournaments/north-cup/participants', { name: 'Hana Ito' });
    await org().command('/tournaments/north-cup/matches', {
      matchId: 'north-r1-t1',
      round: 1,
      table: 1,
      ruleset: 'hand-to-hand',
      sides: { A: 'Zulus', B: 'British' },
      diceMode: 'table',
    });
  });
  afterAll(async () => t.close());

  it.each([
    ['an organiser key', '/keys', { role: 'organiser', label: 'desk' }],
    ['an organiser key bound to a tournament', '/keys', { role: 'organiser', tournamentId: 'north-cup' }],
    ['a judge key', '/keys', { role: 'judge', label: 'head judge' }],
    ['a judge key bound to a tournament', '/tournaments/north-cup/keys', { role: 'judge' }],
    ['a spectator key', '/keys', { role: 'spectator', label: 'press' }],
    [
      'a spectator key bound to a tournament',
      '/tournaments/north-cup/keys',
      { role: 'spectator', label: 'hall screen' },
    ],
    ['a player key', '/keys', { role: 'player', matchId: 'north-r1-t1', side: 'B', label: 'table 1 B' }],
    ['a judge key bound to a match', '/keys', { role: 'judge', matchId: 'north-r1-t1' }],
    [
      'a spectator key bound to a match',
      '/tournaments/north-cup/keys',
      { role: 'spectator', matchId: 'north-r1-t1' },
    ],
  ])('%s reads its own grant, without a secret', async (_kind, path, grant) => {
    const { caller, keyId } = await issued(path, grant);
    const reply = await caller.get('/keys/current');
    expect(reply.status).toBe(200);
    const bound = path.startsWith('/tournaments/north-cup') ? { tournamentId: 'north-cup' } : {};
    expect(reply.body).toEqual({ keyId, ...grant, ...bound });
    // The secret is all after umpire_<keyId>_ (it may hold underscores itself).
    expect(reply.text).not.toContain(caller.token!.split('_').slice(2).join('_'));
  });

  it('a participant key reads its tournament and participant', async () => {
    const { caller, keyId } = await issued('/tournaments/north-cup/participants/p1/keys', {
      label: 'Hana',
    });
    const reply = await caller.get('/keys/current');
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      keyId,
      role: 'player',
      label: 'Hana',
      tournamentId: 'north-cup',
      participantId: 'p1',
    });
  });

  it('the configured organiser key reads itself', async () => {
    const reply = await org().get('/keys/current');
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ keyId: 'configured', role: 'organiser', label: 'UMPIRE_ORGANISER_KEY' });
  });

  it('a revoked key is 401, as is no key', async () => {
    const { caller, keyId } = await issued('/tournaments/north-cup/keys', { role: 'spectator' });
    expect((await caller.get('/keys/current')).status).toBe(200);
    expect((await org().delete(`/keys/${keyId}`)).status).toBe(204);
    const revoked = await caller.get('/keys/current');
    expect(revoked.status).toBe(401);
    expect(revoked.body.keyId).toBeUndefined();
    expect((await new Caller(t.url, undefined).get('/keys/current')).status).toBe(401);
  });

  it('DELETE /keys/current: a player key gives its seat up at once, its live feeds end, and it reads nothing after', async () => {
    const { caller, keyId } = await issued('/keys', { role: 'player', matchId: 'north-r1-t1', side: 'A' });
    const byHeader = await openSse(t, '/matches/north-r1-t1/stream', caller.token);
    const ticket = await caller.post('/stream-tickets', { matchId: 'north-r1-t1' });
    const byTicket = await openSse(t, ticket.body.url as string, undefined);
    expect([byHeader.status, byTicket.status]).toEqual([200, 200]);

    const left = await caller.delete('/keys/current');
    expect(left.status).toBe(204);
    expect(left.text).toBe('');
    // Revoked on the record, by itself: the desk sees the seat given up.
    const listed = (await org().get('/keys?match=north-r1-t1')).body.find(
      (k: { keyId: string }) => k.keyId === keyId,
    );
    expect(listed).toMatchObject({ keyId, revoked: true });
    expect((await caller.get('/keys/current')).status).toBe(401);
    expect((await caller.get('/matches/north-r1-t1')).status).toBe(401);
    expect((await caller.delete('/keys/current')).status).toBe(401);
    await Promise.all([byHeader.ended, byTicket.ended]);
  });

  it.each([
    ['a judge key', { role: 'judge' }],
    ['a spectator key bound to a match', { role: 'spectator', matchId: 'north-r1-t1' }],
    ['an organiser key', { role: 'organiser' }],
  ])('DELETE /keys/current: %s revokes itself, and nothing else', async (_kind, grant) => {
    const { caller } = await issued('/keys', grant);
    const bystander = await issued('/keys', grant);
    expect((await caller.delete('/keys/current')).status).toBe(204);
    expect((await caller.get('/keys/current')).status).toBe(401);
    expect((await bystander.caller.get('/keys/current')).status).toBe(200);
  });

  it('DELETE /keys/current: the configured organiser key is no issued key and is not revoked (409)', async () => {
    const reply = await org().delete('/keys/current');
    expect(reply.status).toBe(409);
    expect(reply.body.detail).toMatch(/UMPIRE_ORGANISER_KEY/);
    expect((await org().get('/keys/current')).status).toBe(200);
  });
});
