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

  it('GET /matches tells a held-back spectator the time of the last event it may read, not of the newest, and filters updatedSince by it', async () => {
    const m = await openMatch(t, { matchId: 'delayed-list', ruleset: 'hand-to-hand' });
    const unit = (unitId: string, side: 'A' | 'B') =>
      m.organiser.command(`/matches/${m.matchId}/units`, { unitId, name: unitId, side, morale: 8, move: 6 });
    await unit('impi', 'A');
    await unit('nnc', 'B');
    await new Promise((resolve) => setTimeout(resolve, 20));
    const before = new Date().toISOString();
    await unit('reserve', 'B');
    await unit('rearguard', 'B');

    const events = (await m.organiser.get(`/matches/${m.matchId}/events`)).body.events as {
      revision: number;
      at: string;
    }[];
    const list = (key: typeof m.A, query = '') =>
      key.get(`/matches?limit=100${query}`).then((reply) => {
        expect(reply.status).toBe(200);
        return (reply.body.items as { matchId: string; revision: number; updatedAt: string }[]).find(
          (item) => item.matchId === m.matchId,
        );
      });
    const seen = await list(m.spectator);
    expect(seen).toMatchObject({ revision: 3, updatedAt: events.find((e) => e.revision === 3)!.at });
    expect(seen!.updatedAt < before).toBe(true);
    expect(await list(m.organiser)).toMatchObject({ revision: 5, updatedAt: events.at(-1)!.at });
    // Play went on after `before`, in events the spectator may not read yet: the filter does not say so.
    const since = `&updatedSince=${encodeURIComponent(before)}`;
    expect(await list(m.spectator, since)).toBeUndefined();
    expect(await list(m.organiser, since)).toBeDefined();
    // A dispute raised now is not counted for it either: the count is of now, which it may not read yet.
    await m.B.command(`/matches/${m.matchId}/disputes`, { disputeId: 'd1', revision: 2, claim: 'morale 7' });
    expect(await list(m.organiser)).toMatchObject({ openDisputes: 1 });
    expect(await list(m.spectator)).toMatchObject({ revision: 4, openDisputes: null });
  });

  it('POST /keys refuses a key bound to a tournament that does not exist', async () => {
    const { organiser } = await import('./support/umpire-client.js');
    const reply = await organiser(t).post('/keys', { role: 'judge', tournamentId: 'no-such-cup' });
    expect(reply.status).toBe(404);
  });
});
