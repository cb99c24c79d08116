import { startTestApp, type TestApp } from './support/test-app.js';
import { issueKey, organiser } from './support/umpire-client.js';

/**
 * GET /keys?tournament=, over HTTP on the real app: the keys of one tournament, those bound to it and
 * the seat keys of its matches an unbound key issued, not another tournament's nor a lone match's; a
 * tournament id that cannot be one is 400 naming the field.
 */
describe('GET /keys?tournament=: one tournament’s keys', () => {
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

  it('refuses a tournament id that cannot be one, naming the field', async () => {
    const refused = await org().get('/keys?tournament=not%20an%20id');
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('tournament');
  });
});
