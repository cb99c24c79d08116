import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { fillBacklog } from '../../bench/catch-up-backlog.js';
import { EVENT_STORE, type EventStore } from '../../src/event-store/event-store.port.js';
import { SqliteEventStore } from '../../src/event-store/sqlite/sqlite-event-store.js';
import { startTestApp, type TestApp } from './support/test-app.js';
import { organiser } from './support/umpire-client.js';

async function eventually<T>(probe: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await probe();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error('never happened');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('service: health, readiness and docs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());

  it('GET /health is liveness: the store, up, and nothing about the host (no data folder path)', async () => {
    const response = await request(t.url).get('/health').expect(200);
    expect(response.body).toEqual({ status: 'ok', store: { store: 'sqlite', status: 'up' } });
    expect(response.text).not.toContain(t.dataDir);
  });

  it('GET /health/ready is 200 once every read model has caught up, each live with no lag', async () => {
    const response = await eventually(async () => {
      const r = await request(t.url).get('/health/ready');
      return r.status === 200 ? r : undefined;
    });
    expect(response.body).toMatchObject({ status: 'ready', store: { store: 'sqlite', status: 'up' } });
    expect(response.body.readModels.map((m: { name: string }) => m.name).sort()).toEqual(
      ['matches', 'results', 'roster', 'standings', 'tournaments', 'turn-log'].sort(),
    );
    for (const model of response.body.readModels) {
      expect(model).toMatchObject({ state: 'live', lag: 0, failure: null });
    }
  });

  it('GET /docs-json serves an OpenAPI 3 document that lists /health and /health/ready', async () => {
    const response = await request(t.url).get('/docs-json').expect(200);
    expect(response.body.openapi).toMatch(/^3\./);
    expect(Object.keys(response.body.paths)).toEqual(expect.arrayContaining(['/health', '/health/ready']));
  });
});

describe('service: a read model that cannot read an event stops there and says so', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());

  it('readiness is 503 with the event and the error; its routes are 503 with Retry-After; commands go on', async () => {
    const store = t.app.get<EventStore>(EVENT_STORE);
    // A MatchEnded without its result, as a defect might have recorded it: the results read model cannot read it.
    const { positions } = await store.append('match-broken', [{ type: 'MatchEnded', data: {} }], {
      expectedRevision: 'any',
      commandId: 'broken-1',
      actor: { role: 'judge' },
    });
    const ready = await eventually(async () => {
      const r = await request(t.url).get('/health/ready');
      const results = r.body.readModels?.find((m: { name: string }) => m.name === 'results');
      return results?.state === 'failed' ? r : undefined;
    });
    expect(ready.status).toBe(503);
    expect(Number(ready.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    const results = ready.body.readModels.find((m: { name: string }) => m.name === 'results');
    expect(results).toMatchObject({
      position: positions[0]! - 1,
      failure: { position: positions[0], stream: 'match-broken', type: 'MatchEnded' },
    });
    expect(results.failure.error).toEqual(expect.any(String));
    expect(ready.text).not.toContain(t.dataDir);
    // The turn log can read it: it is not held up by the results.
    expect(ready.body.readModels.find((m: { name: string }) => m.name === 'turn-log')).toMatchObject({
      state: 'live',
      position: positions[0],
    });

    // A route the results serve answers 503 with Retry-After and why, never a stale list.
    const org = organiser(t);
    const matches = await request(t.url)
      .get('/tournaments/anything/matches')
      .set('Authorization', `Bearer ${org.token}`);
    expect(matches.status).toBe(503);
    expect(Number(matches.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(matches.body.detail).toContain('results stopped at MatchEnded');

    // Commands are still accepted at once.
    expect(
      (await org.post('/tournaments', { commandId: 'c-1', tournamentId: 'open', name: 'Open' })).status,
    ).toBe(201);

    // It stays stopped at that event (it tries it again, it never skips it).
    await new Promise((resolve) => setTimeout(resolve, 300));
    const status = (await org.get('/projections')).body.find((m: { name: string }) => m.name === 'results');
    expect(status).toMatchObject({ state: 'failed', position: positions[0]! - 1 });
    expect(status.errors).toBeGreaterThanOrEqual(2);
  });
});

describe('service: a start with a backlog', () => {
  let dataDir: string;
  let t: TestApp | undefined;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'umpire-backlog-'));
    const store = new SqliteEventStore({ file: join(dataDir, 'umpire.db'), synchronous: 'NORMAL' });
    await fillBacklog(store, 4000);
    await store.close();
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers /health from the start, and /health/ready turns 200 once the read models have read the backlog', async () => {
    t = await startTestApp({ dataDir });
    // Liveness does not wait for the read models: 200 as soon as the service listens, whatever readiness
    // says then (how soon, on a loaded machine, is the start benchmark's to measure, not a test's).
    await request(t.url).get('/health').expect(200);

    await eventually(async () =>
      (await request(t!.url).get('/health/ready')).status === 200 ? true : undefined,
    );
    const statuses = (await organiser(t).get('/projections')).body as { position: number; state: string }[];
    const head = (await t.app.get<EventStore>(EVENT_STORE).readAll()).at(-1)!.position;
    for (const status of statuses) expect(status).toMatchObject({ state: 'live', position: head });
  });
});
