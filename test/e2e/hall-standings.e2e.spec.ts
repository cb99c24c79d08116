import type { Browser, Page } from 'playwright-core';
import { launchChromium } from './support/chromium.js';
import { describeInBrowser } from './support/describe-in-browser.js';
import { ensurePagesBuilt } from './support/pages-build.js';
import { noSidewaysScroll, shot } from './support/table-browser.js';
import { startTestApp, type TestApp } from './support/test-app.js';
import { organiser } from './support/umpire-client.js';

/**
 * The hall screen's standings, in Chromium against the real service, at 1280×800 (a screen nobody
 * scrolls) and on a phone: every column of a tournament with all five tie-breaks and long names fits
 * without clipping, the tie-breaks under short names with their full names as titles and for screen
 * readers, the Player column's cells in line with their rows, and the heading counting the rounds
 * completed, in good grammar.
 */
const T = 'hall-fit';
const NAMES = [
  'Sebastian Oppenheimer-Lindqvist',
  'Carter, Cy',
  'Anneliese Wolfenden-Moyo',
  'Dana Drum',
  'Bartholomew Fitzgerald',
  'Eve Fofana',
];

describeInBrowser('the hall screen standings fit the screen', () => {
  let t: TestApp;
  let browser: Browser;
  let hall: Page;

  beforeAll(async () => {
    await ensurePagesBuilt();
    t = await startTestApp();
    const org = organiser(t);
    await org.command('/tournaments', {
      tournamentId: T,
      name: 'Hall Fit Open',
      tieBreaks: ['buchholz', 'median-buchholz', 'sonneborn-berger', 'head-to-head', 'wins'],
    });
    for (const [i, name] of NAMES.entries()) {
      await org.command(`/tournaments/${T}/participants`, { name, seed: i + 1 });
      await org.command(`/tournaments/${T}/participants/p${i + 1}/check-in`);
    }
    await org.command(`/tournaments/${T}/rounds`, { round: 1, method: 'swiss' });
    await org.command(`/tournaments/${T}/rounds/1/start`);
    for (const table of [1, 2, 3])
      await org.command(`/tournaments/${T}/rounds/1/tables/${table}/override`, {
        outcome: table === 2 ? 'draw' : 'A',
        reason: 'played',
      });
    await org.command(`/tournaments/${T}/rounds`, { round: 2, method: 'swiss' });
    await org.command(`/tournaments/${T}/rounds/2/start`);
    const spectator = await org.post(`/tournaments/${T}/keys`, { role: 'spectator', label: 'hall' });
    browser = await launchChromium();
    hall = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    await hall.goto(`${t.url}/hall/?tournament=${T}`);
    await hall.getByLabel(/spectator key/).fill(spectator.body.token);
    await hall.getByRole('button', { name: 'Open' }).click();
    await hall.getByRole('heading', { level: 1, name: 'Hall Fit Open' }).waitFor();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  const table = () => hall.getByRole('table', { name: /^Standings/ });

  it('counts the completed rounds, in good grammar', async () => {
    await hall.getByRole('heading', { name: 'Standings after 1 round (round 2 in play)' }).waitFor();
  }, 30_000);

  it('fits every column at 1280×800, with short tie-break names and their full names', async () => {
    await table().waitFor();
    const box = table().locator('xpath=..');
    const fit = await box.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
    expect(fit.scroll).toBeLessThanOrEqual(fit.client);
    // The last column is inside the screen, whole.
    const last = table().locator('thead th').last();
    expect((await last.boundingBox())!.x + (await last.boundingBox())!.width).toBeLessThanOrEqual(1280);
    for (const [short, full] of [
      ['Bh', 'Buchholz'],
      ['MBh', 'Median Buchholz'],
      ['SB', 'Sonneborn–Berger'],
      ['H2H', 'Head-to-head'],
      ['W', 'Wins'],
    ]) {
      const header = table().getByRole('columnheader', { name: full, exact: true });
      await header.waitFor();
      expect(await header.locator('abbr').getAttribute('title')).toBe(full);
      expect(await header.locator('abbr').textContent()).toBe(short);
    }
    expect(await hall.evaluate('document.documentElement.scrollHeight')).toBeLessThanOrEqual(800);
    await shot(hall, 'hall-standings-1280');
  }, 30_000);

  it("keeps each Player cell in line with its row's other cells", async () => {
    const rows = table().locator('tbody tr');
    expect(await rows.count()).toBe(NAMES.length);
    for (let i = 0; i < NAMES.length; i++) {
      const name = (await rows.nth(i).locator('th').boundingBox())!;
      const rank = (await rows.nth(i).locator('td').first().boundingBox())!;
      expect(Math.abs(name.y - rank.y)).toBeLessThan(1);
      expect(Math.abs(name.height - rank.height)).toBeLessThan(1);
    }
    expect(
      await table().evaluate((el) => el.ownerDocument.defaultView!.getComputedStyle(el).borderCollapse),
    ).toBe('separate');
  }, 30_000);

  it('on a phone the page does not scroll sideways; the table scrolls in its box with the names in place', async () => {
    await hall.setViewportSize({ width: 390, height: 844 });
    await noSidewaysScroll(hall);
    await table()
      .locator('xpath=..')
      .evaluate((el) => el.scrollBy(200, 0));
    await shot(hall, 'hall-standings-phone');
    const rows = table().locator('tbody tr');
    const name = (await rows.nth(0).locator('th').boundingBox())!;
    const box = (await table().locator('xpath=..').boundingBox())!;
    // Stuck at the left of its box while the figures scroll under it.
    expect(Math.abs(name.x - box.x)).toBeLessThan(2);
    await hall.setViewportSize({ width: 1280, height: 800 });
  }, 30_000);

  it('heads the clock "Time left" only over a time: over a round that is over it is the round clock', async () => {
    const org = organiser(t);
    for (const table of [1, 2, 3])
      await org.command(`/tournaments/${T}/rounds/2/tables/${table}/override`, {
        outcome: 'A',
        reason: 'played',
      });
    const clock = hall.getByRole('region', { name: 'Round clock' });
    await clock.getByText('The round is over: every table has its result.').waitFor({ timeout: 10_000 });
    expect(await hall.getByRole('heading', { name: 'Time left' }).count()).toBe(0);
  }, 30_000);
});
