import type { Browser, Page } from 'playwright-core';
import { launchChromium } from './support/chromium.js';
import { describeInBrowser } from './support/describe-in-browser.js';
import { ensurePagesBuilt } from './support/pages-build.js';
import { noSidewaysScroll, shot, until } from './support/table-browser.js';
import { openDesk } from './support/desk-browser.js';
import { startTestApp, type TestApp } from './support/test-app.js';
import { type Caller, issueKey } from './support/umpire-client.js';
import { scheduleTableOne, smallEvent, startFirstRound, type SmallEvent } from './tournament-support.js';

/**
 * A lost phone shut out at the desk, in Chromium against the real service: the desk says which keys
 * act for the participant (their own key, and the seat key of their refereed table), revokes those
 * and no others once the organiser confirms, and then has nothing left to shut out. The revoked keys
 * are refused at once; the opponent's keys and the other participants' go on working.
 */
const T = 'lost-phone-day';
const MATCH = 'lost-phone-r1-t1';

describeInBrowser('a lost phone shut out at the desk', () => {
  let t: TestApp;
  let browser: Browser;
  let desk: Page;
  let event: SmallEvent;
  let seatA: Caller;
  let seatB: Caller;

  beforeAll(async () => {
    await ensurePagesBuilt();
    t = await startTestApp();
    event = await smallEvent(t, T);
    await startFirstRound(event);
    await scheduleTableOne(event, MATCH);
    // Table 1 is Player 1 (side A) against Player 3 (side B).
    seatA = await issueKey(t, { role: 'player', matchId: MATCH, side: 'A' });
    seatB = await issueKey(t, { role: 'player', matchId: MATCH, side: 'B', tournamentId: T });
    browser = await launchChromium();
    desk = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    await openDesk(desk, t.url, T, `Event ${T}`);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('names the keys that act for the participant, and Keep it revokes none and gives the focus back', async () => {
    const lost = desk.getByRole('button', { name: "Lost phone: shut out Player 1's phone" });
    await lost.click();
    const panel = desk.getByRole('group', { name: "Shut out Player 1's phone?" });
    await panel.getByText('These 2 keys stop working at once').waitFor();
    const listed = await panel.getByRole('listitem').allTextContents();
    expect(listed).toEqual([
      'their own key, which reports and confirms their results',
      'the key of their seat at table 1 of round 1, which plays it',
    ]);
    await shot(desk, 'desk-lost-phone');
    await desk.setViewportSize({ width: 390, height: 844 });
    await noSidewaysScroll(desk);
    await panel.scrollIntoViewIfNeeded();
    await shot(desk, 'desk-lost-phone-phone');
    await desk.setViewportSize({ width: 1280, height: 800 });
    expect(await desk.evaluate('document.activeElement.textContent')).toBe("Yes, shut out Player 1's phone");
    await desk.keyboard.press('Escape');
    await until(desk, `document.activeElement?.id === 'lost-phone-button-p1'`, 5_000);
    expect((await event.players.get('p1')!.get(`/tournaments/${T}`)).status).toBe(200);
    expect((await seatA.get(`/matches/${MATCH}`)).status).toBe(200);
  }, 60_000);

  it('revokes those keys once confirmed, and leaves the opponent and everyone else playing', async () => {
    await desk.getByRole('button', { name: "Lost phone: shut out Player 1's phone" }).click();
    await desk.getByRole('button', { name: "Yes, shut out Player 1's phone" }).click();
    await desk
      .getByRole('status')
      .getByText("Player 1's phone is shut out: its 2 keys were revoked. Invite Player 1 again")
      .waitFor();
    await until(desk, `document.activeElement?.id === 'participant-p1'`, 5_000);

    expect((await event.players.get('p1')!.get(`/tournaments/${T}`)).status).toBe(401);
    expect((await seatA.get(`/matches/${MATCH}`)).status).toBe(401);
    expect((await seatB.get(`/matches/${MATCH}`)).status).toBe(200);
    for (const other of ['p2', 'p3', 'p4']) {
      expect((await event.players.get(other)!.get(`/tournaments/${T}`)).status).toBe(200);
    }
    // The participant is invited again from the same card.
    await desk.getByRole('button', { name: 'Invite Player 1' }).waitFor();
  }, 60_000);

  it('offers no lost phone, and says no join, for a participant whose keys are all revoked', async () => {
    await until(desk, `!document.querySelector('#lost-phone-button-p1')`, 5_000);
    expect(await desk.locator('#participant-p1').getByTestId('participant-joined').count()).toBe(0);
    // The others joined (each holds their own key), and say so.
    await desk
      .locator('#participant-p2')
      .getByTestId('participant-joined')
      .getByText(/joined at/)
      .waitFor();
    expect(await desk.locator('#lost-phone-button-p2').count()).toBe(1);
  }, 60_000);
});
