import { startTestApp, type TestApp } from './support/test-app.js';
import { issueKey, organiser } from './support/umpire-client.js';

/**
 * GET /keys narrowed, over HTTP on the real app: ?tournament= the keys of one tournament, those bound to
 * it and the seat keys of its matches an unbound key issued, not another tournament's nor a lone
 * match's; ?match= the seat keys of one match, revoked ones marked. An id that cannot be one is 400
 * naming the field.
 */
describe('GET /keys?tournament= and ?match=: one tournament’s keys, one match’s seats', () => {
  let t: TestApp;
  const org = () => organiser(t);

  beforeAll(async () => {
    t = await startTestApp();
    for (const [id, match] of [
      ['east-cup', 'east-r1-t1'],
      ['west-cup', 'west-r1-t1'],
    ] as const) {
      await org().command('/tournaments', { tournamentId: id, name: id });
      await org().command(`/tournaments/${id}/matches`, {
        matchId: match,
        round: 1,
        table: 1,
        ruleset: 'hand-to-hand',
        sides: { A: 'Zulus', B: 'British' },
        diceMode: 'table',
      });
    }
    await org().command('/matches', {
      matchId: 'lone',
      ruleset: 'hand-to-hand',
      sides: { A: 'Zulus', B: 'British' },
      diceMode: 'table',
    });
  });
  afterAll(async () => t.close());

  it('lists the keys bound to the tournament and the seat keys of its matches, and no others', async () => {
    const labels: Record<string, object> = {
      'east judge': { role: 'judge', tournamentId: 'east-cup' },
      'east seat': { role: 'player', matchId: 'east-r1-t1', side: 'A' },
      'west judge': { role: 'judge', tournamentId: 'west-cup' },
      'west seat': { role: 'player', matchId: 'west-r1-t1', side: 'B' },
      'lone seat': { role: 'player', matchId: 'lone', side: 'A' },
      'service judge': { role: 'judge' },
    };
    for (const [label, grant] of Object.entries(labels)) await issueKey(t, { ...grant, label });
    const east = await org().get('/keys?tournament=east-cup');
    expect(east.status).toBe(200);
    expect((east.body as { label?: string }[]).map((k) => k.label).sort()).toEqual([
      'east judge',
      'east seat',
    ]);
    const all = await org().get('/keys');
    expect((all.body as unknown[]).length).toBeGreaterThanOrEqual(6);
  });

  it('?match= lists the seat keys of one match, revoked ones marked, and no other key', async () => {
    const seats = async () =>
      ((await org().get('/keys?match=lone')).body as { label?: string; side?: string; revoked: boolean }[])
        .map((k) => `${k.label} ${k.side} ${k.revoked ? 'revoked' : 'in use'}`)
        .sort();
    const second = await issueKey(t, { role: 'player', matchId: 'lone', side: 'B', label: 'lone seat B' });
    expect(await seats()).toEqual(['lone seat A in use', 'lone seat B B in use']);
    const keyId = ((await second.get('/keys/current')).body as { keyId: string }).keyId;
    expect((await org().delete(`/keys/${keyId}`)).status).toBeLessThan(300);
    expect(await seats()).toEqual(['lone seat A in use', 'lone seat B B revoked']);
    // Narrowed both ways, a key must hold both.
    expect((await org().get('/keys?match=lone&tournament=east-cup')).body).toEqual([]);
    expect(((await org().get('/keys?match=east-r1-t1&tournament=east-cup')).body as unknown[]).length).toBe(
      1,
    );
  });

  it('refuses a match id that cannot be one, naming the field', async () => {
    const refused = await org().get('/keys?match=not%20an%20id');
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('match must be');
  });

  it('refuses a tournament id that cannot be one, naming the field', async () => {
    const refused = await org().get('/keys?tournament=not%20an%20id');
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('tournament');
  });
});
