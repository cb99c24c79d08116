import { randomUUID } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import request from 'supertest';
import { ensurePagesBuilt } from './support/pages-build.js';
import { startTestApp, type TestApp } from './support/test-app.js';

/**
 * The built pages are served without a key: a page is read again each time (a build may change it),
 * its assets are named by content hash and kept for good, and an asset a build wrote while the
 * service ran is served as the page that names it is.
 */
const ASSETS = join(resolve(dirname(fileURLToPath(import.meta.url)), '../..'), 'dist/web/assets');

describe('the page files', () => {
  let t: TestApp;
  beforeAll(async () => {
    await ensurePagesBuilt();
    t = await startTestApp();
  });
  afterAll(async () => t.close());

  it('a page is read again each time; the assets it names are kept for good', async () => {
    const page = await request(t.url).get('/table/');
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    const script = /src="\/(assets\/[^"]+\.js)"/.exec(page.text)?.[1];
    expect(script).toBeDefined();
    const asset = await request(t.url).get(`/${script}`);
    expect(asset.status).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await request(t.url).get('/table')).status).toBe(301);
  });

  it('an asset written after the service started is served; one that is not there is 404, and nothing above the pages is reached through them', async () => {
    const name = `added-after-start-${randomUUID()}.js`;
    writeFileSync(join(ASSETS, name), 'export const built = "later";\n');
    try {
      const added = await request(t.url).get(`/assets/${name}`);
      expect(added.status).toBe(200);
      expect(added.text).toContain('later');
      expect(added.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    } finally {
      rmSync(join(ASSETS, name), { force: true });
    }
    expect((await request(t.url).get(`/assets/${name}`)).status).toBe(404);
    // Nothing above the built pages is reached through the assets' lookup.
    for (const path of [
      '/assets/../../package.json',
      '/assets/%2e%2e/%2e%2e/package.json',
      '/assets/..%2f..%2fpackage.json',
    ]) {
      expect((await request(t.url).get(path)).text).not.toContain('"dependencies"');
    }
    // The API's routes are not shadowed by the assets' lookup.
    expect((await request(t.url).get('/health')).status).toBe(200);
  });
});
