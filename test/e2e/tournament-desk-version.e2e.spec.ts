import type { Browser, Page } from 'playwright-core';
import { versionsOf } from '../../src/rulesets/registry.js';
import { launchChromium } from './support/chromium.js';
import { describeInBrowser } from './support/describe-in-browser.js';
import { buildPages, noSidewaysScroll, PHONE, shot } from './support/table-browser.js';
import { startTestApp, type TestApp } from './support/test-app.js';
import { ORGANISER_KEY, organiser } from './support/umpire-client.js';

/**
 * The desk's create form offers the rulesets the service serves and every version of each (from
 * GET /rulesets), in Chromium against the real service: a tournament created there on an older
 * version of hand-to-hand records that version, and the desk shows it.
 */

describeInBrowser('the desk creates a tournament on an older served version of its ruleset', () => {
  let t: TestApp;
  let browser: Browser;
  let desk: Page;
  const served = versionsOf('hand-to-hand').map((r) => r.version);
  const [oldest] = served;

  beforeAll(async () => {
    await buildPages();
    t = await startTestApp();
    browser = await launchChromium();
    desk = await (await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true })).newPage();
  }, 90_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('C-6 the version list is the served one, the current first; created on the oldest, the tournament and the desk name it', async () => {
    expect(served.length).toBeGreaterThan(1);
    await desk.goto(`${t.url}/desk/`);
    await desk.getByLabel('Your organiser key').fill(ORGANISER_KEY);
    await desk.getByRole('button', { name: 'Open' }).click();
    await desk.getByLabel(/Tournament id/).fill('old-day');
    await desk.getByLabel('Tournament name').fill('Old rules day');
    await desk.getByLabel(/Refereed: each pairing/).check();
    const version = desk.getByLabel('Ruleset version');
    expect(await version.isDisabled()).toBe(true);
    await desk.getByLabel(/Ruleset of the matches/).selectOption('hand-to-hand');
    const offered = await version.locator('option').allTextContents();
    expect(offered).toEqual([
      `${served.at(-1)} (current)`,
      ...served
        .slice(0, -1)
        .reverse()
        .map((v) => `${v} (older: its rules as they were)`),
    ]);
    await version.selectOption(oldest!);
    await noSidewaysScroll(desk);
    await desk.getByLabel('Ruleset version').scrollIntoViewIfNeeded();
    await shot(desk, 'desk-create-version');
    await desk.getByRole('button', { name: 'Create' }).click();
    await desk.getByRole('heading', { level: 1, name: 'Old rules day' }).waitFor();
    await desk.getByLabel(/Paste participants/).fill('name,club,seed\nAnn,N,1\nBen,S,2');
    await desk.getByRole('button', { name: 'Import' }).click();
    await desk
      .getByTestId('tournament-setup')
      .getByText(`refereed tables, ruleset hand-to-hand ${oldest}`)
      .waitFor();
    expect((await organiser(t).get('/tournaments/old-day/standings')).body.ruleset).toEqual({
      id: 'hand-to-hand',
      version: oldest,
    });
  }, 60_000);
});
