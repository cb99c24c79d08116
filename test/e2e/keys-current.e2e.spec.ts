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
  ])('%s reads its own grant, without a secret', async (_kind, path, grant) => {
    const { caller, keyId } = await issued(path, grant);
    const reply = await caller.get('/keys/current');
    expect(reply.status).toBe(200);
    const bound = path.startsWith('/tournaments/north-cup') ? { tournamentId: 'north-cup' } : {};
    expect(reply.body).toEqual({ keyId, ...grant, ...bound });
    expect(reply.text).not.toContain(caller.token!.split('_').at(-1));
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
});
