import request from 'supertest';
import { startTestApp, type TestApp } from './support/test-app.js';
import { openMatch } from './support/umpire-client.js';

describe('spectators held behind live play', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ spectatorDelayEvents: 2 });
  });
  afterAll(async () => t.close());

  it('GET /matches/:id and the export show a spectator the match as it stood 2 events ago, players see it live', async () => {
    const m = await openMatch(t, { matchId: 'delayed', ruleset: 'hand-to-hand' });
    for (const [unitId, side] of [
      ['impi', 'A'],
      ['nnc', 'B'],
      ['reserve', 'B'],
    ] as const) {
      await m.organiser.command(`/matches/${m.matchId}/units`, {
        unitId,
        name: unitId,
        side,
        morale: 8,
        move: 6,
      });
    }
    const live = await m.A.get(`/matches/${m.matchId}`);
    const delayed = await m.spectator.get(`/matches/${m.matchId}`);
    expect(live.body.revision).toBe(4);
    expect(delayed.body.revision).toBe(2);
    expect(Object.keys(delayed.body.state.units)).toEqual(['impi']);

    const exported = await request(t.url)
      .get(`/matches/${m.matchId}/export`)
      .set('Authorization', `Bearer ${m.spectator.token}`);
    // two events, then the signed checkpoint of the second (not of the live head)
    const lines = exported.text.trim().split('\n');
    expect(lines).toHaveLength(3);
    expect(JSON.parse(lines[2]!)).toMatchObject({ checkpoint: { revision: 2 } });
    const verified = await m.spectator.get(`/matches/${m.matchId}/verify`);
    expect(verified.body).toMatchObject({ ok: true, checked: { events: 2 } });
  });

  it('POST /keys refuses a key bound to a tournament that does not exist', async () => {
    const { organiser } = await import('./support/umpire-client.js');
    const reply = await organiser(t).post('/keys', { role: 'judge', tournamentId: 'no-such-cup' });
    expect(reply.status).toBe(404);
  });
});
