import type { Browser } from 'playwright-core';
import { launchChromium } from './support/chromium.js';
import { describeInBrowser } from './support/describe-in-browser.js';
import { bigEnoughTargets, buildPages, noSidewaysScroll, PHONE, shot } from './support/table-browser.js';
import { startTestApp, type TestApp } from './support/test-app.js';
import { smallEvent, startFirstRound } from './tournament-support.js';

/**
 * A spectator at a tournament has a key, not match ids: the watch page without a match lists the
 * matches the key may see by tournament, round, table and players, and the page of one is headed so.
 */
const TID = 'watched-day';

describeInBrowser('a spectator chooses a match to watch, in Chromium', () => {
  let t: TestApp;
  let browser: Browser;
  let spectatorKey: string;

  beforeAll(async () => {
    await buildPages();
    t = await startTestApp();
    const event = await smallEvent(t, TID);
    await startFirstRound(event);
    for (const table of [1, 2]) {
      await event.org.command(`/tournaments/${TID}/matches`, {
        matchId: `watched-m-${table}`,
        round: 1,
        table,
        ruleset: 'hand-to-hand',
        sides: { A: 'Zulus', B: 'British' },
        diceMode: 'table',
      });
    }
    const issued = await event.org.post(`/tournaments/${TID}/keys`, { commandId: 'spec', role: 'spectator' });
    if (issued.status !== 201)
      throw new Error(`spectator key: ${issued.status} ${JSON.stringify(issued.body)}`);
    spectatorKey = issued.body.token as string;
    browser = await launchChromium();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('lists the tournament’s matches by round, table and players, and opens one headed by its place', async () => {
    const page = await (await browser.newContext({ viewport: PHONE, hasTouch: true })).newPage();
    await page.goto(`${t.url}/watch/`);
    await noSidewaysScroll(page);
    await shot(page, 'watch-match-form');
    await page.getByLabel('Your key (spectator, player, judge or organiser)').fill(spectatorKey);
    await page.getByRole('button', { name: 'List the matches' }).click();
    const list = page.getByRole('list', { name: 'Matches' });
    await list.waitFor();
    const entries = await list.getByRole('link').allInnerTexts();
    expect(entries.map((text) => text.replace(/\s+/g, ' ').trim())).toEqual([
      `Event ${TID} · round 1 · table 1 Player 1 (Zulus) v Player 3 (British) · in play`,
      `Event ${TID} · round 1 · table 2 Player 2 (Zulus) v Player 4 (British) · in play`,
    ]);
    await noSidewaysScroll(page);
    await bigEnoughTargets(page);
    await shot(page, 'watch-choose-match');

    await list.getByRole('link', { name: /table 2/ }).click();
    await page.getByRole('heading', { level: 1, name: `Event ${TID} · round 1 · table 2` }).waitFor();
    expect(page.url()).toContain('?match=watched-m-2');
    // The key is not asked for again, and the id is still there, beside the players.
    expect(await page.locator('header .note').innerText()).toContain('Player 2 v Player 4');
    expect(await page.locator('header .note').innerText()).toContain('match watched-m-2');
    await shot(page, 'watch-chosen-match');
    await page.context().close();
  }, 60_000);
});
