import request from 'supertest';
import { openSse } from './organiser-support.js';
import { startTestApp, type TestApp } from './support/test-app.js';
import { ORGANISER_KEY } from './support/umpire-client.js';

/**
 * Security headers come from one hook in the HTTP setup, for every answer: whatever serves a page
 * (the watch page's files, the API documentation, pages to come), and every API answer.
 */
describe('security headers on every answer', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('an HTML page gets a policy allowing only its own scripts and workers, frame protection, nosniff and no referrer', async () => {
    const docs = await request(t.url).get('/docs');
    expect(docs.status).toBe(200);
    expect(docs.headers['content-type']).toMatch(/^text\/html/);
    const policy = docs.headers['content-security-policy'] as string;
    expect(policy).toMatch(/(^|; )script-src 'self'(;|$)/);
    expect(policy).toMatch(/(^|; )worker-src 'self'(;|$)/);
    expect(policy).toMatch(/(^|; )default-src 'none'(;|$)/);
    expect(policy).toMatch(/(^|; )frame-ancestors 'none'(;|$)/);
    expect(policy).not.toMatch(/script-src[^;]*(unsafe|\*|http)/);
    expect(docs.headers['x-frame-options']).toBe('DENY');
    expect(docs.headers['x-content-type-options']).toBe('nosniff');
    expect(docs.headers['referrer-policy']).toBe('no-referrer');
  });

  it('a script gets the page policy, which is what a worker started from it runs under', async () => {
    const script = await request(t.url).get('/docs/swagger-ui-init.js');
    expect(script.status).toBe(200);
    expect(script.headers['content-type']).toMatch(/javascript/);
    expect(script.headers['content-security-policy']).toMatch(/(^|; )script-src 'self'(;|$)/);
    expect(script.headers['x-content-type-options']).toBe('nosniff');
  });

  it('API answers, errors and the live feeds get nosniff and no referrer; a body that is not a page runs nothing', async () => {
    const answers = [
      await request(t.url).get('/health'),
      await request(t.url).get('/tournaments').set('Authorization', `Bearer ${ORGANISER_KEY}`),
      await request(t.url).get('/tournaments'),
    ];
    for (const answer of answers) {
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['referrer-policy']).toBe('no-referrer');
      expect(answer.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    }
    await request(t.url)
      .post('/matches')
      .set('Authorization', `Bearer ${ORGANISER_KEY}`)
      .send({
        commandId: 'm1',
        matchId: 'headers',
        ruleset: 'hand-to-hand',
        sides: { A: 'A', B: 'B' },
        diceMode: 'table',
      })
      .expect(201);
    const feed = await openSse(t, '/matches/headers/stream', ORGANISER_KEY);
    expect(feed.status).toBe(200);
    expect(feed.headers['x-content-type-options']).toBe('nosniff');
    expect(feed.headers['referrer-policy']).toBe('no-referrer');
    feed.close();
  });
});
