import type { Browser, Page } from 'playwright-core';
import { launchChromium } from './support/chromium.js';
import { describeInBrowser } from './support/describe-in-browser.js';
import { buildPages, joinSeats, type SeatBrowser, seatBrowser } from './support/table-browser.js';
import { startTestApp, type TestApp } from './support/test-app.js';
import { type MatchTable, openMatch } from './support/umpire-client.js';

/**
 * A template fills in a fresh id (a new unit's) for the state the page last saw. Two such commands made
 * offline, before either is answered, must still be two commands with two ids: the page gives the second
 * another id, and both land when the connection returns.
 */

describeInBrowser('table page in Chromium: fresh ids of commands made offline', () => {
  let t: TestApp;
  let browser: Browser;
  let m: MatchTable;
  let A: SeatBrowser;
  const matchId = 'hh-offline-ids';

  beforeAll(async () => {
    await buildPages();
    t = await startTestApp();
    m = await openMatch(t, { matchId, ruleset: 'hand-to-hand', diceMode: 'table' });
    browser = await launchChromium();
    A = await seatBrowser(browser);
    await joinSeats(t.url, m.organiser, matchId, [[A, 'A']]);
    await A.page.getByRole('heading', { level: 1, name: 'Side A side A' }).waitFor();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  async function register(page: Page, name: string) {
    await page.getByRole('button', { name: /Register a unit for Side A/ }).click();
    const form = page.locator('.may-do form');
    await form.getByLabel('Its name').fill(name);
    await form.getByLabel(/Its base morale/).fill('8');
    await form.getByLabel(/Its move, in inches/).fill('6');
    await form.getByRole('button', { name: 'Send' }).click();
  }

  it('C-6 given two units registered offline from one template, when the connection returns, then both land, each with its own id', async () => {
    await A.context.setOffline(true);
    await register(A.page, 'Impi');
    await register(A.page, 'Uve');
    const outbox = A.page.getByRole('region', { name: /waiting to be sent/ });
    await outbox.getByText('pending').nth(1).waitFor();
    const kept = JSON.parse(
      (await A.page.evaluate(`localStorage.getItem('umpire.table.outbox.${matchId}.A')`)) as string,
    ) as { body: { unitId: string } }[];
    expect(new Set(kept.map((item) => item.body.unitId)).size).toBe(2);

    await A.context.setOffline(false);
    await A.page.locator('.outbox-pending').first().waitFor({ state: 'detached', timeout: 15_000 });
    expect(await A.page.locator('.outbox-refused').count()).toBe(0);
    const units = Object.values((await m.state()).units as Record<string, { unitId: string; name: string }>);
    expect(units.map((unit) => unit.name).sort()).toEqual(['Impi', 'Uve']);
    expect(new Set(units.map((unit) => unit.unitId)).size).toBe(2);
  }, 90_000);
});
