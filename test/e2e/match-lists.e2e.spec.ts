import request from 'supertest';
import { startTestApp, type TestApp } from './support/test-app.js';
import { type Caller, commandId, issueKey, openMatch, organiser } from './support/umpire-client.js';

/**
 * The lists of the match routes follow one convention (`limit`, `cursor`, `nextCursor`): `GET /matches`,
 * from its read model, with what each key may see; and a match's events, whose complete pages carry
 * an ETag.
 */
describe('match lists over HTTP', () => {
  let t: TestApp;
  let org: Caller;
  beforeAll(async () => {
    t = await startTestApp();
    org = organiser(t);
  });
  afterAll(async () => t.close());

  const schedule = (tournamentId: string, matchId: string, table: number) =>
    org.command(`/tournaments/${tournamentId}/matches`, {
      matchId,
      round: 1,
      table,
      ruleset: 'hand-to-hand',
      sides: { A: 'Zulus', B: 'British' },
      diceMode: 'table',
    });

  /** Every page of GET /matches with these filters, followed by nextCursor. */
  async function everyPage(caller: Caller, query: string, limit: number): Promise<string[][]> {
    const pages: string[][] = [];
    let cursor: string | null = null;
    do {
      const reply = await caller.get(
        `/matches?limit=${limit}${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(reply.status).toBe(200);
      pages.push(reply.body.items.map((m: { matchId: string }) => m.matchId));
      cursor = reply.body.nextCursor;
    } while (cursor !== null && pages.length < 20);
    return pages;
  }

  it('GET /matches lists the matches a key may see, filtered by tournament, status and updatedSince, a page at a time', async () => {
    await org.command('/tournaments', { tournamentId: 'cup', name: 'Cup' });
    await org.command('/tournaments', { tournamentId: 'shield', name: 'Shield' });
    await schedule('cup', 'cup-1', 1);
    await schedule('cup', 'cup-2', 2);
    await schedule('shield', 'shield-1', 1);
    const loose = await openMatch(t, { matchId: 'loose-1', ruleset: 'atomic-africa' });
    await loose.judge.command('/matches/loose-1/end', { winner: 'B', note: 'time' });

    // Organiser: everything, in id order, two a page.
    expect(await everyPage(org, '', 2)).toEqual([
      ['cup-1', 'cup-2'],
      ['loose-1', 'shield-1'],
    ]);
    const all = await org.get('/matches?limit=100');
    expect(all.body.nextCursor).toBeNull();
    expect(all.body.items.find((m: { matchId: string }) => m.matchId === 'loose-1')).toEqual({
      matchId: 'loose-1',
      ruleset: { id: 'atomic-africa', version: expect.any(String) },
      tournamentId: null,
      sides: { A: 'Side A', B: 'Side B' },
      status: 'ended',
      result: { winner: 'B', winnerName: 'Side B', note: 'time' },
      revision: 2,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      openDisputes: 0,
    });
    expect(all.body.items.find((m: { matchId: string }) => m.matchId === 'cup-1')).toMatchObject({
      tournamentId: 'cup',
      status: 'open',
      result: null,
    });

    // Filters.
    const ids = async (caller: Caller, query: string) =>
      (await caller.get(`/matches?limit=100${query}`)).body.items.map((m: { matchId: string }) => m.matchId);
    expect(await ids(org, '&tournament=cup')).toEqual(['cup-1', 'cup-2']);
    expect(await ids(org, '&status=ended')).toEqual(['loose-1']);
    expect(await ids(org, '&status=open&tournament=shield')).toEqual(['shield-1']);
    expect(await ids(org, '&updatedSince=2999-01-01T00:00:00Z')).toEqual([]);
    // The matches no tournament schedules: a single match, as the desk sets one up.
    expect(await ids(org, '&standalone=true')).toEqual(['loose-1']);
    expect(await ids(org, '&standalone=true&status=open')).toEqual([]);
    expect(await ids(org, '&standalone=false')).toEqual(['cup-1', 'cup-2', 'loose-1', 'shield-1']);
    const since = all.body.items.find((m: { matchId: string }) => m.matchId === 'loose-1').updatedAt;
    expect(await ids(org, `&updatedSince=${encodeURIComponent(since)}`)).toContain('loose-1');

    // Who sees what: a player its match; a key bound to a tournament that tournament's matches.
    expect(await ids(loose.A, '')).toEqual(['loose-1']);
    expect(await ids(loose.spectator, '&status=ended')).toEqual(['loose-1']);
    const cupJudge = await issueKey(t, { role: 'judge', tournamentId: 'cup' });
    expect(await ids(cupJudge, '')).toEqual(['cup-1', 'cup-2']);
    expect(await ids(cupJudge, '&tournament=cup')).toEqual(['cup-1', 'cup-2']);
    expect(await ids(cupJudge, '&standalone=true')).toEqual([]);
    // Another tournament is answered as one that does not exist, as on every route.
    const away = await cupJudge.get('/matches?tournament=shield');
    expect(away.status).toBe(404);
    expect(away.body.detail).toBe('tournament shield does not exist');

    // Bad input names the field.
    expect((await org.get('/matches?limit=0')).status).toBe(400);
    expect((await org.get('/matches?status=playing')).status).toBe(400);
    expect((await org.get('/matches?updatedSince=yesterday')).status).toBe(400);
    const notBoth = await org.get('/matches?standalone=true&tournament=cup');
    expect(notBoth.status).toBe(400);
    expect(notBoth.body.detail).toMatch(/standalone=true .* does not go with tournament/);
    expect((await org.get('/matches?standalone=yes')).body.detail).toMatch(
      /standalone must be true or false/,
    );
    expect((await org.get('/matches?cursor=nonsense')).status).toBe(400);
    expect((await new (org.constructor as typeof Caller)(t.url, undefined).get('/matches')).status).toBe(401);
  });

  it('C-5 GET /matches counts the disputes that wait for a judge: one raised is counted until it is ruled on, a backup ruling included', async () => {
    const m = await openMatch(t, { matchId: 'disputed', ruleset: 'hand-to-hand' });
    const at = (path: string) => `/matches/disputed/${path}`;
    await m.organiser.command(at('units'), { unitId: 'impi', name: 'Impi', side: 'A', morale: 8, move: 6 });
    await m.organiser.command(at('units'), { unitId: 'nnc', name: 'NNC', side: 'B', morale: 7, move: 6 });
    const listed = async () =>
      (await org.get('/matches?limit=100&standalone=true&status=open')).body.items.find(
        (item: { matchId: string }) => item.matchId === 'disputed',
      );
    expect((await listed()).openDisputes).toBe(0);
    await m.B.command(at('disputes'), { disputeId: 'd1', revision: 2, claim: 'the Impi has morale 7' });
    await m.A.command(at('disputes'), { disputeId: 'd2', revision: 3, claim: 'the NNC moves 4' });
    expect(await listed()).toMatchObject({ openDisputes: 2, revision: 5 });
    await m.judge.command(at('disputes/d1/ruling'), {
      ruling: 'upheld',
      ruleId: 'HH-1',
      note: 'registered wrongly',
      backupTo: 1,
    });
    // The backup undoes the units, not the other dispute: it still waits.
    expect((await listed()).openDisputes).toBe(1);
    await m.judge.command(at('disputes/d2/ruling'), {
      ruling: 'dismissed',
      ruleId: 'HH-1',
      note: 'it moves 6',
    });
    expect((await listed()).openDisputes).toBe(0);
  });

  it('a complete page of events carries an ETag and answers 304 to If-None-Match; the page at the head does not; the log pages too', async () => {
    const m = await openMatch(t, { matchId: 'tagged', ruleset: 'hand-to-hand' });
    for (const [unitId, side] of [
      ['impi', 'A'],
      ['nnc', 'B'],
    ] as const) {
      await m.organiser.command('/matches/tagged/units', { unitId, name: unitId, side, morale: 8, move: 6 });
    }
    const get = (path: string, headers: Record<string, string> = {}) => {
      let test = request(t.url).get(path).set('Authorization', `Bearer ${m.A.token}`);
      for (const [name, value] of Object.entries(headers)) test = test.set(name, value);
      return test;
    };
    // Events 1 and 2 of 3: complete.
    const page = await get('/matches/tagged/events?limit=2');
    expect(page.status).toBe(200);
    const etag = page.headers.etag;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(page.headers.vary).toContain('Authorization');
    const again = await get('/matches/tagged/events?limit=2', { 'If-None-Match': etag! });
    expect(again.status).toBe(304);
    expect(again.text).toBeFalsy();
    // The page that reaches the head can still grow: no tag.
    const head = await get(`/matches/tagged/events?cursor=${page.body.nextCursor}&limit=2`);
    expect(head.status).toBe(200);
    expect(head.body.events.map((e: { revision: number }) => e.revision)).toEqual([3]);
    expect(head.headers.etag).toBeUndefined();

    // The turn log pages the same way.
    const log = await m.A.get('/matches/tagged/log?limit=2');
    expect(log.body.entries.map((e: { revision: number }) => e.revision)).toEqual([1, 2]);
    const logRest = await m.A.get(`/matches/tagged/log?limit=2&cursor=${log.body.nextCursor}`);
    expect(logRest.body).toMatchObject({ entries: [{ revision: 3 }], nextCursor: null });
    expect((await m.A.get('/matches/tagged/log?limit=501')).status).toBe(400);

    // A judge's backup marks events 2 and 3 reverted: the complete page changed, and so does its tag.
    const judge = await issueKey(t, { role: 'judge' });
    await judge.command('/matches/tagged/backups', {
      commandId: commandId(),
      toRevision: 1,
      reason: 'again',
    });
    const changed = await get('/matches/tagged/events?limit=2', { 'If-None-Match': etag! });
    expect(changed.status).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.body.events.map((e: { reverted: boolean }) => e.reverted)).toEqual([false, true]);
  });
});
