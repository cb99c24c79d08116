import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { launchChromium } from './support/chromium.js';
import { describeInBrowser } from './support/describe-in-browser.js';
import {
  buildPages,
  bothSeats,
  caughtUp,
  type SeatBrowser,
  shot,
  unitsFitThePhone,
} from './support/table-browser.js';
import { startTestApp, type TestApp } from './support/test-app.js';
import { issueKey, type MatchTable, openMatch } from './support/umpire-client.js';

/**
 * AA-3: an Atomic Africa unit's card at the table says whom it is in base contact with, by the enemy
 * units' names, as a hand-to-hand card says its contacts: the ruleset keeps its contacts beside its
 * units (the roster carries them), not in them.
 */

describeInBrowser('table and watch pages in Chromium: Atomic Africa unit cards name their contacts', () => {
  let t: TestApp;
  let browser: Browser;
  let m: MatchTable;
  let A: SeatBrowser;
  let B: SeatBrowser;
  const matchId = 'aa-card-contacts';

  beforeAll(async () => {
    await buildPages();
    t = await startTestApp();
    m = await openMatch(t, { matchId, ruleset: 'atomic-africa' });
    const at = (route: string) => `/matches/${matchId}/${route}`;
    for (const [unitId, name, side] of [
      ['z1', 'uThulwana', 'A'],
      ['z2', 'uDloko', 'A'],
      ['b1', 'B Company', 'B'],
      ['b2', 'Natal Native Contingent', 'B'],
    ] as const) {
      await m.organiser.command(at('units'), {
        unitId,
        name,
        side,
        unitType: 'infantry',
        movement: 6,
        firepower: 2,
      });
    }
    await m.A.command(at('contacts'), { unitId: 'z1', enemyId: 'b1' });
    await m.A.command(at('contacts'), { unitId: 'z1', enemyId: 'b2' });
    browser = await launchChromium();
    [A, B] = await bothSeats(browser, t.url, m.organiser, matchId);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  const card = (seat: SeatBrowser, unitId: string) =>
    seat.page.locator(`.unit-cards [data-unit="${unitId}"]`);

  it('AA-3 each card in contact names the enemies it touches; a unit in contact with none says no contact', async () => {
    const revision = await m.revision();
    for (const seat of [A, B]) {
      await caughtUp(seat.page, revision);
      await card(seat, 'z1')
        .getByText(/In contact with B Company, Natal Native Contingent\./)
        .waitFor();
      await card(seat, 'b1')
        .getByText(/In contact with uThulwana\./)
        .waitFor();
      await card(seat, 'b2')
        .getByText(/In contact with uThulwana\./)
        .waitFor();
      expect(await card(seat, 'z2').textContent()).not.toMatch(/contact/);
      // Named, never by id.
      expect(await seat.page.locator('.unit-cards').textContent()).not.toMatch(/\b[zb][12]\b/);
      await unitsFitThePhone(seat.page);
    }
    await shot(A.page, 'table-atomic-africa-unit-contacts');
    const folder = process.env.UMPIRE_SCREENSHOTS;
    if (folder)
      await A.page
        .locator('.unit-cards')
        .screenshot({ path: join(folder, 'table-atomic-africa-unit-contacts-cards.png') });
  }, 60_000);

  it('AA-3 the watch page’s cards name the same contacts to a spectator', async () => {
    const spectator = await issueKey(t, { role: 'spectator' });
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    try {
      await page.goto(`${t.url}/watch/?match=${matchId}`);
      await page.getByLabel(/your key/i).fill(spectator.token!);
      await page.getByRole('button', { name: 'Watch' }).click();
      const watched = (unitId: string) => page.locator(`.unit-cards [data-unit="${unitId}"]`);
      await watched('z1')
        .getByText(/In contact with B Company, Natal Native Contingent\./)
        .waitFor();
      await watched('b1')
        .getByText(/In contact with uThulwana\./)
        .waitFor();
      expect(await watched('z2').textContent()).not.toMatch(/contact/);
      await shot(page, 'watch-atomic-africa-unit-contacts');
    } finally {
      await page.close();
    }
  }, 60_000);
});
