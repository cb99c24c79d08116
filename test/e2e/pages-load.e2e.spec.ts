import type { Browser } from 'playwright-core';
import { startTestApp, type TestApp } from './support/test-app.js';
import { launchChromium } from './support/chromium.js';
import { CHROMIUM_HERE, describeInBrowser } from './support/describe-in-browser.js';
import { ensurePagesBuilt } from './support/pages-build.js';
import { FIRST_VISITS, loadOnSlow4G, SCRIPT_BUDGET } from './support/page-load.js';

/**
 * Every page that opens without a seat is light: at most 150 KB of script (gzipped), and it becomes
 * usable (its first form or heading shows) over Chromium's slow-4G emulation. How soon, against the 3 s
 * target, is `npm run bench`'s figure (bench/page-load.bench.ts): on a loaded CI machine a wall-clock
 * limit here would measure the machine. The table page's own load is in table-page-hand-to-hand.
 */
const title = CHROMIUM_HERE ? 'pages on slow 4G' : 'pages on slow 4G (SKIPPED: no chromium)';

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

  for (const [path, usable] of FIRST_VISITS) {
    it(`${path} loads under 150 KB of gzipped script and becomes usable on slow 4G`, async () => {
      const load = await loadOnSlow4G(browser, `${t.url}${path}`, usable);
      console.log(
        `${path} on slow 4G: usable after ${load.ms} ms; ${(load.gzippedScript / 1024).toFixed(1)} KB`,
      );
      expect(load.scripts).toBeGreaterThan(0);
      expect(load.gzippedScript).toBeLessThan(SCRIPT_BUDGET);
    }, 30_000);
  }
});
