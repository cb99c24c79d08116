import request from 'supertest';
import { startTestApp, type TestApp } from './support/test-app.js';

describe('service: health and docs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());

  it('GET /health reports the SQLite store in the data folder, up', async () => {
    const response = await request(t.url).get('/health').expect(200);
    expect(response.body).toEqual({
      status: 'ok',
      store: { store: 'sqlite', status: 'up', detail: expect.stringContaining(t.dataDir) },
    });
  });

  it('GET /docs-json serves an OpenAPI 3 document that lists /health', async () => {
    const response = await request(t.url).get('/docs-json').expect(200);
    expect(response.body.openapi).toMatch(/^3\./);
    expect(Object.keys(response.body.paths)).toContain('/health');
  });
});
