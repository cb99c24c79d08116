import { startTestApp, type TestApp } from './support/test-app.js';
import { Caller, commandId, issueKey, organiser } from './support/umpire-client.js';

/** A reply's body with one id written as X: two refusals compared as the same answer about different ids. */
function shape(reply: { status: number; body: { message?: string } }, id: string): object {
  return { status: reply.status, body: JSON.parse(JSON.stringify(reply.body).split(id).join('X')) };
}

describe('keys: scope and role', () => {
  let t: TestApp;
  let org: Caller;
  let home: Caller;
  let homeJudge: Caller;
  let awayKeyId: string;

  beforeAll(async () => {
    t = await startTestApp();
    org = organiser(t);
    for (const id of ['home', 'away']) await org.command('/tournaments', { tournamentId: id, name: id });
    for (const [tournament, matchId] of [
      ['home', 'home-1'],
      ['away', 'away-1'],
    ] as const) {
      await org.command(`/tournaments/${tournament}/matches`, {
        matchId,
        round: 1,
        table: 1,
        ruleset: 'hand-to-hand',
        sides: { A: 'Zulus', B: 'British' },
        diceMode: 'table',
      });
    }
    home = await issueKey(t, { role: 'organiser', tournamentId: 'home' });
    homeJudge = await issueKey(t, { role: 'judge', tournamentId: 'home' });
    awayKeyId = (await org.post('/keys', { role: 'judge', tournamentId: 'away' })).body.keyId;
  });
  afterAll(async () => t.close());

  it('a tournament-bound organiser key mints keys bound to its tournament only', async () => {
    const minted = await home.post('/keys', { role: 'organiser', label: 'deputy' });
    expect(minted.status).toBe(201);
    expect(minted.body).toMatchObject({ role: 'organiser', tournamentId: 'home' });
    const deputy = new Caller(t.url, minted.body.token);
    // Listed with the key that issued it, so that after a leak its keys can be found and revoked.
    const homeKeyId = (await org.get('/keys')).body.find(
      (k: { keyId: string }) => k.keyId === minted.body.keyId,
    ).issuedBy as string;
    const homeKey = (await org.get('/keys')).body.find((k: { keyId: string }) => k.keyId === homeKeyId);
    expect(homeKey).toMatchObject({ role: 'organiser', tournamentId: 'home', issuedBy: 'configured' });
    // And when: a seat's phones are told apart by when each joined.
    const listedAt = (await org.get('/keys')).body.find(
      (k: { keyId: string }) => k.keyId === minted.body.keyId,
    ).issuedAt as string;
    expect(Math.abs(Date.parse(listedAt) - Date.now())).toBeLessThan(60_000);
    expect((await deputy.get('/tournaments/away')).status).toBe(404);
    expect((await deputy.post('/keys', { role: 'organiser', tournamentId: 'away' })).status).toBe(404);

    // Another tournament is answered as one that does not exist.
    const elsewhere = await home.post('/keys', { role: 'judge', tournamentId: 'away' });
    const nowhere = await home.post('/keys', { role: 'judge', tournamentId: 'nowhere' });
    expect(elsewhere.status).toBe(404);
    expect(shape(elsewhere, 'away')).toEqual(shape(nowhere, 'nowhere'));
    // A player key for another tournament's match: the same answer as for a match that does not exist.
    const otherMatch = await home.post('/keys', { role: 'player', matchId: 'away-1', side: 'A' });
    const noMatch = await home.post('/keys', { role: 'player', matchId: 'nope-1', side: 'A' });
    expect(otherMatch.status).toBe(400);
    expect(shape(otherMatch, 'away-1')).toEqual(shape(noMatch, 'nope-1'));
  });

  it('a tournament-bound organiser key lists and revokes its tournament’s keys only', async () => {
    const listed = await home.get('/keys');
    expect(listed.status).toBe(200);
    expect(listed.body.length).toBeGreaterThan(0);
    expect(listed.body.every((k: { tournamentId?: string }) => k.tournamentId === 'home')).toBe(true);

    const other = await home.delete(`/keys/${awayKeyId}`);
    const unknown = await home.delete('/keys/000000000000');
    expect(other.status).toBe(404);
    expect(shape(other, awayKeyId)).toEqual(shape(unknown, '000000000000'));
    // Still working: the refusal revoked nothing.
    expect((await org.get('/keys')).body.find((k: { keyId: string }) => k.keyId === awayKeyId).revoked).toBe(
      false,
    );
  });

  it('a tournament-bound key cannot create tournaments or matches outside it, nor see or rebuild read models', async () => {
    for (const key of [home, homeJudge]) {
      expect((await key.post('/tournaments', { commandId: commandId(), name: 'Mine' })).status).toBe(403);
      expect((await key.get('/projections')).status).toBe(403);
      expect((await key.post('/projections/standings/rebuild')).status).toBe(403);
    }
  });

  it('out-of-scope ids answer exactly as unknown ids do, on reads and writes alike', async () => {
    for (const [path, other, unknown] of [
      ['/matches/{}', 'away-1', 'nope-1'],
      ['/matches/{}/log', 'away-1', 'nope-1'],
      ['/tournaments/{}', 'away', 'nowhere'],
      ['/tournaments/{}/standings', 'away', 'nowhere'],
    ] as const) {
      const a = await homeJudge.get(path.replace('{}', other));
      const b = await homeJudge.get(path.replace('{}', unknown));
      expect(a.status).toBe(404);
      expect(shape(a, other)).toEqual(shape(b, unknown));
    }
    const end = (id: string) =>
      homeJudge.post(`/matches/${id}/end`, { commandId: commandId(), winner: 'draw' });
    expect(shape(await end('away-1'), 'away-1')).toEqual(shape(await end('nope-1'), 'nope-1'));
  });

  it('a bound key scheduling a match id learns nothing of whether it exists outside its tournament', async () => {
    const schedule = (key: Caller, matchId?: string) =>
      key.post('/tournaments/home/matches', {
        commandId: commandId(),
        ...(matchId ? { matchId } : {}),
        round: 2,
        table: 1,
        ruleset: 'hand-to-hand',
        sides: { A: 'Zulus', B: 'British' },
        diceMode: 'table',
      });
    for (const key of [homeJudge, home]) {
      // Another tournament's match and an id nobody has used: one answer, and nothing created.
      const taken = await schedule(key, 'away-1');
      const free = await schedule(key, 'nope-2');
      expect(taken.status).toBe(400);
      expect(taken.body.field).toBe('matchId');
      expect(shape(taken, 'away-1')).toEqual(shape(free, 'nope-2'));
      expect((await org.get('/matches/nope-2')).status).toBe(404);
      // Reading either answers 404 alike, as before.
      expect(shape(await key.get('/matches/away-1'), 'away-1')).toEqual(
        shape(await key.get('/matches/nope-2'), 'nope-2'),
      );
    }
    // An id of its own tournament is its tournament's to tell about: 409, as for any key.
    const own = await schedule(homeJudge, 'home-1');
    expect(own.status).toBe(409);
    // Leaving the id out, the bound key schedules with one the service chooses.
    const chosen = await schedule(homeJudge);
    expect(chosen.status).toBe(201);
    expect(chosen.body.matchId).toMatch(/^m-[0-9a-f]{20}$/);
    // The organiser who sees every tournament is still told where the id is taken.
    const told = await org.post('/tournaments/home/matches', {
      commandId: commandId(),
      matchId: 'away-1',
      round: 2,
      table: 2,
      ruleset: 'hand-to-hand',
      sides: { A: 'Zulus', B: 'British' },
      diceMode: 'table',
    });
    expect(told.status).toBe(409);
    expect(told.body.detail).toMatch(/tournament away/);
  });

  it('side on a judge or spectator key, and matchId on an organiser key, are refused, not ignored', async () => {
    for (const [grant, field] of [
      [{ role: 'judge', matchId: 'home-1', side: 'A' }, 'side'],
      [{ role: 'spectator', side: 'A' }, 'side'],
      [{ role: 'organiser', matchId: 'home-1', side: 'B' }, 'matchId'],
      [{ role: 'organiser', matchId: 'home-1' }, 'matchId'],
    ] as const) {
      const reply = await org.post('/keys', grant);
      expect(reply.status).toBe(400);
      expect(reply.body.field).toBe(field);
      expect(reply.body.detail).toMatch(
        field === 'side' ? /player keys only/ : /judge and spectator keys only/,
      );
      expect((await org.post('/tournaments/home/keys', grant)).status).toBe(400);
    }
  });

  it('a judge or spectator key issued for a tournament may be bound to one of its matches, not another’s', async () => {
    for (const role of ['judge', 'spectator']) {
      const own = await org.post('/tournaments/home/keys', { role, matchId: 'home-1' });
      expect(own.status).toBe(201);
      expect(own.body).toMatchObject({ role, matchId: 'home-1', tournamentId: 'home' });
      expect((await org.post('/tournaments/home/keys', { role, matchId: 'away-1' })).status).toBe(400);
    }
  });

  it('key issue is idempotent by commandId: the same key and token again, nothing issued; another grant is 409', async () => {
    const before = (await org.get('/keys')).body.length;
    const first = await org.post('/keys', { commandId: 'hall-screen', role: 'spectator', label: 'hall' });
    const again = await org.post('/keys', { commandId: 'hall-screen', role: 'spectator', label: 'hall' });
    expect(first.status).toBe(201);
    expect(first.body.duplicate).toBe(false);
    expect(again.body).toEqual({ ...first.body, duplicate: true });
    expect((await org.get('/keys')).body.length).toBe(before + 1);
    expect((await new Caller(t.url, again.body.token).get('/tournaments')).status).toBe(200);

    const changed = await org.post('/keys', { commandId: 'hall-screen', role: 'judge' });
    expect(changed.status).toBe(409);
    // Another issuing key's commandId is its own.
    const theirs = await home.post('/keys', { commandId: 'hall-screen', role: 'spectator', label: 'hall' });
    expect(theirs.status).toBe(201);
    expect(theirs.body.keyId).not.toBe(first.body.keyId);

    const viaTournament = await org.post('/tournaments/home/keys', { commandId: 'desk', role: 'judge' });
    const viaTournamentAgain = await org.post('/tournaments/home/keys', { commandId: 'desk', role: 'judge' });
    expect(viaTournamentAgain.body).toEqual({ ...viaTournament.body, duplicate: true });
  });

  it('C-6 the commandId of a key since revoked is refused (409), not answered with its dead token', async () => {
    for (const [path, body] of [
      ['/keys', { commandId: 'door-screen', role: 'spectator', label: 'door' }],
      ['/tournaments/home/keys', { commandId: 'door-desk', role: 'judge' }],
    ] as const) {
      const first = await org.post(path, body);
      expect(first.status).toBe(201);
      expect((await org.delete(`/keys/${first.body.keyId}`)).status).toBe(204);
      const before = (await org.get('/keys')).body.length;
      const again = await org.post(path, body);
      expect(again.status).toBe(409);
      expect(again.body.ruleId ?? again.body.detail).toMatch(/C-6/);
      expect(again.body.detail).toMatch(/revoked/);
      expect(JSON.stringify(again.body)).not.toContain(first.body.token);
      expect((await org.get('/keys')).body.length).toBe(before);
      // A new commandId issues a new, working key.
      const renewed = await org.post(path, { ...body, commandId: `${body.commandId}-2` });
      expect(renewed.status).toBe(201);
      expect(renewed.body.keyId).not.toBe(first.body.keyId);
      expect((await new Caller(t.url, renewed.body.token).get('/tournaments/home')).status).toBe(200);
    }
  });
});
