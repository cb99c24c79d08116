import type { Browser, Page } from 'playwright-core';
import { launchChromium } from './support/chromium.js';
import { describeInBrowser } from './support/describe-in-browser.js';
import { buildPages, PHONE } from './support/table-browser.js';
import { startTestApp, type TestApp } from './support/test-app.js';
import { issueKey, openMatch } from './support/umpire-client.js';

/**
 * A judge key bound to one match (docs/keys-and-security.md) may list no tournament: the console asks
 * GET /keys/current what the key is and, for such a key, never asks for the tournaments, so nothing is
 * refused and the browser's console stays free of errors. It still lists and opens its match.
 */

describeInBrowser('judge console with a key bound to one match, in Chromium', () => {
  let t: TestApp;
  let browser: Browser;
  let page: Page;
  let token: string;
  const errors: string[] = [];
  const refused: string[] = [];
  const asked: string[] = [];

  beforeAll(async () => {
    await buildPages();
    t = await startTestApp();
    await openMatch(t, { matchId: 'other', ruleset: 'hand-to-hand', diceMode: 'table' });
    await openMatch(t, { matchId: 'bound', ruleset: 'hand-to-hand', diceMode: 'table' });
    token = (await issueKey(t, { role: 'judge', matchId: 'bound' })).token!;
    browser = await launchChromium();
    const context = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
    page = await context.newPage();
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('response', (response) => {
      const path = new URL(response.url()).pathname;
      asked.push(path);
      if (response.status() >= 400) refused.push(`${response.status()} ${path}`);
    });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('lists its one match without asking for tournaments, and no request is refused', async () => {
    await page.goto(`${t.url}/judge/`);
    await page.getByLabel('Your judge key').fill(token);
    await page.getByRole('button', { name: 'Open' }).click();
    const rows = page.getByRole('list', { name: 'Matches' }).getByRole('button');
    await rows.first().waitFor();
    expect(await rows.evaluateAll((buttons) => buttons.map((b) => b.getAttribute('data-match')))).toEqual([
      'bound',
    ]);
    // Read again: still no tournaments asked for.
    await page.getByRole('button', { name: 'Read again' }).click();
    await rows.first().waitFor();
    await page.locator('button[data-match="bound"]').click();
    await page.getByRole('region', { name: /Open disputes/ }).waitFor();
    expect(asked.filter((path) => path.startsWith('/tournaments'))).toEqual([]);
    expect(refused).toEqual([]);
    expect(errors).toEqual([]);
    expect(asked).toContain('/keys/current');
  }, 60_000);
});
