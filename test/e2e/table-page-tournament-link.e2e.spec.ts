import type { Browser } from 'playwright-core';
import { launchChromium } from './support/chromium.js';
import { describeInBrowser } from './support/describe-in-browser.js';
import { bigEnoughTargets, buildPages, seatBrowser, shot } from './support/table-browser.js';
import { startTestApp, type TestApp } from './support/test-app.js';
import { type Caller, organiser } from './support/umpire-client.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- response bodies are asserted field by field */

/**
 * The way back from a tournament's table to the player's tournament page, in Chromium at phone size:
 * the table page says where the match is played from the match answer (any key that may read the
 * match is told), and finds the participant from the tournament page's key kept on this phone. A phone
 * that joined only the seat is told where its tournament page comes from.
 */

describeInBrowser('the table page of a tournament’s match leads back to the player’s tournament page', () => {
  let t: TestApp;
  let browser: Browser;
  let org: Caller;
  let pairing: any;
  const T = 'link-day';

  beforeAll(async () => {
    await buildPages();
    t = await startTestApp();
    browser = await launchChromium();
    org = organiser(t);
    await org.command('/tournaments', {
      tournamentId: T,
      name: 'Link day',
      tables: 'refereed',
      ruleset: 'hand-to-hand',
    });
    for (const name of ['Ann Zulu', 'Ben Levy'])
      await org.command(`/tournaments/${T}/participants`, { name });
    for (const id of ['p1', 'p2']) await org.command(`/tournaments/${T}/participants/${id}/check-in`);
    await org.command(`/tournaments/${T}/rounds`, { round: 1, method: 'swiss' });
    await org.command(`/tournaments/${T}/rounds/1/start`);
    [pairing] = (await org.get(`/tournaments/${T}/rounds/1`)).body.pairings;
  }, 90_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('joined from the player’s page, the table page links back to it', async () => {
    const { page } = await seatBrowser(browser);
    const me = pairing.A.participantId as string;
    const invited = await org.post(`/tournaments/${T}/participants/${me}/invitations`, {});
    await page.goto(`${t.url}${invited.body.link}`);
    await page.getByRole('button', { name: /Play at your seat/ }).click();
    await page.waitForURL(`${t.url}/table/`);
    const back = page.getByRole('link', { name: 'Back to your tournament page (Link day)' });
    await back.waitFor();
    // Where the match is played, read with the participant's own key: no tournament id in sight.
    expect(await page.getByTestId('tournament-place').textContent()).toBe(
      `Link day · round 1 · table ${pairing.table}`,
    );
    expect(await page.locator('.seat-header').textContent()).not.toContain(T);
    await bigEnoughTargets(page);
    await shot(page, 'table-tournament-link');
    await back.click();
    await page.waitForURL(`${t.url}/tournament/?tournament=${T}&participant=${me}`);
    await page.getByRole('button', { name: /Play at your seat/ }).waitFor();
  }, 60_000);

  it('joined from a seat invitation alone, the table page says where the tournament page comes from', async () => {
    const { page } = await seatBrowser(browser);
    const link = (await org.post(`/matches/${pairing.matchId}/invitations`, { side: 'B' })).body
      .link as string;
    await page.goto(`${t.url}${link}`);
    const note = page.getByTestId('tournament-link');
    await note.waitFor();
    // A seat's key may not read the tournament, but the match answer says where it is played.
    expect(await note.textContent()).toBe(
      `Link day · round 1 · table ${pairing.table}Your tournament page opens from the link your organiser gave you.`,
    );
    expect(await page.getByTestId('tournament-place').textContent()).toBe(
      `Link day · round 1 · table ${pairing.table}`,
    );
    expect(await note.getByRole('link').count()).toBe(0);
  }, 60_000);
});
