import { startTestApp, type TestApp } from './support/test-app.js';
import { type Caller, commandId, organiser } from './support/umpire-client.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- response bodies are asserted field by field */

/**
 * A tournament created with its number of rounds, refereed tables and their ruleset, over HTTP on the
 * real SQLite store: each checked on create (400 naming the field, nothing appended), shown with the
 * standings, a round past the number refused naming C-6, and a started round's pairings played out as
 * refereed matches of that ruleset and version.
 */
describe('a tournament’s rounds, tables and ruleset over HTTP', () => {
  let t: TestApp;
  let org: Caller;
  let current: string;

  beforeAll(async () => {
    t = await startTestApp();
    org = organiser(t);
    const probe = await org.command('/matches', {
      matchId: 'probe',
      ruleset: 'hand-to-hand',
      sides: { A: 'A', B: 'B' },
      diceMode: 'table',
    });
    current = (await org.get('/matches/probe')).body.ruleset.version;
    expect(probe.status).toBe(201);
  });
  afterAll(async () => {
    await t.close();
  });

  const create = (body: object) =>
    org.post('/tournaments', {
      commandId: commandId(),
      tournamentId: 'setup-cup',
      name: 'Setup cup',
      ...body,
    });

  it('C-6 a bad number of rounds, table mode, ruleset or version is refused 400 naming the field, and nothing is created', async () => {
    for (const [body, field] of [
      [{ numberOfRounds: 0 }, 'numberOfRounds'],
      [{ numberOfRounds: 2.5 }, 'numberOfRounds'],
      [{ tables: 'by-post' }, 'tables'],
      [{ tables: 'refereed', ruleset: 'chess' }, 'ruleset'],
      [{ tables: 'refereed' }, 'ruleset'],
      [{ tables: 'refereed', ruleset: 'hand-to-hand', rulesetVersion: '99.0.0' }, 'rulesetVersion'],
      [{ rulesetVersion: current }, 'rulesetVersion'],
    ] as const) {
      const refused = await create(body);
      expect([refused.status, JSON.stringify(body)]).toEqual([400, JSON.stringify(body)]);
      expect(refused.body.detail).toMatch(new RegExp(field));
    }
    expect((await org.get('/tournaments/setup-cup')).status).toBe(404);
  });

  it('C-6 created refereed for 1 round under hand-to-hand: its standings show all three; a report-only one without them reads as before', async () => {
    const created = await create({ numberOfRounds: 1, tables: 'refereed', ruleset: 'hand-to-hand' });
    expect(created.status).toBe(201);
    for (let i = 1; i <= 4; i++) {
      await org.command('/tournaments/setup-cup/participants', { name: `Player ${i}`, seed: i });
      await org.command(`/tournaments/setup-cup/participants/p${i}/check-in`);
    }
    const standings = (await org.get('/tournaments/setup-cup/standings')).body;
    expect(standings).toMatchObject({
      numberOfRounds: 1,
      tables: 'refereed',
      ruleset: { id: 'hand-to-hand', version: current },
    });
    await org.command('/tournaments', { tournamentId: 'plain-cup', name: 'Plain cup' });
    await org.command('/tournaments/plain-cup/participants', { name: 'Player 1' });
    expect((await org.get('/tournaments/plain-cup/standings')).body).toMatchObject({
      numberOfRounds: null,
      tables: 'report-only',
      ruleset: null,
    });
  });

  it('C-6 a started round of a refereed tournament plays each pairing as a refereed match of its ruleset and version; a round past the number is refused', async () => {
    await org.command('/tournaments/setup-cup/rounds', { round: 1, method: 'swiss' });
    await org.command('/tournaments/setup-cup/rounds/1/start');
    const pairings = (await org.get('/tournaments/setup-cup/rounds/1')).body.pairings as any[];
    expect(pairings).toHaveLength(2);
    for (const p of pairings) {
      expect(p.matchId).toEqual(expect.any(String));
      const match = (await org.get(`/matches/${p.matchId}`)).body;
      expect(match.ruleset).toMatchObject({ id: 'hand-to-hand', version: current });
      expect(match.state.diceMode).toBe('server');
    }
    const matches = (await org.get('/tournaments/setup-cup/matches')).body.items as any[];
    expect(matches.map((m) => [m.round, m.table])).toEqual([
      [1, 1],
      [1, 2],
    ]);
    // The round's results come from its matches' ends; once it closes, a second round is past the number.
    for (const p of pairings) {
      await org.command(`/matches/${p.matchId}/end`, { winner: 'A', note: 'conceded' });
    }
    let status = '';
    for (const deadline = Date.now() + 5000; status !== 'closed' && Date.now() < deadline;) {
      status = (await org.get('/tournaments/setup-cup/rounds/1')).body.status;
      if (status !== 'closed') await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(status).toBe('closed');
    const past = await org.post('/tournaments/setup-cup/rounds', {
      commandId: commandId(),
      round: 2,
      method: 'swiss',
    });
    expect(past.status).toBe(409);
    expect(past.body).toMatchObject({ ruleId: 'C-6' });
    expect(past.body.detail).toBe('C-6: the tournament plays 1 round: round 2 is past them');
  });
});
