import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../../src/app.js';
import { type AppConfig, configFromEnv } from '../../src/config/app-config.js';
import type { TestApp } from './support/test-app.js';
import { ORGANISER_KEY } from './support/umpire-client.js';

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A request with its path sent byte for byte as given (no client re-encodes it). */
function send(t: TestApp, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  const { hostname, port } = new URL(t.url);
  return new Promise((resolve, reject) => {
    const request = httpRequest({ hostname, port, path, method: 'GET', headers }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
      );
    });
    request.on('error', reject);
    request.end();
  });
}

/**
 * The router's own refusals (an over-long path parameter, a malformed percent-encoding) and an
 * unknown route are answered as every other answer is: problem+json with the request id, the CORS
 * and rate-limit headers, one log line, and no echo of the query string.
 */
describe('the router’s refusals are answers like any other', () => {
  let t: TestApp;
  const lines: string[] = [];
  const ORIGIN = 'https://club.example';

  beforeAll(async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'umpire-e2e-'));
    const config: AppConfig = {
      ...configFromEnv({}),
      dataDir,
      host: '127.0.0.1',
      port: 0,
      sqliteSynchronous: 'NORMAL',
      organiserKey: ORGANISER_KEY,
      logLevel: 'info',
      corsOrigins: [ORIGIN],
    };
    const app = await createApp(config, { logDestination: { write: (line) => void lines.push(line) } });
    await app.listen(0, '127.0.0.1');
    t = {
      app,
      url: (await app.getUrl()).replace('[::1]', '127.0.0.1'),
      dataDir,
      async close() {
        await app.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  });
  afterAll(() => t.close());

  const logged = (requestId: string) =>
    lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((entry) => entry.requestId === requestId && entry.msg === 'request completed');

  it.each([
    [
      'a path parameter over the router’s length limit',
      `/matches/${'x'.repeat(150)}?ticket=umpire_ticket_secret`,
      414,
    ],
    ['a malformed percent-encoding', '/matches/%E0%A4%A/stream?ticket=umpire_ticket_secret', 400],
    ['an unknown route', '/no-such-route?ticket=umpire_ticket_secret&note=%3Cscript%3E', 404],
  ])(
    '%s: problem+json with request id, CORS and rate-limit headers, logged, the query not echoed',
    async (_what, path, status) => {
      const answer = await send(t, path, {
        origin: ORIGIN,
        authorization: `Bearer ${ORGANISER_KEY}`,
        'x-request-id': `router-${status}`,
      });
      expect(answer.status).toBe(status);
      expect(answer.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(answer.headers['x-request-id']).toBe(`router-${status}`);
      expect(answer.headers['access-control-allow-origin']).toBe(ORIGIN);
      expect(answer.headers['x-ratelimit-limit']).toBeDefined();
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      const body = JSON.parse(answer.body) as Record<string, unknown>;
      expect(body).toMatchObject({
        status,
        type: expect.stringMatching(/^urn:umpire:problem:|^about:blank$/),
      });
      expect(answer.body).not.toMatch(/ticket|secret|script|note=/);

      await new Promise((resolve) => setTimeout(resolve, 50));
      const entries = logged(`router-${status}`);
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({ res: { statusCode: status } });
      const line = JSON.stringify(entries[0]);
      expect(line).not.toMatch(/umpire_ticket_secret|refused-by-router/);
      expect((entries[0]!.req as { path: string }).path).toBe(path.slice(0, path.indexOf('?')));
    },
  );

  it('the unknown-route 404 names the method and path only', async () => {
    const answer = await send(t, '/nowhere/at/all?x=1', { authorization: `Bearer ${ORGANISER_KEY}` });
    expect(JSON.parse(answer.body)).toMatchObject({
      status: 404,
      detail: 'no route answers GET /nowhere/at/all',
    });
  });

  it('routes that exist are not touched: a known route still answers as before', async () => {
    const health = await send(t, '/health');
    expect(health.status).toBe(200);
    const unknownMatch = await send(t, '/matches/nope', { authorization: `Bearer ${ORGANISER_KEY}` });
    expect(unknownMatch.status).toBe(404);
    expect(JSON.parse(unknownMatch.body).detail).not.toMatch(/no route answers/);
  });
});
