import { parsePublicKey } from '../../src/audit/checkpoint.js';
import { verifyTournamentExport } from '../../src/audit/tournament-export-verifier.js';
import { EVENT_STORE, type EventStore } from '../../src/event-store/event-store.port.js';
import { currentRuleset, versionsOf } from '../../src/rulesets/registry.js';
import { startTestApp, type TestApp } from './support/test-app.js';
import { Caller, commandId, issueKey, organiser } from './support/umpire-client.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- response bodies are asserted field by field */

const OLD = '1.0.0';

/**
 * A tournament on an older served version of hand-to-hand, over HTTP on the real SQLite store: it
 * records the version, its refereed rounds schedule matches of that version, they are decided by that
 * version's rules (1.0.0 resolves one charge wholly before the next is declared; from 2.0.0, Q-17, the
 * melee phase declares all its attacks first), and its export verifies. POST /matches takes a served
 * version too; an unknown one is 400 naming rulesetVersion, with nothing appended; without one a match
 * is created under the current version, as before.
 */
describe('a tournament on any served version of its ruleset', () => {
  let t: TestApp;
  let org: Caller;
  let store: EventStore;
  const T = 'old-rules-cup';
  const current = currentRuleset('hand-to-hand')!.version;

  async function head(): Promise<number> {
    let position = 0;
    for (;;) {
      const page = await store.readAll({ fromPosition: position, maxCount: 1000 });
      if (page.length === 0) return position;
      position = page[page.length - 1]!.position;
    }
  }

  beforeAll(async () => {
    t = await startTestApp();
    org = organiser(t);
    store = t.app.get<EventStore>(EVENT_STORE);
    expect(versionsOf('hand-to-hand').map((r) => r.version)).toContain(OLD);
    expect(current).not.toBe(OLD);
  });
  afterAll(async () => {
    await t.close();
  });

  /**
   * Charges until one holds (HH-5: willpower of morale 10 on 2D6 fails 1 time in 18 on server dice),
   * then declares one more charge while that one waits for its impact roll: the answer to it.
   */
  async function secondChargeWhileFirstWaits(matchId: string): Promise<{ status: number; body: any }> {
    const [A, B] = await Promise.all([
      issueKey(t, { role: 'player', matchId, side: 'A' }),
      issueKey(t, { role: 'player', matchId, side: 'B' }),
    ]);
    for (let i = 1; i <= 5; i++) {
      await A.command(`/matches/${matchId}/units`, {
        unitId: `a${i}`,
        name: `Impi ${i}`,
        side: 'A',
        morale: 10,
        move: 6,
      });
      await B.command(`/matches/${matchId}/units`, {
        unitId: `b${i}`,
        name: `NNC ${i}`,
        side: 'B',
        morale: 7,
        move: 6,
      });
    }
    const charge = (i: number) =>
      A.post(`/matches/${matchId}/charges`, {
        commandId: commandId(),
        chargeId: `c${i}`,
        attackerId: `a${i}`,
        defenderId: `b${i}`,
        aspect: 'front',
        slope: 'level',
      });
    for (let i = 1; i < 5; i++) {
      const declared = await charge(i);
      expect(declared.status).toBe(201);
      const willpower = declared.body.events.find((e: any) => e.type === 'WillpowerTested');
      if (willpower.data.passed) return charge(i + 1);
    }
    throw new Error('four willpower tests of morale 10 failed in a row');
  }

  it('GET /rulesets, with no key, lists every served version of each ruleset and the current one', async () => {
    const served = await new Caller(t.url, undefined).get('/rulesets');
    expect(served.status).toBe(200);
    expect(served.body).toContainEqual({
      id: 'hand-to-hand',
      versions: versionsOf('hand-to-hand').map((r) => r.version),
      current,
    });
  });

  it(`C-6 POST /matches takes a served version (${OLD}); an unknown one is 400 naming rulesetVersion, nothing appended; none is the current one`, async () => {
    const old = await org.command('/matches', {
      matchId: 'old-one',
      ruleset: 'hand-to-hand',
      rulesetVersion: OLD,
      sides: { A: 'Zulus', B: 'British' },
      diceMode: 'server',
    });
    expect(old.body.ruleset).toMatchObject({ id: 'hand-to-hand', version: OLD });
    await org.command('/matches', {
      matchId: 'new-one',
      ruleset: 'hand-to-hand',
      sides: { A: 'Zulus', B: 'British' },
      diceMode: 'server',
    });
    expect((await org.get('/matches/new-one')).body.ruleset.version).toBe(current);

    const before = await head();
    for (const [ruleset, rulesetVersion] of [
      ['hand-to-hand', '9.9.9'],
      ['hand-to-hand', ''],
      ['hand-to-hand', 3],
      ['atomic-africa', '0.1.0'],
    ] as const) {
      const refused = await org.post('/matches', {
        commandId: commandId(),
        ruleset,
        rulesetVersion,
        sides: { A: 'Zulus', B: 'British' },
        diceMode: 'server',
      });
      expect([refused.status, refused.body.detail]).toEqual([
        400,
        expect.stringMatching(/^rulesetVersion must be a version of/),
      ]);
    }
    const scheduled = await org.post('/tournaments', {
      commandId: commandId(),
      tournamentId: 'bad-version',
      name: 'Bad',
      tables: 'refereed',
      ruleset: 'hand-to-hand',
      rulesetVersion: '0.9.0',
    });
    expect([scheduled.status, scheduled.body.field]).toEqual([400, 'rulesetVersion']);
    expect(scheduled.body.detail).toBe(
      `rulesetVersion: hand-to-hand has no version 0.9.0 (served: ${versionsOf('hand-to-hand')
        .map((r) => r.version)
        .join(', ')})`,
    );
    expect(await head()).toBe(before);
  });

  it(`the same match decided by each version's rules: ${OLD} refuses a second charge while the first waits; the current version takes it (Q-17)`, async () => {
    const old = await secondChargeWhileFirstWaits('old-one');
    expect(old.status).toBe(409);
    expect(old.body.detail).toMatch(/waiting for/);
    const now = await secondChargeWhileFirstWaits('new-one');
    expect(now.status).toBe(201);
  });

  it(`a tournament on ${OLD} records it, schedules its refereed matches under it, they play under its rules, and its export verifies`, async () => {
    await org.command('/tournaments', {
      tournamentId: T,
      name: 'Old rules cup',
      tables: 'refereed',
      ruleset: 'hand-to-hand',
      rulesetVersion: OLD,
    });
    for (let i = 1; i <= 4; i++) {
      await org.command(`/tournaments/${T}/participants`, { name: `Player ${i}`, seed: i });
      await org.command(`/tournaments/${T}/participants/p${i}/check-in`);
    }
    expect((await org.get(`/tournaments/${T}/standings`)).body.ruleset).toEqual({
      id: 'hand-to-hand',
      version: OLD,
    });
    await org.command(`/tournaments/${T}/rounds`, { round: 1, method: 'swiss' });
    await org.command(`/tournaments/${T}/rounds/1/start`);
    const pairings = (await org.get(`/tournaments/${T}/rounds/1`)).body.pairings as any[];
    expect(pairings).toHaveLength(2);
    for (const p of pairings) {
      expect((await org.get(`/matches/${p.matchId}`)).body.ruleset).toMatchObject({
        id: 'hand-to-hand',
        version: OLD,
      });
    }
    const second = await secondChargeWhileFirstWaits(pairings[0].matchId);
    expect(second.status).toBe(409);
    expect(second.body.detail).toMatch(/waiting for/);

    for (const p of pairings)
      await org.command(`/matches/${p.matchId}/end`, { winner: 'A', note: 'conceded' });
    let status = '';
    for (const deadline = Date.now() + 5000; status !== 'closed' && Date.now() < deadline;) {
      status = (await org.get(`/tournaments/${T}/rounds/1`)).body.status;
      if (status !== 'closed') await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(status).toBe('closed');
    const exported = await org.get(`/tournaments/${T}/export`);
    expect(exported.status).toBe(200);
    const text = exported.text ?? '';
    const versions = new Set(
      text
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line))
        .filter((line) => String(line.metadata?.stream ?? line.stream).startsWith('match-'))
        .map((line) => line.metadata?.ruleset?.version)
        .filter((version) => version !== undefined),
    );
    expect([...versions]).toEqual([OLD]);
    const publicKey = parsePublicKey(JSON.stringify((await org.get('/audit/public-key')).body));
    expect(verifyTournamentExport(text, publicKey)).toMatchObject({ ok: true, problems: [] });
  });
  it(`C-6 a match scheduled by hand in the tournament on ${OLD} is of its ruleset and version: another is 400 naming the field, nothing appended`, async () => {
    const schedule = (fields: object) =>
      org.post(`/tournaments/${T}/matches`, {
        commandId: commandId(),
        round: 5,
        table: 1,
        players: { A: 'Ann', B: 'Ben' },
        sides: { A: 'Zulus', B: 'British' },
        diceMode: 'server',
        ...fields,
      });
    const before = await head();
    const unnamed = await schedule({ ruleset: 'hand-to-hand' });
    expect([unnamed.status, unnamed.body.field, unnamed.body.detail]).toEqual([
      400,
      'rulesetVersion',
      `rulesetVersion: tournament ${T} is played under hand-to-hand ${OLD}, not ${current}; send rulesetVersion ${OLD}`,
    ]);
    const other = await schedule({ ruleset: 'atomic-africa' });
    expect([other.status, other.body.field]).toEqual([400, 'ruleset']);
    expect(other.body.detail).toBe(
      `ruleset: tournament ${T} is played under hand-to-hand, not atomic-africa`,
    );
    expect(await head()).toBe(before);

    const named = await schedule({ ruleset: 'hand-to-hand', rulesetVersion: OLD });
    expect(named.status).toBe(201);
    expect((await org.get(`/matches/${named.body.matchId}`)).body.ruleset).toMatchObject({
      id: 'hand-to-hand',
      version: OLD,
    });
  });
});
