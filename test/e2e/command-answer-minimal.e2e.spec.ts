import request from 'supertest';
import { startTestApp, type TestApp } from './support/test-app.js';
import { atomicAfricaInContact, commandId, type MatchTable } from './support/umpire-client.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- answers are checked field by field */

/**
 * `Prefer: return=minimal` (RFC 7240) on a command route: the answer holds the command's own events and
 * where they stand, not the play contract, for a client that follows the match on its feed. The events
 * are the very ones a full answer gives; what is appended, refused and kept hidden does not change.
 */
describe('a command answered minimally (Prefer: return=minimal)', () => {
  let t: TestApp;
  let m: MatchTable;
  const matchId = 'minimal-answers';
  const route = (segment: string) => `/matches/${matchId}/${segment}`;

  const post = (token: string, path: string, body: object, prefer?: string) => {
    const test = request(t.url).post(path).set('Authorization', `Bearer ${token}`);
    return (prefer === undefined ? test : test.set('Prefer', prefer)).send(body);
  };

  beforeAll(async () => {
    t = await startTestApp();
    m = await atomicAfricaInContact(t, matchId);
  });

  afterAll(async () => {
    await t?.close();
  });

  it('C-6 answers only matchId, revision, duplicate and the events, and says the preference was applied', async () => {
    const before = await m.revision();
    const reply = await post(
      m.A.token!,
      route('orders'),
      { commandId: commandId('sealed'), unitId: 'a1', turn: 2, card: '8S' },
      'return=minimal',
    );
    expect(reply.status).toBe(201);
    expect(reply.headers['preference-applied']).toBe('return=minimal');
    expect(Object.keys(reply.body).sort()).toEqual(['duplicate', 'events', 'matchId', 'revision']);
    expect(reply.body).toMatchObject({ matchId, revision: before + 1, duplicate: false });
    expect(reply.body.events.map((e: any) => e.revision)).toEqual([before + 1]);
  });

  it('C-6 a retry answers the first answer’s events, in the shape the retry asks for', async () => {
    const body = { commandId: commandId('retry'), unitId: 'b1', turn: 2, card: '3C' };
    const first = await post(m.B.token!, route('orders'), body, 'return=minimal');
    expect(first.status).toBe(201);
    const again = await post(m.B.token!, route('orders'), body, 'return=minimal');
    expect(again.status).toBe(201);
    expect(again.body).toEqual({ ...first.body, duplicate: true });
    const full = await post(m.B.token!, route('orders'), body);
    expect(full.status).toBe(201);
    expect(full.headers['preference-applied']).toBeUndefined();
    expect(full.body).toMatchObject({ duplicate: true, revision: first.body.revision });
    expect(full.body.available).toEqual(expect.any(Array));
    expect(full.body.events).toEqual(first.body.events);
    expect(await m.revision()).toBe(first.body.revision);
  });

  it('C-6 a refusal is the same problem answer whatever the preference, and appends nothing', async () => {
    const before = await m.revision();
    const minimal = await post(
      m.A.token!,
      route('orders'),
      { commandId: commandId('bad') },
      'return=minimal',
    );
    const full = await post(m.A.token!, route('orders'), { commandId: commandId('bad') });
    expect(minimal.status).toBe(full.status);
    expect(minimal.headers['preference-applied']).toBeUndefined();
    expect(minimal.headers['content-type']).toBe(full.headers['content-type']);
    expect(minimal.status).toBeGreaterThanOrEqual(400);
    expect(minimal.status).toBeLessThan(500);
    expect(minimal.body.field ?? minimal.body.ruleId).toBe(full.body.field ?? full.body.ruleId);
    expect(await m.revision()).toBe(before);
  });

  it('C-6 reads the preference as RFC 7240 says: any case, quoted, among others; the first counts', async () => {
    const shapes = async (prefer: string) => {
      const reply = await post(
        m.organiser.token!,
        '/matches',
        {
          commandId: commandId('create'),
          ruleset: 'hand-to-hand',
          sides: { A: 'A', B: 'B' },
          diceMode: 'table',
        },
        prefer,
      );
      expect(reply.status).toBe(201);
      return 'available' in reply.body ? 'full' : 'minimal';
    };
    expect(await shapes('respond-async, Return="Minimal"; x=y')).toBe('minimal');
    expect(await shapes('return=minimal, return=representation')).toBe('minimal');
    expect(await shapes('return=representation')).toBe('full');
    expect(await shapes('handling=lenient')).toBe('full');
  });
});
