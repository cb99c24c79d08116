import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { startTestApp, type TestApp } from './support/test-app.js';
import { CHROMIUM, launchChromium } from './support/chromium.js';
import { ensurePagesBuilt } from './support/pages-build.js';
import { onSlow4G } from './support/table-browser.js';

/**
 * The tournament pages are light: each loads at most 150 KB of script (gzipped) and is usable (its key
 * form answers) within 3 s on Chromium's slow-4G emulation.
 */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const describeInBrowser = existsSync(CHROMIUM) ? describe : describe.skip;
const title = existsSync(CHROMIUM)
  ? 'tournament pages on slow 4G'
  : 'tournament pages on slow 4G (SKIPPED: no chromium)';

describeInBrowser(title, () => {
  let t: TestApp;
  let browser: Browser;

  beforeAll(async () => {
    await ensurePagesBuilt();
    t = await startTestApp();
    browser = await launchChromium();
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  for (const [page, label] of [
    ['desk', 'Your organiser key'],
    ['tournament', 'This phone has not joined the tournament'],
    ['hall', 'A spectator key for the tournament'],
  ] as const) {
    it(`/${page}/ loads under 150 KB of gzipped script and is usable within 3 s on slow 4G`, async () => {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const tab = await context.newPage();
      await onSlow4G(context, tab);
      const scripts: string[] = [];
      tab.on('request', (r) => {
        const path = new URL(r.url()).pathname;
        if (path.endsWith('.js')) scripts.push(path);
      });
      const query = page === 'desk' ? '' : '?tournament=any&participant=p1';
      const started = Date.now();
      await tab.goto(`${t.url}/${page}/${query}`);
      await (
        page === 'tournament' ? tab.getByRole('heading', { name: label }) : tab.getByLabel(label)
      ).waitFor();
      const elapsed = Date.now() - started;
      expect(elapsed).toBeLessThan(3000);
      expect(scripts.length).toBeGreaterThan(0);
      const gzipped = scripts.reduce(
        (sum, path) => sum + gzipSync(readFileSync(join(ROOT, 'dist/web', path))).length,
        0,
      );
      expect(gzipped).toBeLessThan(150 * 1024);
      await context.close();
    }, 30_000);
  }
});
