import type { Browser, Locator, Page } from 'playwright-core';
import { launchChromium } from './support/chromium.js';
import { describeInBrowser } from './support/describe-in-browser.js';
import { ensurePagesBuilt } from './support/pages-build.js';
import { noSidewaysScroll, shot } from './support/table-browser.js';
import { openDesk } from './support/desk-browser.js';
import { startTestApp, type TestApp } from './support/test-app.js';
import { organiser } from './support/umpire-client.js';

/**
 * A two-round tournament run from the desk, in Chromium against the real service: each participant's
 * buttons are named for them; what the desk said last goes once the next action is taken; a table's
 * override form is its own (round 2's table 1 starts empty after round 1's table 1 was overridden) and
 * empties once recorded; earlier rounds stay reviewable and overridable once the next is paired; after
 * the last round the desk says the tournament is complete, with the final standings, and offers no
 * round past it.
 */
const T = 'rounds-day';

describeInBrowser('the desk through every round of a tournament', () => {
  let t: TestApp;
  let browser: Browser;
  let desk: Page;

  beforeAll(async () => {
    await ensurePagesBuilt();
    t = await startTestApp();
    const org = organiser(t);
    await org.command('/tournaments', { tournamentId: T, name: 'Rounds Day', numberOfRounds: 2 });
    for (let i = 1; i <= 4; i++) {
      await org.command(`/tournaments/${T}/participants`, { name: `Player ${i}`, seed: i });
      if (i < 4) await org.command(`/tournaments/${T}/participants/p${i}/check-in`);
    }
    browser = await launchChromium();
    desk = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    await openDesk(desk, t.url, T, 'Rounds Day');
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  const news = () => desk.locator('p.news');
  const alerts = () => desk.getByRole('alert');
  const rowOf = (scope: Locator, table: number) => scope.locator('li', { hasText: `Table ${table}` });
  const current = () => desk.getByRole('region', { name: /^Round \d+: (paired|started|closed)$/ });

  it("names each participant's buttons for them, and clears what the desk said at the next action", async () => {
    await desk.getByRole('button', { name: 'Check in Player 4', exact: true }).click();
    await news().getByText('Player 4 checked in.').waitFor();
    await desk.getByRole('button', { name: 'Pair round 1 (Swiss)' }).click();
    await desk.getByRole('button', { name: 'Start round 1' }).click();
    await news().getByText('Round 1 started.').waitFor();
    for (let i = 1; i <= 4; i++)
      await desk.getByRole('button', { name: `Drop Player ${i}`, exact: true }).waitFor();
    // A refusal: the news of the start is gone with it.
    await desk.getByLabel('Minutes').fill('0');
    await desk.getByRole('button', { name: 'Start clock' }).click();
    await alerts().first().waitFor();
    expect(await news().textContent()).toBe('');
    // The next action recorded: the refusal is gone.
    await desk.getByLabel('Minutes').fill('90');
    await desk.getByRole('button', { name: 'Start clock' }).click();
    await news().getByText('Clock started.').waitFor();
    expect(await alerts().count()).toBe(0);
  }, 60_000);

  it('gives the override a comfortable target, and empties its form once recorded', async () => {
    const row = rowOf(current(), 1);
    const summary = row.locator('summary');
    for (const size of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      await desk.setViewportSize(size);
      expect((await summary.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    }
    await desk.setViewportSize({ width: 1280, height: 800 });
    await summary.click();
    await row.getByLabel('Result').selectOption('B');
    await row.getByLabel('Reason').fill('the slip says Player 3 won');
    await row.getByRole('button', { name: 'Override' }).click();
    await news().getByText('Table 1 set.').waitFor();
    await row.locator('details:not([open])').waitFor({ state: 'attached' });
    expect(await row.getByLabel('Reason').inputValue()).toBe('');
    expect(await row.getByLabel('Result').inputValue()).toBe('A');
  }, 60_000);

  it("starts round 2's forms empty, and keeps round 1 reviewable and overridable", async () => {
    // Round 1's other table: a result through the API, and the round closes.
    await organiser(t).command(`/tournaments/${T}/rounds/1/tables/2/override`, {
      outcome: 'A',
      reason: 'reported on paper',
    });
    await desk.getByRole('heading', { name: 'Round 1: closed' }).waitFor({ timeout: 10_000 });
    // Something typed into table 1's form and not sent: it stays with round 1's table 1.
    const r1 = rowOf(current(), 1);
    await r1.locator('summary').click();
    await r1.getByLabel('Result').selectOption('draw');
    await r1.getByLabel('Reason').fill('typed for round 1');
    await desk.getByRole('button', { name: 'Pair round 2 (Swiss)' }).click();
    await desk.getByRole('button', { name: 'Start round 2' }).click();
    await desk.getByRole('heading', { name: 'Round 2: started' }).waitFor();
    const r2 = rowOf(current(), 1);
    await r2.locator('summary').click();
    expect(await r2.getByLabel('Result').inputValue()).toBe('A');
    expect(await r2.getByLabel('Reason').inputValue()).toBe('');

    // Round 1, collapsed, opened and overridden at table 2.
    const earlier = desk.getByRole('region', { name: 'Earlier rounds' });
    const round1 = earlier.locator('details', { hasText: 'Round 1: closed' });
    await round1.locator('summary', { hasText: 'Round 1: closed · 2 of 2 results' }).click();
    const table2 = rowOf(round1, 2);
    await table2.filter({ hasText: 'Player 2 (A) v Player 4 (B)' }).waitFor();
    await table2.locator('summary').click();
    await table2.getByLabel('Result').selectOption('draw');
    await table2.getByLabel('Reason').fill('the judge ruled a draw');
    await table2.getByRole('button', { name: 'Override' }).click();
    await news().getByText('Table 2 set.').waitFor();
    const r1t2 = (await organiser(t).get(`/tournaments/${T}/rounds/1`)).body.pairings.find(
      (p: { table: number }) => p.table === 2,
    );
    expect(r1t2.result).toMatchObject({ outcome: 'draw', source: 'overridden' });
    await table2.getByText('a draw (overridden)').waitFor();
    await shot(desk, 'desk-rounds-earlier');
  }, 60_000);

  it('after the last round says the tournament is complete, with the final standings, and offers no round 3', async () => {
    for (const table of [1, 2])
      await organiser(t).command(`/tournaments/${T}/rounds/2/tables/${table}/override`, {
        outcome: 'A',
        reason: 'reported on paper',
      });
    await desk.getByRole('heading', { name: 'Round 2: closed' }).waitFor({ timeout: 10_000 });
    await desk
      .getByTestId('tournament-complete')
      .getByText('The tournament is complete: all 2 rounds have been played.', { exact: false })
      .waitFor();
    await desk.getByRole('heading', { name: 'Final standings' }).waitFor();
    expect(await desk.getByRole('button', { name: /Pair round/ }).count()).toBe(0);
    // Nobody is left to drop out of a tournament whose rounds are all played.
    expect(await desk.getByRole('button', { name: /^Drop / }).count()).toBe(0);
    await shot(desk, 'desk-rounds-complete');
    await desk.setViewportSize({ width: 390, height: 844 });
    await noSidewaysScroll(desk);
    await shot(desk, 'desk-rounds-complete-phone');
  }, 60_000);
});
