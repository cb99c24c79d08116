import type { Browser, Page } from 'playwright-core';
import { launchChromium } from './support/chromium.js';
import { describeInBrowser } from './support/describe-in-browser.js';
import { openDesk } from './support/desk-browser.js';
import { ensurePagesBuilt } from './support/pages-build.js';
import { startTestApp, type TestApp } from './support/test-app.js';
import { organiser } from './support/umpire-client.js';

/**
 * A field larger than one page of the participants' listing (100), in Chromium against the real
 * service: the desk reads every page, so the last to register has a card and is counted.
 */
const T = 'large-field';
const FIELD = 105;

describeInBrowser("the desk's participants, past one page", () => {
  let t: TestApp;
  let browser: Browser;
  let desk: Page;

  beforeAll(async () => {
    await ensurePagesBuilt();
    t = await startTestApp();
    const org = organiser(t);
    await org.command('/tournaments', { tournamentId: T, name: 'Large Field' });
    for (let i = 1; i <= FIELD; i++) {
      await org.command(`/tournaments/${T}/participants`, { name: `Player ${i}`, seed: i });
    }
    browser = await launchChromium();
    desk = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    await openDesk(desk, t.url, T, 'Large Field');
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('shows every participant of a field of 105, the last to register included', async () => {
    await desk.getByRole('heading', { name: `Participants (0 of ${FIELD} checked in)` }).waitFor();
    await desk.getByRole('button', { name: `Invite Player ${FIELD}` }).waitFor();
    expect(await desk.locator('.checkin-board > li').count()).toBe(FIELD);
  }, 60_000);
});
