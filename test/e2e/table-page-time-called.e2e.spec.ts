import type { Browser } from 'playwright-core';
import { launchChromium } from './support/chromium.js';
import { CHROMIUM_HERE, describeInBrowser } from './support/describe-in-browser.js';
import { seated } from './organiser-support.js';
import {
  bigEnoughTargets,
  buildPages,
  joinSeats,
  mustDo,
  noSidewaysScroll,
  seatBrowser,
  shot,
} from './support/table-browser.js';
import { startTestApp, type TestApp } from './support/test-app.js';
import { smallEvent, startFirstRound } from './tournament-support.js';

/**
 * C-7 at the table: a player's page of a refereed tournament match hears, live, that the organiser
 * called time, and says so in words; under "stop now" nothing of the game is offered any more.
 */
const title = CHROMIUM_HERE
  ? 'the table page once time is called'
  : 'the table page once time is called (SKIPPED: no chromium)';

describeInBrowser(title, () => {
  let t: TestApp;
  let browser: Browser;
  beforeAll(async () => {
    await buildPages();
    t = await startTestApp();
    browser = await launchChromium();
  }, 90_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('C-7 the page says time was called on the round, stop now, and offers no more moves', async () => {
    const event = await smallEvent(t, 'clock-cup');
    await startFirstRound(event);
    const matchId = 'clock-cup-r1-t1';
    await event.org.command('/tournaments/clock-cup/matches', {
      matchId,
      round: 1,
      table: 1,
      ruleset: 'hand-to-hand',
      sides: { A: 'Zulus', B: 'British' },
      diceMode: 'table',
    });
    await seated(t, matchId);
    await event.org.command('/tournaments/clock-cup/rounds/1/clock/start', {
      seconds: 5400,
      policy: 'stop-now',
    });
    const seat = await seatBrowser(browser);
    await joinSeats(t.url, event.org, matchId, [[seat, 'A']]);
    await seat.page.getByRole('heading', { name: 'You may' }).waitFor();

    await event.org.command('/tournaments/clock-cup/rounds/1/clock/call', {});
    const notice = seat.page.getByTestId('time-called');
    await notice.waitFor({ timeout: 5_000 });
    expect(await notice.textContent()).toBe(
      'Time was called on round 1: stop now. No more moves; the judge or the organiser ends the match (C-7).',
    );
    expect(await notice.getAttribute('role')).toBe('status');
    await mustDo(seat.page).getByRole('heading', { name: 'Time is up' }).waitFor({ timeout: 5_000 });
    expect(await mustDo(seat.page).textContent()).toMatch(
      /^Time is upNo more moves: the judge or the organiser ends the match\.$/,
    );
    // Nothing of the game is offered any more: what is left is asking for an undo, or a dispute.
    const offered = await seat.page.locator('.may-do button').allTextContents();
    expect(offered.length).toBeGreaterThan(0);
    for (const label of offered) expect(label).toMatch(/^(Ask to undo|Dispute an event)/);
    expect(await seat.page.getByRole('button', { name: /Charge|End the turn/ }).count()).toBe(0);
    await noSidewaysScroll(seat.page);
    await bigEnoughTargets(seat.page);
    await shot(seat.page, 'table-time-called');
    await seat.context.close();
  }, 60_000);
});
