import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { parseNdjson } from '../../src/audit/export-format.js';
import { umpire } from '../audit/support/cli.js';
import { startTestApp, type TestApp } from './support/test-app.js';
import { type Caller, type MatchTable, openMatch } from './support/umpire-client.js';

/**
 * C-5 over HTTP with server dice: an agreed undo and a judge's backup put the match back exactly where
 * it stood, the dice keep counting through both, and the whole log, reverts and all, still verifies
 * (before the seed is out as far as it can, and every roll after the end).
 */
describe('undo and backups replay and verify (C-5)', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    t = await startTestApp();
    dir = mkdtempSync(join(tmpdir(), 'umpire-conduct-e2e-'));
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const at = (m: MatchTable, route: string) => `/matches/${m.matchId}/${route}`;
  const view = async (m: MatchTable) => (await m.organiser.get(`/matches/${m.matchId}`)).body;
  const shoot = async (caller: Caller, m: MatchTable, unitId: string) =>
    (await caller.command(at(m, 'morale-tests'), { unitId, cause: 'shooting' })).body;

  it('C-5 an agreed undo and a judge backup replay to the expected state; a new roll takes the next index; verify stays ok', async () => {
    // Morale 12 passes every 2D6 test, so the flow never depends on the server's faces.
    const m = await openMatch(t, {
      matchId: 'conduct-1',
      ruleset: 'hand-to-hand',
      diceMode: 'server',
      parameters: { morale: { min: 6, max: 12 } },
    });
    await m.A.command(at(m, 'client-seeds'), { seed: 'side A chooses this' });
    await m.B.command(at(m, 'client-seeds'), { seed: 'and B this' });
    await m.organiser.command(at(m, 'units'), { unitId: 'a1', name: 'A1', side: 'A', morale: 12, move: 6 });
    await m.organiser.command(at(m, 'units'), { unitId: 'b1', name: 'B1', side: 'B', morale: 12, move: 6 });
    const before = await view(m);
    expect(before.revision).toBe(5);

    // 6: roll 1
    const first = await shoot(m.A, m, 'a1');
    expect(first.events[0].data.roll).toMatchObject({ origin: 'server', index: 1 });

    // 7 UndoRequested by A, 8 UndoAgreed by B, 9 ActionsReverted: back to 5
    await m.A.command(at(m, 'undo-requests'), {
      requestId: 'u1',
      toRevision: 5,
      reason: 'tested the wrong unit',
    });
    const agreed = await m.B.command(at(m, 'undo-requests/u1/answer'), { agree: true });
    expect(agreed.body.events.map((e: { type: string }) => e.type)).toEqual([
      'UndoAgreed',
      'ActionsReverted',
    ]);
    const undone = await view(m);
    expect(undone.revision).toBe(9);
    expect(undone.state).toEqual(before.state);

    // 10: the next roll is roll 2, never roll 1 again
    const again = await shoot(m.B, m, 'b1');
    expect(again.events[0].data.roll).toMatchObject({ origin: 'server', index: 2 });
    const afterSecond = await view(m);
    // 11: roll 3
    expect((await shoot(m.A, m, 'a1')).events[0].data.roll.index).toBe(3);

    // 12: a judge backs the match up to right after event 10
    const backup = await m.judge.command(at(m, 'backups'), {
      toRevision: 10,
      reason: 'the shooting was out of range',
    });
    expect(backup.body.events[0]).toMatchObject({
      type: 'ActionsReverted',
      data: { toRevision: 10, fromRevision: 11, throughRevision: 11, orderedBy: 'judge' },
    });
    expect((await view(m)).state).toEqual(afterSecond.state);
    expect((await shoot(m.B, m, 'b1')).events[0].data.roll.index).toBe(4);

    // Before the end: everything but the faces is checked, and the report says why not those.
    const pending = (await m.judge.get(at(m, 'verify'))).body;
    expect(pending).toMatchObject({
      ok: true,
      checked: {
        events: 13,
        outcomes: { ok: true, events: 13 },
        serverRolls: { ok: true, status: 'pending-seed', rolls: 4, verified: 0 },
      },
    });

    // The end reveals the seed: every roll, reverted ones included, is its HMAC derivation.
    const ended = await m.judge.command(at(m, 'end'), { winner: 'B', note: 'held the ford' });
    expect(ended.body.events[0].data.serverSeed).toMatch(/^[0-9a-f]{64}$/);
    const report = (await m.A.get(at(m, 'verify'))).body;
    expect(report).toMatchObject({
      ok: true,
      checked: {
        events: 14,
        chain: { ok: true, links: 14 },
        outcomes: { ok: true, commands: 13, events: 14 },
        serverRolls: { ok: true, status: 'verified', rolls: 4, verified: 4, seedRevealed: true },
      },
    });

    // And offline, from the export.
    const exported = await request(t.url)
      .get(at(m, 'export'))
      .set('Authorization', `Bearer ${m.B.token}`)
      .buffer(true);
    const file = join(dir, 'conduct-1.ndjson');
    writeFileSync(file, exported.text);
    expect(parseNdjson(exported.text)).toHaveLength(14);
    const key = join(dir, 'conduct-1-key.json');
    writeFileSync(key, JSON.stringify((await request(t.url).get('/audit/public-key').expect(200)).body));
    const run = await umpire('verify', file, '--public-key', key);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(
      'server rolls  ok: 4 of 4 server rolls equal HMAC-SHA256 of the revealed seed',
    );
    expect(run.stdout).toContain('VERIFIED: every check holds');
  });

  it('C-5 a judge upholding a dispute with a backup replays and verifies', async () => {
    const m = await openMatch(t, { matchId: 'conduct-2', ruleset: 'hand-to-hand' });
    await m.organiser.command(at(m, 'units'), {
      unitId: 'impi',
      name: 'Impi',
      side: 'A',
      morale: 8,
      move: 6,
    });
    await m.organiser.command(at(m, 'units'), { unitId: 'nnc', name: 'NNC', side: 'B', morale: 7, move: 6 });
    await m.A.command(at(m, 'charges'), {
      chargeId: 'c1',
      attackerId: 'impi',
      defenderId: 'nnc',
      aspect: 'front',
      slope: 'level',
      dice: [2, 3],
    });
    const beforeImpact = await view(m);
    await m.A.command(at(m, 'impact-rolls'), { chargeId: 'c1', dice: [6] });
    // 8 DisputeRaised; 9 DisputeRuled + 10 ActionsReverted back to 6
    await m.B.command(at(m, 'disputes'), { disputeId: 'd1', revision: 7, claim: 'the die showed 1, not 6' });
    await m.judge.command(at(m, 'disputes/d1/ruling'), {
      ruling: 'upheld',
      ruleId: 'HH-7',
      note: 'the photo shows a 1',
      backupTo: 6,
    });
    expect((await view(m)).state).toEqual(beforeImpact.state);
    // C-5: the backup undoes the impact; the dispute and the ruling that caused it stand.
    const undone = async (path: string, list: 'entries' | 'events') =>
      ((await m.judge.get(at(m, path))).body[list] as { revision: number; reverted: boolean }[])
        .filter((entry) => entry.reverted)
        .map((entry) => entry.revision);
    expect(await undone('log', 'entries')).toEqual([7]);
    expect(await undone('events?limit=100', 'events')).toEqual([7]);
    await m.A.command(at(m, 'impact-rolls'), { chargeId: 'c1', dice: [1] });
    const report = (await m.judge.get(at(m, 'verify'))).body;
    expect(report).toMatchObject({ ok: true, checked: { events: 11, outcomes: { ok: true, events: 11 } } });
  });
});
