import { startTestApp, type TestApp } from './support/test-app.js';
import { Caller, commandId, organiser } from './support/umpire-client.js';
import { type SmallEvent, smallEvent, startFirstRound } from './tournament-support.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- response bodies are asserted field by field */

interface Read {
  status: number;
  etag: string | null;
  cacheControl: string | null;
  vary: string | null;
  text: string;
  body: any;
}

/**
 * The tournament routes' validators over HTTP on the real SQLite store, as a phone polls them (and a
 * spreadsheet refreshes the standings file): a 200
 * with a weak ETag, the same read with If-None-Match a 304 with no body, a 200 with another ETag once
 * what it shows has changed (and a 304 still when the tournament changed but not that); a key bound to the tournament is not answered another key's 304 where
 * its list differs; a round whose clock runs has no ETag, so its time left is never held behind a 304.
 */
describe('tournament reads answer 304 while nothing has changed', () => {
  let t: TestApp;
  let event: SmallEvent;
  let org: Caller;
  let player: Caller;
  const T = 'etag-cup';
  const base = `/tournaments/${T}`;

  beforeAll(async () => {
    t = await startTestApp();
    event = await smallEvent(t, T);
    org = event.org;
    player = event.players.get('p1')!;
  });
  afterAll(() => t.close());

  async function read(caller: Caller, path: string, ifNoneMatch?: string): Promise<Read> {
    const response = await fetch(`${t.url}${path}`, {
      headers: {
        authorization: `Bearer ${caller.token}`,
        ...(ifNoneMatch ? { 'if-none-match': ifNoneMatch } : {}),
      },
    });
    const text = await response.text();
    return {
      status: response.status,
      etag: response.headers.get('etag'),
      cacheControl: response.headers.get('cache-control'),
      vary: response.headers.get('vary'),
      text,
      body: text && response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : undefined,
    };
  }

  /** A 200 with a weak ETag, then the same read sent with it: a 304 with no body and the same headers. */
  async function heldAt(caller: Caller, path: string): Promise<Read> {
    const first = await read(caller, path);
    expect([path, first.status]).toEqual([path, 200]);
    expect(first.etag).toMatch(/^W\/"[\w-]+"$/);
    expect(first.cacheControl).toBe('private, no-cache');
    expect(first.vary).toMatch(/Authorization/);
    const again = await read(caller, path, first.etag!);
    expect([path, again.status, again.text]).toEqual([path, 304, '']);
    expect(again.etag).toBe(first.etag);
    expect(again.cacheControl).toBe('private, no-cache');
    return first;
  }

  /** After a change: the ETag held before gets a 200 with the new body and another ETag. */
  async function changedAt(caller: Caller, path: string, before: Read): Promise<Read> {
    const after = await read(caller, path, before.etag!);
    expect([path, after.status]).toEqual([path, 200]);
    expect(after.etag).toMatch(/^W\//);
    expect(after.etag).not.toBe(before.etag);
    return after;
  }

  it('every tournament route a phone polls: 304 while unchanged; a participant registered, a round started and a result recorded each answer 200 with a new ETag', async () => {
    const participants = await heldAt(player, `${base}/participants?limit=100`);
    const me = await heldAt(player, `${base}/participants/p1`);
    const tournament = await heldAt(player, base);
    const standings = await heldAt(player, `${base}/standings`);
    const csv = await heldAt(player, `${base}/standings.csv`);
    expect(csv.text).toMatch(/^rank,participantId,name,/);

    // If-None-Match as RFC 9110 has it: a list, compared weakly, or `*`.
    expect((await read(player, `${base}/standings`, `"other", ${standings.etag}`)).status).toBe(304);
    expect((await read(player, `${base}/standings`, standings.etag!.slice(2))).status).toBe(304);
    expect((await read(player, `${base}/standings`, '*')).status).toBe(304);
    expect((await read(player, `${base}/standings`, 'W/"other"')).status).toBe(200);
    // Another query is another answer.
    expect((await read(player, `${base}/participants?limit=2`, participants.etag!)).status).toBe(200);

    await org.command(`${base}/participants`, { name: 'Player 5', seed: 5 });
    const registered = await changedAt(player, `${base}/participants?limit=100`, participants);
    expect(registered.body.items.map((p: any) => p.name)).toContain('Player 5');
    const standingsOfFive = await changedAt(player, `${base}/standings`, standings);
    expect(standingsOfFive.body.standings).toHaveLength(5);
    expect((await changedAt(player, `${base}/standings.csv`, csv)).text).toContain('Player 5');
    // p1 as it was, though the stream moved on: still held.
    expect((await read(player, `${base}/participants/p1`, me.etag!)).status).toBe(304);

    const noRounds = await heldAt(player, `${base}/rounds?limit=100`);
    expect(noRounds.body.items).toEqual([]);
    await startFirstRound(event);
    const rounds = await changedAt(player, `${base}/rounds?limit=100`, noRounds);
    expect(rounds.body.items[0].status).toBe('started');
    const held = await heldAt(player, `${base}/rounds?limit=100`);
    const round = await heldAt(player, `${base}/rounds/1`);
    const heldStandings = await heldAt(player, `${base}/standings`);
    const heldCsv = await heldAt(player, `${base}/standings.csv`);

    await org.command(event.at(1, 1, 'override'), { outcome: 'A', reason: 'slip at the desk' });
    const resulted = await changedAt(player, `${base}/rounds?limit=100`, held);
    expect(resulted.body.items[0].pairings[0]).toMatchObject({ status: 'final', result: { outcome: 'A' } });
    expect((await changedAt(player, `${base}/rounds/1`, round)).body.pairings[0].status).toBe('final');
    const ranked = await changedAt(player, `${base}/standings`, heldStandings);
    expect(ranked.body.standings[0]).toMatchObject({ participantId: 'p1', points: 3 });
    expect((await changedAt(player, `${base}/standings.csv`, heldCsv)).text.split('\r\n')[1]).toMatch(
      /^1,p1,/,
    );
    await heldAt(org, `${base}/rounds/disputed`);
    // A view the events left as it was keeps its ETag: rounds and results change no participant.
    const same = await read(player, `${base}/participants?limit=100`, registered.etag!);
    expect([same.status, same.etag]).toEqual([304, registered.etag]);

    // The summary (name, scoring, matches scheduled) is held across all that, and across another
    // tournament created; a match scheduled in this one changes it.
    expect((await read(player, base, tournament.etag!)).status).toBe(304);
    await organiser(t).command('/tournaments', { tournamentId: 'other-cup', name: 'Other cup' });
    expect((await read(player, base, tournament.etag!)).status).toBe(304);
    await org.command(`${base}/matches`, {
      matchId: `${T}-r1-t2`,
      round: 1,
      table: 2,
      ruleset: 'hand-to-hand',
      sides: { A: 'Zulus', B: 'British' },
      diceMode: 'table',
    });
    const scheduled = await changedAt(player, base, tournament);
    expect(scheduled.body).toMatchObject({ tournamentId: T, matches: tournament.body.matches + 1 });
    expect(scheduled.body.rulesVersion).toBe(tournament.body.rulesVersion);
  });

  it('a key bound to the tournament is not answered an unbound key’s 304: its list of tournaments is another', async () => {
    await organiser(t).command('/tournaments', { tournamentId: 'list-cup', name: 'List cup' });
    // The key first: issuing it is an event, which moves the read model on.
    const issued = await org.post(`${base}/keys`, {
      commandId: commandId(),
      role: 'spectator',
      label: 'hall',
    });
    expect(issued.status).toBe(201);
    const hall = new Caller(t.url, issued.body.token as string);
    const all = await heldAt(org, '/tournaments?limit=100');
    expect(all.body.items.map((x: any) => x.tournamentId)).toEqual(expect.arrayContaining([T, 'list-cup']));
    const own = await read(hall, '/tournaments?limit=100', all.etag!);
    expect(own.status).toBe(200);
    expect(own.body.items.map((x: any) => x.tournamentId)).toEqual([T]);
    expect(own.etag).not.toBe(all.etag);
    expect((await read(hall, '/tournaments?limit=100', own.etag!)).status).toBe(304);
  });

  it('a round whose clock runs has no ETag, so its time left is never held; paused it has one, which time added changes, and resumed none again', async () => {
    const clock = `${base}/rounds/1/clock`;
    await org.command(`${clock}/start`, { seconds: 600, policy: 'finish-turn' });
    const running = await read(player, `${base}/rounds/1`);
    expect(running.status).toBe(200);
    expect(running.etag).toBeNull();
    expect(running.cacheControl).toBe('private, no-cache');
    expect(running.body.clock).toMatchObject({ state: 'running' });
    expect((await read(player, `${base}/rounds?limit=100`)).etag).toBeNull();
    // A second later its time left is less, and a phone asking with any tag is told so.
    await new Promise((done) => setTimeout(done, 1100));
    const later = await read(player, `${base}/rounds/1`, '*');
    expect(later.status).toBe(200);
    expect(later.body.clock.remainingSeconds).toBeLessThan(running.body.clock.remainingSeconds);

    await org.command(`${clock}/pause`);
    const paused = await heldAt(player, `${base}/rounds/1`);
    expect(paused.body.clock).toMatchObject({ state: 'paused' });
    const pausedRounds = await heldAt(player, `${base}/rounds?limit=100`);
    // Time added while paused changes the clock alone: the round's ETag follows it.
    await org.command(`${clock}/extend`, { seconds: 60, reason: 'a table was moved' });
    const extended = await changedAt(player, `${base}/rounds/1`, paused);
    expect(extended.body.clock.remainingSeconds).toBe(paused.body.clock.remainingSeconds + 60);
    const extendedRounds = await changedAt(player, `${base}/rounds?limit=100`, pausedRounds);
    expect(extendedRounds.body.items[0].clock.remainingSeconds).toBe(paused.body.clock.remainingSeconds + 60);

    await org.command(`${clock}/resume`);
    const resumed = await read(player, `${base}/rounds/1`, extended.etag!);
    expect(resumed.status).toBe(200);
    expect(resumed.etag).toBeNull();
    expect(resumed.body.clock.state).toBe('running');
  });

  it('a tournament run the old way reads its matches and standings from read models: 304 until a match of it ends', async () => {
    const old = '/tournaments/names-cup';
    await org.command('/tournaments', { tournamentId: 'names-cup', name: 'Names cup' });
    await org.command(`${old}/matches`, {
      matchId: 'names-1',
      round: 1,
      table: 1,
      players: { A: 'Ann', B: 'Bo' },
      ruleset: 'hand-to-hand',
      sides: { A: 'Zulus', B: 'British' },
      diceMode: 'table',
    });
    const matches = await heldAt(org, `${old}/matches`);
    expect(matches.body.items[0].status).not.toBe('ended');
    const standings = await heldAt(player, `/tournaments/${T}/standings`);
    const namedStandings = await heldAt(org, `${old}/standings`);
    expect(namedStandings.body.standings[0]).toMatchObject({ competitor: 'Ann', played: 0 });
    const namedCsv = await heldAt(org, `${old}/standings.csv`);

    const ended = await org.post('/matches/names-1/end', { commandId: commandId(), winner: 'A', note: 'ok' });
    expect(ended.status).toBe(201);
    expect((await changedAt(org, `${old}/matches`, matches)).body.items[0].status).toBe('ended');
    const ranked = await changedAt(org, `${old}/standings`, namedStandings);
    expect(ranked.body.standings[0]).toMatchObject({ competitor: 'Ann', played: 1, won: 1 });
    expect((await changedAt(org, `${old}/standings.csv`, namedCsv)).text).toMatch(/Ann/);
    // Another tournament's match changes nothing of this one's standings, read from its stream.
    expect((await read(player, `/tournaments/${T}/standings`, standings.etag!)).status).toBe(304);
  });
});
