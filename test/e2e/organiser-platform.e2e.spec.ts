import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import request from 'supertest';
import { createApp } from '../../src/app.js';
import { configFromEnv } from '../../src/config/app-config.js';
import { startTestApp, type TestApp } from './support/test-app.js';
import { Caller, issueKey, organiser, ORGANISER_KEY } from './support/umpire-client.js';

type Operation = {
  summary?: string;
  security?: Record<string, string[]>[];
  requestBody?: { content: Record<string, { schema?: object; example?: unknown }> };
  responses: Record<
    string,
    { content?: Record<string, { schema?: object; example?: unknown; examples?: unknown }> }
  >;
};

describe('organiser: the OpenAPI document', () => {
  let t: TestApp;
  let doc: {
    openapi: string;
    paths: Record<string, Record<string, Operation>>;
    components: { securitySchemes: object };
  };
  beforeAll(async () => {
    t = await startTestApp();
    doc = (await request(t.url).get('/docs-json').expect(200)).body;
  });
  afterAll(async () => t.close());

  const operations = () =>
    Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({ route: `${method.toUpperCase()} ${path}`, path, op })),
    );
  const PUBLIC = [
    'GET /health',
    'GET /health/ready',
    'GET /audit/public-key',
    'POST /invitations/{code}/redeem',
    'GET /rulesets',
    'GET /rulesets/{id}/{version}/rules',
    'GET /rulesets/{id}/{version}/rules/{ruleId}',
  ];

  it('GET /docs-json validates against the OpenAPI schema (@seriousme/openapi-schema-validator)', async () => {
    const result = await new Validator().validate(doc as unknown as Parameters<Validator['validate']>[0]);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.components.securitySchemes).toEqual({
      bearer: expect.objectContaining({ type: 'http', scheme: 'bearer' }),
    });
  });

  it('every route states its auth: bearer with 401 and 403, except the public ones; 429 on all', () => {
    for (const { route, op } of operations()) {
      if (PUBLIC.includes(route)) {
        expect([route, op.security ?? []]).toEqual([route, []]);
      } else {
        expect([route, op.security]).toEqual([route, [{ bearer: [] }]]);
        expect([route, Object.keys(op.responses)]).toEqual([route, expect.arrayContaining(['401', '403'])]);
      }
      expect([route, Object.keys(op.responses)]).toEqual([route, expect.arrayContaining(['429'])]);
    }
  });

  it('every route has a summary, a success response with its schema and an example, and a request schema with an example', () => {
    const missing: string[] = [];
    for (const { route, op } of operations()) {
      if (!op.summary) missing.push(`${route}: summary`);
      const success = Object.entries(op.responses).filter(([status]) => status.startsWith('2'));
      if (success.length === 0) missing.push(`${route}: success response`);
      for (const [status, response] of success) {
        if (status === '204') continue;
        const media = Object.values(response.content ?? {});
        if (media.length === 0) missing.push(`${route} ${status}: content`);
        for (const m of media) {
          if (!m.schema) missing.push(`${route} ${status}: schema`);
          if (m.example === undefined && m.examples === undefined)
            missing.push(`${route} ${status}: example`);
        }
      }
      for (const m of Object.values(op.requestBody?.content ?? {})) {
        if (!m.schema) missing.push(`${route}: request schema`);
        if (m.example === undefined) missing.push(`${route}: request example`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('the live feeds are documented as text/event-stream, with Last-Event-ID', () => {
    for (const path of ['/matches/{id}/stream', '/tournaments/{id}/stream']) {
      const op = doc.paths[path]!.get!;
      expect(Object.keys(op.responses['200']!.content!)).toEqual(['text/event-stream']);
      expect(JSON.stringify(op)).toContain('Last-Event-ID');
    }
  });

  it('GET /docs serves the page without a key', async () => {
    const page = await request(t.url).get('/docs').redirects(1);
    expect(page.status).toBe(200);
    expect(page.text).toMatch(/swagger/i);
  });
});

describe('organiser: rate limits per key', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ rateLimit: 5, rateLimitWindowMs: 60_000 });
  });
  afterAll(async () => t.close());

  it('past UMPIRE_RATE_LIMIT requests a key gets 429; another key from the same address goes on', async () => {
    const org = organiser(t);
    const spectator = await issueKey(t, { role: 'spectator' }); // the organiser's 1st request
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await org.get('/tournaments')).status);
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
    const limited = await request(t.url).get('/tournaments').set('Authorization', `Bearer ${ORGANISER_KEY}`);
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ status: 429, detail: expect.stringContaining('rate limit') });
    expect(limited.headers['retry-after']).toEqual(expect.any(String));
    expect(limited.headers['x-request-id']).toEqual(expect.any(String));
    // The same address, another key: its own allowance.
    expect((await spectator.get('/tournaments')).status).toBe(200);
    // Health checks are never limited.
    for (let i = 0; i < 8; i++) expect((await request(t.url).get('/health')).status).toBe(200);
  });

  it('without a valid key, requests count against the address', async () => {
    const anonymous = new Caller(t.url, 'umpire_000000000000_not-a-key-not-a-key-not-a-key-00');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await anonymous.get('/tournaments')).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });
});

describe('organiser: request logs', () => {
  const lines: string[] = [];
  let dataDir: string;
  let url: string;
  let close: () => Promise<void>;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'umpire-logs-'));
    const app = await createApp(
      {
        ...configFromEnv({}),
        dataDir,
        host: '127.0.0.1',
        port: 0,
        sqliteSynchronous: 'NORMAL',
        organiserKey: ORGANISER_KEY,
      },
      { logDestination: { write: (line: string) => void lines.push(line) } },
    );
    await app.listen(0, '127.0.0.1');
    url = (await app.getUrl()).replace('[::1]', '127.0.0.1');
    close = async () => {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    };
  });
  afterAll(async () => close());

  it('every line is JSON; each request leaves one line with its request id, also sent back as x-request-id', async () => {
    const reply = await request(url).get('/tournaments').set('Authorization', `Bearer ${ORGANISER_KEY}`);
    expect(reply.status).toBe(200);
    const id = reply.headers['x-request-id'] as string;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const given = await request(url).get('/health').set('x-request-id', 'table-4.call-17');
    expect(given.headers['x-request-id']).toBe('table-4.call-17');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const parsed = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const completed = parsed.filter((l) => l.msg === 'request completed');
    expect(completed).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          requestId: id,
          req: { method: 'GET', path: '/tournaments', route: '/tournaments' },
          res: { statusCode: 200 },
          keyId: 'configured',
          role: 'organiser',
          level: 30,
          service: 'umpire',
        }),
        expect.objectContaining({
          requestId: 'table-4.call-17',
          req: expect.objectContaining({ path: '/health' }),
        }),
      ]),
    );
    // Nest's own messages go to the same JSON log.
    expect(parsed.some((l) => typeof l.context === 'string')).toBe(true);
  });

  it('AA-2 no log line holds a key, an Authorization header or a request body (a sealed card)', async () => {
    const org = new Caller(url, ORGANISER_KEY);
    await org.command('/matches', {
      matchId: 'logged',
      ruleset: 'atomic-africa',
      sides: { A: 'Legion', B: 'Askari' },
      diceMode: 'table',
    });
    await org.command('/matches/logged/units', {
      unitId: 'a1',
      name: 'Rifles',
      side: 'A',
      unitType: 'infantry',
      movement: 6,
      firepower: 2,
    });
    const issued = await org.post('/keys', { role: 'player', matchId: 'logged', side: 'A' });
    const token = issued.body.token as string;
    const A = new Caller(url, token);
    await A.command('/matches/logged/orders', {
      unitId: 'a1',
      turn: 1,
      card: { rank: 'Q', suit: 'diamonds' },
    });
    await org.command('/matches', {
      matchId: 'seeded',
      ruleset: 'hand-to-hand',
      sides: { A: 'Zulus', B: 'British' },
      diceMode: 'server',
    });
    const seeder = new Caller(
      url,
      (await org.post('/keys', { role: 'player', matchId: 'seeded', side: 'A' })).body.token,
    );
    await seeder.command('/matches/seeded/client-seeds', { seed: 'seed-words-nobody-should-log' });
    await new Caller(url, `${token}x`).get('/matches/logged/log');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const all = lines.join('\n');
    expect(all).not.toContain(token);
    expect(all).not.toContain(ORGANISER_KEY);
    expect(all).not.toMatch(/bearer|authorization/i);
    expect(all).not.toMatch(/diamonds|"Q"/);
    expect(all).not.toContain('seed-words-nobody-should-log');
    expect(all).not.toContain('Rifles');
  });
});
