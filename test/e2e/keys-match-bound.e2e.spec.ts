import { openSse, type SseClient } from './organiser-support.js';
import { startTestApp, type TestApp } from './support/test-app.js';
import {
  Caller,
  commandId,
  type MatchTable,
  openMatch,
  organiser,
  type Reply,
} from './support/umpire-client.js';

/** A reply's body with one id written as X: two refusals compared as the same answer about different ids. */
function shape(reply: { status: number; body: unknown }, id: string): object {
  return { status: reply.status, body: JSON.parse(JSON.stringify(reply.body).split(id).join('X')) };
}

/** Resolves once the feed has ended, or rejects if it is still open after `ms`. */
async function endsWithin(feed: SseClient, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the feed was still open ${ms} ms after the revocation`)), ms);
  });
  try {
    await Promise.race([feed.ended, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** The reads of one match, by route family: state, log, history, roster, result, export, audit. */
const READS = [
  '/matches/{}',
  '/matches/{}/state',
  '/matches/{}/log',
  '/matches/{}/events',
  '/matches/{}/roster',
  '/matches/{}/export',
  '/matches/{}/verify',
  '/matches/{}/checkpoint',
];

/**
 * A judge or spectator key bound to one match (POST /keys with matchId), over HTTP on the real SQLite
 * store: it reaches that match by every route, and answers about any other match exactly as about
 * one that does not exist; nothing that reaches past one match (lists of tournaments, other tables,
 * creating matches, read models) is open to it.
 */
describe('keys bound to one match: a judge or spectator of that match alone', () => {
  let t: TestApp;
  let org: Caller;
  let lone: MatchTable;
  let judge: Caller;
  let watcher: Caller;
  let watcherKeyId: string;

  async function issued(by: Caller, grant: object): Promise<{ caller: Caller; body: Reply['body'] }> {
    const reply = await by.post('/keys', grant);
    expect(reply.status).toBe(201);
    return { caller: new Caller(t.url, reply.body.token as string), body: reply.body };
  }

  beforeAll(async () => {
    t = await startTestApp({ sseHeartbeatMs: 200 });
    org = organiser(t);
    lone = await openMatch(t, { matchId: 'lone-1', ruleset: 'hand-to-hand' });
    await openMatch(t, { matchId: 'lone-2', ruleset: 'hand-to-hand' });
    await org.command('/tournaments', { tournamentId: 'cup', name: 'Cup' });
    for (const [matchId, table] of [
      ['cup-1', 1],
      ['cup-2', 2],
    ] as const) {
      await org.command('/tournaments/cup/matches', {
        matchId,
        round: 1,
        table,
        ruleset: 'hand-to-hand',
        sides: { A: 'Zulus', B: 'British' },
        diceMode: 'table',
      });
    }
    judge = (await issued(org, { role: 'judge', matchId: 'lone-1', label: 'judge of lone-1' })).caller;
    const spectator = await issued(org, { role: 'spectator', matchId: 'lone-1' });
    watcher = spectator.caller;
    watcherKeyId = spectator.body.keyId as string;
  });
  afterAll(async () => t.close());

  it('judge and spectator keys take a matchId; an organiser key does not, nor a judge key a side', async () => {
    expect((await judge.get('/keys/current')).body).toMatchObject({ role: 'judge', matchId: 'lone-1' });
    expect((await watcher.get('/keys/current')).body).toMatchObject({
      role: 'spectator',
      matchId: 'lone-1',
    });
    const organiserKey = await org.post('/keys', { role: 'organiser', matchId: 'lone-1' });
    expect(organiserKey.status).toBe(400);
    expect(organiserKey.body.field).toBe('matchId');
    const sided = await org.post('/keys', { role: 'judge', matchId: 'lone-1', side: 'A' });
    expect(sided.status).toBe(400);
    expect(sided.body.field).toBe('side');
    // A match that does not exist binds nothing.
    expect((await org.post('/keys', { role: 'spectator', matchId: 'nope-1' })).status).toBe(404);
    // Listed with the match's keys, where the desk finds it to revoke it.
    const listed = (await org.get('/keys?match=lone-1')).body as { keyId: string; role: string }[];
    expect(listed.map((k) => k.role).sort()).toEqual(['judge', 'player', 'player', 'spectator']);
  });

  it('an organiser key bound to a tournament binds keys to matches of its tournament only', async () => {
    const desk = (await issued(org, { role: 'organiser', tournamentId: 'cup' })).caller;
    const own = await issued(desk, { role: 'judge', matchId: 'cup-1' });
    expect(own.body).toMatchObject({ role: 'judge', matchId: 'cup-1', tournamentId: 'cup' });
    const elsewhere = await desk.post('/keys', { role: 'spectator', matchId: 'lone-1' });
    const nowhere = await desk.post('/keys', { role: 'spectator', matchId: 'nope-1' });
    expect(elsewhere.status).toBe(400);
    expect(shape(elsewhere, 'lone-1')).toEqual(shape(nowhere, 'nope-1'));

    // Bound to both: another table of its tournament is unknown to it, its tournament's routes are closed.
    const tableJudge = own.caller;
    expect((await tableJudge.get('/matches/cup-1')).status).toBe(200);
    expect(shape(await tableJudge.get('/matches/cup-2'), 'cup-2')).toEqual(
      shape(await tableJudge.get('/matches/nope-1'), 'nope-1'),
    );
    for (const path of ['/tournaments/cup', '/tournaments/cup/standings', '/tournaments/cup/rounds']) {
      expect((await tableJudge.get(path)).status).toBe(403);
    }
    const listed = await tableJudge.get('/matches');
    expect(listed.body.items.map((m: { matchId: string }) => m.matchId)).toEqual(['cup-1']);
  });

  it('reads: its match answers, another match answers exactly as an unknown one', async () => {
    for (const key of [judge, watcher]) {
      for (const path of READS) {
        const mine = await key.get(path.replace('{}', 'lone-1'));
        expect([path, mine.status]).toEqual([path, 200]);
        const other = await key.get(path.replace('{}', 'lone-2'));
        const unknown = await key.get(path.replace('{}', 'nope-1'));
        expect([path, other.status]).toEqual([path, 404]);
        expect(shape(other, 'lone-2')).toEqual(shape(unknown, 'nope-1'));
      }
      // Unbound, the same key reads the other match: the refusal is the binding's.
      expect((await org.get('/matches/lone-2/log')).status).toBe(200);
    }
  });

  it('lists: GET /matches lists its match alone; tournaments, creating matches and read models are closed', async () => {
    for (const key of [judge, watcher]) {
      const listed = await key.get('/matches');
      expect(listed.status).toBe(200);
      expect(listed.body.items.map((m: { matchId: string }) => m.matchId)).toEqual(['lone-1']);
      expect((await key.get('/matches?tournament=cup')).body.items).toEqual([]);
      expect((await key.get('/tournaments')).status).toBe(403);
      expect((await key.get('/projections')).status).toBe(403);
      for (const [path, other] of [
        ['/tournaments/{}', 'cup'],
        ['/tournaments/{}/standings', 'cup'],
        ['/tournaments/{}/webhooks', 'cup'],
        ['/tournaments/{}/export', 'cup'],
      ] as const) {
        const a = await key.get(path.replace('{}', other));
        expect([path, a.status]).toEqual([path, 404]);
        expect(shape(a, other)).toEqual(shape(await key.get(path.replace('{}', 'nowhere')), 'nowhere'));
      }
    }
    const created = await judge.post('/matches', {
      commandId: commandId(),
      matchId: 'judge-made',
      ruleset: 'hand-to-hand',
      sides: { A: 'A', B: 'B' },
      diceMode: 'table',
    });
    expect(created.status).toBe(403);
    expect(created.body.detail).toMatch(/match lone-1 only/);
    expect((await org.get('/matches/judge-made')).status).toBe(404);
    expect(
      (await judge.post('/tournaments', { commandId: commandId(), tournamentId: 'mine', name: 'Mine' }))
        .status,
    ).toBe(403);
  });

  it('commands: the judge rules on a dispute in its match; another match’s ruling answers as an unknown one, and changes nothing', async () => {
    const head = await lone.revision();
    await lone.A.command('/matches/lone-1/disputes', {
      disputeId: 'd1',
      revision: head,
      claim: 'a die fell',
    });
    const rule = (key: Caller, matchId: string) =>
      key.post(`/matches/${matchId}/disputes/d1/ruling`, {
        commandId: commandId(),
        ruling: 'dismissed',
        ruleId: 'C-6',
        note: 'the die stood',
      });
    const other = await rule(judge, 'lone-2');
    expect(other.status).toBe(404);
    expect(shape(other, 'lone-2')).toEqual(shape(await rule(judge, 'nope-1'), 'nope-1'));
    // The spectator is refused by its scope first, then by its role in its own match.
    expect((await rule(watcher, 'lone-2')).status).toBe(404);
    expect((await rule(watcher, 'lone-1')).status).toBe(403);
    const ended = await judge.post('/matches/lone-2/end', { commandId: commandId(), winner: 'A' });
    expect(ended.status).toBe(404);
    expect((await org.get('/matches/lone-2')).body.state).toBeDefined();
    expect((await org.get('/matches/lone-2/result')).body.winner ?? null).toBeNull();

    expect((await rule(judge, 'lone-1')).status).toBe(201);
  });

  it('feeds: its match’s feed opens by header and by ticket; another match’s or a tournament’s does not', async () => {
    for (const key of [judge, watcher]) {
      const byHeader = await openSse(t, '/matches/lone-1/stream', key.token);
      expect(byHeader.status).toBe(200);
      byHeader.close();
      const other = await openSse(t, '/matches/lone-2/stream', key.token);
      expect(other.status).toBe(404);
      other.close();

      const ticket = await key.post('/stream-tickets', { matchId: 'lone-1' });
      expect(ticket.status).toBe(201);
      const byTicket = await openSse(t, ticket.body.url as string, undefined);
      expect(byTicket.status).toBe(200);
      byTicket.close();
      const otherTicket = await key.post('/stream-tickets', { matchId: 'lone-2' });
      expect(shape(otherTicket, 'lone-2')).toEqual(
        shape(await key.post('/stream-tickets', { matchId: 'nope-1' }), 'nope-1'),
      );
      expect(otherTicket.status).toBe(404);
      expect((await key.post('/stream-tickets', { tournamentId: 'cup' })).status).toBe(404);
      const tournamentFeed = await openSse(t, '/tournaments/cup/stream', key.token);
      expect(tournamentFeed.status).toBe(404);
      tournamentFeed.close();
    }
  });

  it('a live feed opened before carries its match’s events, and ends when the key is revoked', async () => {
    const byHeader = await openSse(t, '/matches/lone-1/stream', watcher.token);
    const ticket = await watcher.post('/stream-tickets', { matchId: 'lone-1' });
    const byTicket = await openSse(t, ticket.body.url as string, undefined);
    expect([byHeader.status, byTicket.status]).toEqual([200, 200]);
    const seen = byHeader.messages.length;
    const head = await lone.revision();
    await lone.B.command('/matches/lone-1/disputes', { disputeId: 'd2', revision: head, claim: 'a slip' });
    await byHeader.waitFor(seen + 1);

    expect((await org.delete(`/keys/${watcherKeyId}`)).status).toBe(204);
    await endsWithin(byHeader, 1500);
    await endsWithin(byTicket, 1500);
    expect((await watcher.get('/matches/lone-1')).status).toBe(401);
    const again = await openSse(t, '/matches/lone-1/stream', watcher.token);
    expect(again.status).toBe(401);
    again.close();
  });
});
