import { startTestApp, type TestApp } from './support/test-app.js';
import { Caller, commandId, issueKey, organiser } from './support/umpire-client.js';
import { endMatch, seated, tournamentWithMatches } from './organiser-support.js';

/** Tournaments over real HTTP on SQLite: creating, scheduling matches at tables, listing, standings. */
describe('organiser: tournaments', () => {
  let t: TestApp;
  let org: Caller;
  beforeAll(async () => {
    t = await startTestApp();
    org = organiser(t);
  });
  afterAll(async () => t.close());

  const match = (matchId: string, round: number, table: number, extra: object = {}) => ({
    commandId: commandId('schedule'),
    matchId,
    round,
    table,
    ruleset: 'hand-to-hand',
    sides: { A: 'Zulus', B: 'British' },
    diceMode: 'table',
    ...extra,
  });

  it('POST /tournaments creates a tournament once per commandId; another command for the same id is 409', async () => {
    const body = { commandId: 'create-open', tournamentId: 'open', name: 'The Open' };
    const first = await org.post('/tournaments', body);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      tournamentId: 'open',
      name: 'The Open',
      scoring: { win: 3, draw: 1, loss: 0 },
      duplicate: false,
    });
    const again = await org.post('/tournaments', body);
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({
      tournamentId: 'open',
      duplicate: true,
      createdAt: first.body.createdAt,
    });
    const clash = await org.post('/tournaments', { ...body, commandId: 'another' });
    expect(clash.status).toBe(409);
    const renamed = await org.post('/tournaments', { ...body, name: 'The Closed' });
    expect(renamed.status).toBe(409);
    expect(renamed.body.detail).toContain('C-6');
    expect((await org.get('/tournaments/open')).body).toMatchObject({ name: 'The Open', matches: 0 });
  });

  it('POST /tournaments/:id/matches creates the match through CreateMatch and records MatchScheduled, idempotently', async () => {
    await org.command('/tournaments', { tournamentId: 'sched', name: 'Scheduling' });
    const body = match('sched-1', 1, 4, { players: { A: 'Alice', B: 'Bob' } });
    const first = await org.post('/tournaments/sched/matches', body);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      tournamentId: 'sched',
      matchId: 'sched-1',
      round: 1,
      table: 4,
      players: { A: 'Alice', B: 'Bob' },
      duplicate: false,
      match: { matchId: 'sched-1', revision: 1, events: [expect.objectContaining({ type: 'MatchCreated' })] },
    });
    // The match is a match like any other.
    expect((await org.get('/matches/sched-1')).body).toMatchObject({
      revision: 1,
      ruleset: { id: 'hand-to-hand' },
    });
    const again = await org.post('/tournaments/sched/matches', body);
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ matchId: 'sched-1', duplicate: true, match: { duplicate: true } });
    const events = await org.get('/matches/sched-1/events');
    expect(events.body.events).toHaveLength(1);
    expect((await org.get('/tournaments/sched')).body.matches).toBe(1);
  });

  it('a table takes one match per round (409), and a match is scheduled once (409)', async () => {
    await org.command('/tournaments', { tournamentId: 'tables', name: 'Tables' });
    await org.command('/tournaments/tables/matches', match('tables-1', 1, 1));
    const sameTable = await org.post('/tournaments/tables/matches', match('tables-2', 1, 1));
    expect(sameTable.status).toBe(409);
    expect(sameTable.body.detail).toContain('table 1 of round 1');
    expect((await org.get('/matches/tables-2')).status).toBe(404);
    const sameMatch = await org.post('/tournaments/tables/matches', match('tables-1', 2, 1));
    expect(sameMatch.status).toBe(409);
    expect((await org.post('/tournaments/tables/matches', match('tables-3', 2, 1))).status).toBe(201);
  });

  it('the same key and commandId in two tournaments schedule two matches, each in its own tournament', async () => {
    // The review's repro: Spring (hand-to-hand) and Autumn (atomic-africa) both schedule "r1-t1".
    await org.command('/tournaments', { tournamentId: 'spring', name: 'Spring' });
    await org.command('/tournaments', { tournamentId: 'autumn', name: 'Autumn' });
    const body = { commandId: 'r1-t1', round: 1, table: 1, sides: { A: 'Zulus', B: 'British' } };
    const spring = await org.post('/tournaments/spring/matches', {
      ...body,
      ruleset: 'hand-to-hand',
      diceMode: 'table',
    });
    expect(spring.status).toBe(201);
    const autumn = await org.post('/tournaments/autumn/matches', {
      ...body,
      ruleset: 'atomic-africa',
      diceMode: 'server',
    });
    expect([autumn.status, autumn.body.detail]).toEqual([201, undefined]);
    expect(autumn.body).toMatchObject({
      tournamentId: 'autumn',
      duplicate: false,
      match: { duplicate: false, revision: 1 },
    });
    expect(autumn.body.matchId).not.toBe(spring.body.matchId);
    expect((await org.get(`/matches/${autumn.body.matchId}`)).body).toMatchObject({
      ruleset: { id: 'atomic-africa' },
    });
    expect((await org.get(`/matches/${spring.body.matchId}`)).body).toMatchObject({
      ruleset: { id: 'hand-to-hand' },
    });
    const listed = async (id: string) =>
      (await org.get(`/tournaments/${id}/matches`)).body.items.map((m: { matchId: string }) => m.matchId);
    expect(await listed('spring')).toEqual([spring.body.matchId]);
    expect(await listed('autumn')).toEqual([autumn.body.matchId]);
    // Each repeat answers its own tournament's first answer.
    const again = await org.post('/tournaments/autumn/matches', {
      ...body,
      ruleset: 'atomic-africa',
      diceMode: 'server',
    });
    expect(again.body).toMatchObject({ matchId: autumn.body.matchId, duplicate: true });
    // The same commandId for another schedule is refused (C-6), as for any command.
    const another = await org.post('/tournaments/autumn/matches', {
      ...body,
      table: 2,
      ruleset: 'atomic-africa',
      diceMode: 'server',
    });
    expect(another.status).toBe(409);
    expect(another.body).toMatchObject({ ruleId: 'C-6' });
    expect((await org.get('/tournaments/autumn')).body.matches).toBe(1);
    await endMatch(t, spring.body.matchId, 'A');
    expect((await org.get('/tournaments/spring/standings')).body.standings[0]).toMatchObject({
      competitor: 'Zulus',
      points: 3,
    });
    expect((await org.get('/tournaments/autumn/standings')).body.standings).toEqual([
      expect.objectContaining({ played: 0 }),
      expect.objectContaining({ played: 0 }),
    ]);
  });

  it('a match already scheduled in another tournament, or created outside any, is not scheduled again (409)', async () => {
    await org.command('/tournaments', { tournamentId: 'north', name: 'North' });
    await org.command('/tournaments', { tournamentId: 'south', name: 'South' });
    const first = await org.post('/tournaments/north/matches', {
      ...match('shared', 1, 1),
      commandId: 'same',
    });
    expect(first.status).toBe(201);
    // Same key, same commandId, same match id: the match is North's, not South's to take.
    const taken = await org.post('/tournaments/south/matches', {
      ...match('shared', 1, 1),
      commandId: 'same',
    });
    expect(taken.status).toBe(409);
    expect(taken.body.detail).toContain('tournament north');
    // A match created with POST /matches under the same commandId is not adopted either.
    const alone = { commandId: 'loose', matchId: 'loose', ruleset: 'hand-to-hand', diceMode: 'table' };
    expect((await org.post('/matches', { ...alone, sides: { A: 'Zulus', B: 'British' } })).status).toBe(201);
    const adopted = await org.post('/tournaments/south/matches', {
      ...match('loose', 1, 2),
      commandId: 'loose',
    });
    expect(adopted.status).toBe(409);
    expect(adopted.body.detail).toContain('match loose');
    expect((await org.get('/tournaments/south')).body.matches).toBe(0);
    const north = (await org.get('/tournaments/north/matches')).body.items;
    expect(north.map((m: { matchId: string }) => m.matchId)).toEqual(['shared']);
  });

  it('scheduling checks the match as POST /matches does: an unknown ruleset is refused and nothing is scheduled', async () => {
    await org.command('/tournaments', { tournamentId: 'bad', name: 'Bad' });
    const reply = await org.post('/tournaments/bad/matches', match('bad-1', 1, 1, { ruleset: 'chess' }));
    expect(reply.status).toBe(400);
    const unknownTournament = await org.post('/tournaments/nowhere/matches', match('nowhere-1', 1, 1));
    expect(unknownTournament.status).toBe(404);
    expect((await org.get('/tournaments/bad')).body.matches).toBe(0);
  });

  it('GET /tournaments/:id/matches lists matches by round and table with status and result, a page at a time', async () => {
    await tournamentWithMatches(t, 'listing', [
      { matchId: 'list-3', table: 3 },
      { matchId: 'list-1', table: 1, players: { A: 'Alice', B: 'Bob' } },
      { matchId: 'list-2', table: 2 },
    ]);
    const { A, B } = await seated(t, 'list-2');
    await A.command('/matches/list-2/charges', {
      attackerId: 'impi',
      defenderId: 'nnc',
      aspect: 'front',
      slope: 'level',
      dice: [1, 2],
    });
    expect(B).toBeDefined();
    await endMatch(t, 'list-3', 'B', 'held the drift');

    const page1 = await org.get('/tournaments/listing/matches?limit=2');
    expect(page1.status).toBe(200);
    expect(page1.body.items).toEqual([
      {
        matchId: 'list-1',
        round: 1,
        table: 1,
        players: { A: 'Alice', B: 'Bob' },
        sides: { A: 'Zulus', B: 'British' },
        rulesetId: 'hand-to-hand',
        status: 'scheduled',
        result: null,
      },
      expect.objectContaining({ matchId: 'list-2', table: 2, status: 'in play', result: null }),
    ]);
    expect(page1.body.nextCursor).toEqual(expect.any(String));
    const page2 = await org.get(`/tournaments/listing/matches?limit=2&cursor=${page1.body.nextCursor}`);
    expect(page2.body).toEqual({
      items: [
        expect.objectContaining({
          matchId: 'list-3',
          status: 'ended',
          result: { winner: 'B', winnerName: 'British', note: 'held the drift', endedAt: expect.any(String) },
        }),
      ],
      nextCursor: null,
    });
    expect((await org.get('/tournaments/listing/matches?cursor=garbage')).status).toBe(400);
    expect((await org.get('/tournaments/listing/matches?limit=0')).status).toBe(400);
    expect((await org.get('/tournaments/listing/matches?page=2')).status).toBe(400);
  });

  it('GET /tournaments/:id/standings: win 3, draw 1, loss 0, from the ended matches', async () => {
    await tournamentWithMatches(t, 'league', [
      { matchId: 'league-1', table: 1, players: { A: 'Alice', B: 'Bob' } },
      { matchId: 'league-2', table: 2, players: { A: 'Carol', B: 'Dan' } },
      { matchId: 'league-3', table: 3, players: { A: 'Erin', B: 'Finn' } },
    ]);
    await endMatch(t, 'league-1', 'A');
    await endMatch(t, 'league-2', 'draw');
    const standings = await org.get('/tournaments/league/standings');
    expect(standings.status).toBe(200);
    expect(standings.body).toEqual({
      tournamentId: 'league',
      scoring: { win: 3, draw: 1, loss: 0 },
      standings: [
        { rank: 1, competitor: 'Alice', played: 1, won: 1, drawn: 0, lost: 0, points: 3 },
        { rank: 2, competitor: 'Carol', played: 1, won: 0, drawn: 1, lost: 0, points: 1 },
        { rank: 3, competitor: 'Dan', played: 1, won: 0, drawn: 1, lost: 0, points: 1 },
        { rank: 4, competitor: 'Bob', played: 1, won: 0, drawn: 0, lost: 1, points: 0 },
        { rank: 5, competitor: 'Erin', played: 0, won: 0, drawn: 0, lost: 0, points: 0 },
        { rank: 6, competitor: 'Finn', played: 0, won: 0, drawn: 0, lost: 0, points: 0 },
      ],
    });
  });

  it('GET /tournaments lists tournaments a page at a time; a bound key sees only its own', async () => {
    const page = await org.get('/tournaments?limit=2');
    expect(page.body.items).toHaveLength(2);
    const next = await org.get(`/tournaments?limit=100&cursor=${page.body.nextCursor}`);
    const ids = [...page.body.items, ...next.body.items].map((x: { tournamentId: string }) => x.tournamentId);
    expect(ids).toEqual([...ids].sort());
    expect(ids).toEqual(expect.arrayContaining(['open', 'sched', 'league']));
    const bound = await org.post('/tournaments/league/keys', { role: 'spectator' });
    expect(bound.status).toBe(201);
    expect(bound.body).toMatchObject({
      role: 'spectator',
      tournamentId: 'league',
      token: expect.any(String),
    });
    const spectator = new Caller(t.url, bound.body.token);
    expect(
      (await spectator.get('/tournaments')).body.items.map((x: { tournamentId: string }) => x.tournamentId),
    ).toEqual(['league']);
  });

  it('POST /tournaments/:id/keys issues player keys only for the tournament’s own matches', async () => {
    const elsewhere = await org.post('/tournaments/league/keys', {
      role: 'player',
      matchId: 'list-1',
      side: 'A',
    });
    expect(elsewhere.status).toBe(400);
    const own = await org.post('/tournaments/league/keys', {
      role: 'player',
      matchId: 'league-3',
      side: 'A',
    });
    expect(own.status).toBe(201);
    expect(own.body).toMatchObject({
      role: 'player',
      matchId: 'league-3',
      side: 'A',
      tournamentId: 'league',
    });
    const judgeWithSide = await org.post('/tournaments/league/keys', { role: 'judge', side: 'A' });
    expect(judgeWithSide.status).toBe(400);
    // A judge key bound to the tournament may schedule its matches, and only its matches, under ids
    // the service chooses: another tournament is answered as one that does not exist.
    const judge = await issueKey(t, { role: 'judge', tournamentId: 'league' });
    const { matchId: _named, ...unnamed } = match('league-4', 1, 4);
    expect((await judge.post('/tournaments/league/matches', unnamed)).status).toBe(201);
    expect((await judge.post('/tournaments/league/matches', match('league-5', 1, 5))).status).toBe(400);
    expect((await judge.post('/tournaments/listing/matches', match('listing-9', 1, 9))).status).toBe(404);
  });
});
