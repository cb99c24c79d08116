import type { Browser, Page } from 'playwright-core';
import { TOURNAMENT_RULES_VERSION } from '../../src/rules/tournament/rules-version.js';
import { launchChromium } from './support/chromium.js';
import { describeInBrowser } from './support/describe-in-browser.js';
import { buildPages, noSidewaysScroll, PHONE, shot } from './support/table-browser.js';
import { startTestApp, type TestApp } from './support/test-app.js';
import { type SmallEvent, smallEvent } from './tournament-support.js';

/**
 * A player's report on their tournament page, in Chromium on the real service: before the round
 * starts the page says so (not "playing"); "I won" asks first, since a report cannot be changed once
 * sent; after the opponent disputes it, the reporter's page says so and nothing still says the
 * opponent confirms it. A player on a browser without their place is told to open their link again.
 * The page's footnote names the tournament rules the tournament runs under.
 */
const TID = 'report-day';

describeInBrowser('a player reports a result on the tournament page in Chromium', () => {
  let t: TestApp;
  let browser: Browser;
  let event: SmallEvent;
  let phone: Page;

  beforeAll(async () => {
    await buildPages();
    t = await startTestApp();
    event = await smallEvent(t, TID);
    await event.org.command(`/tournaments/${TID}/rounds`, { round: 1, method: 'swiss' });
    browser = await launchChromium();
    phone = await (await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true })).newPage();
    const invited = await event.org.post(`/tournaments/${TID}/participants/p1/invitations`, {});
    await phone.goto(`${t.url}${invited.body.link as string}`);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  const mine = () => phone.getByTestId('my-result');
  const round1 = async () => (await event.org.get(`/tournaments/${TID}/rounds/1`)).body;

  it('a paired round not yet started says so, not "playing"', async () => {
    await phone.getByRole('heading', { name: 'Round 1 (not started yet)' }).waitFor();
    expect(await mine().innerText()).toBe('The round has not started yet.');
    const pairings = await phone.getByRole('region', { name: 'Round 1 pairings' }).innerText();
    expect(pairings).toContain('not started yet');
    expect(pairings).not.toMatch(/playing/);
    await shot(phone, 'player-round-paired');
  }, 60_000);

  it('the page’s footnote names the tournament rules the tournament runs under', async () => {
    const { rulesVersion } = (await event.org.get(`/tournaments/${TID}`)).body;
    expect(rulesVersion).toBe(TOURNAMENT_RULES_VERSION);
    expect(await phone.getByTestId('rules-version').innerText()).toBe(
      `This tournament runs under tournament rules ${rulesVersion}.`,
    );
  }, 60_000);

  it('"I won" asks first, and says the report cannot be changed once sent', async () => {
    await event.org.command(`/tournaments/${TID}/rounds/1/start`);
    const won = phone.getByRole('button', { name: 'I won', exact: true });
    await won.click();
    const confirm = phone.getByRole('group', { name: 'Report: you won?' });
    await confirm.getByText(/cannot change it/).waitFor();
    expect(await confirm.evaluate((c) => c.contains(c.ownerDocument.activeElement))).toBe(true);
    await shot(phone, 'player-report-confirm');
    await noSidewaysScroll(phone);
    expect((await round1()).pairings[0].status).toBe('pending');
    await confirm.getByRole('button', { name: 'Go back' }).click();
    await won.waitFor();
    expect((await round1()).pairings[0].status).toBe('pending');

    await won.click();
    // A note for the judge goes with it, should the opponent dispute it.
    await confirm.getByLabel(/A note for the judge/).fill('routed his left in turn 5');
    await confirm.getByRole('button', { name: 'Send the report' }).click();
    await mine().getByText('You reported: you won. Waiting for Player 3 to confirm it.').waitFor();
    expect((await round1()).pairings[0]).toMatchObject({
      status: 'reported',
      reported: { outcome: 'A', by: 'p1' },
    });
  }, 60_000);

  it('once the opponent disputes, the reporter’s page says so and nothing says they confirm it', async () => {
    await event.players.get('p3')!.command(event.at(1, 1, 'dispute'), { reason: 'I won on objectives' });
    await mine().getByText('Player 3 disputed your report (you won): a judge decides it.').waitFor();
    const [disputed] = (await event.org.get(`/tournaments/${TID}/rounds/disputed`)).body;
    expect(disputed.reported).toEqual({ by: 'p1', outcome: 'A', note: 'routed his left in turn 5' });
    expect(await phone.locator('main').innerText()).not.toMatch(/confirms it/);
    await shot(phone, 'player-report-disputed');
    const desk = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    const invited = await event.org.post(`/tournaments/${TID}/participants/p3/invitations`, {});
    await desk.goto(`${t.url}${invited.body.link as string}`);
    await desk
      .getByTestId('my-result')
      .getByText("You disputed Player 1's report: a judge decides it.")
      .waitFor();
    await noSidewaysScroll(desk);
    await shot(desk, 'player-report-disputed-desk');
    await desk.context().close();
  }, 60_000);

  it('two reports that differ read as two reports on both pages, not as a dispute by either player', async () => {
    await event.players.get('p2')!.command(event.at(1, 2, 'report'), { outcome: 'A' });
    await event.players.get('p4')!.command(event.at(1, 2, 'report'), { outcome: 'B' });
    for (const [id, expected] of [
      ['p2', 'You reported you won; Player 4 reported Player 4 won: a judge decides it.'],
      ['p4', 'You reported you won; Player 2 reported Player 2 won: a judge decides it.'],
    ] as const) {
      const page = await (await browser.newContext({ viewport: PHONE })).newPage();
      const invited = await event.org.post(`/tournaments/${TID}/participants/${id}/invitations`, {});
      await page.goto(`${t.url}${invited.body.link as string}`);
      await page.getByTestId('my-result').getByText(expected).waitFor();
      expect(await page.getByTestId('my-result').innerText()).not.toMatch(/disputed/);
      if (id === 'p4') await shot(page, 'player-two-reports');
      await page.context().close();
    }
  }, 60_000);

  it('the judge’s decision reaches the player with the judge’s words', async () => {
    await event.org.command(event.at(1, 1, 'override'), {
      outcome: 'B',
      reason: 'the objectives sheet shows Player 3 held both',
    });
    await mine()
      .getByText('Result: Player 3 won, decided by a judge: “the objectives sheet shows Player 3 held both”.')
      .waitFor();
    await shot(phone, 'player-decided');
  }, 60_000);

  it('a browser without the player’s place tells them how to join, in a player’s words, and asks for no key', async () => {
    const other = await (await browser.newContext({ viewport: PHONE })).newPage();
    // What a report-only slip's QR code opens, scanned with a phone that never joined.
    await other.goto(`${t.url}/tournament/?tournament=${TID}&participant=p2`);
    await other.getByRole('heading', { name: 'This phone has not joined the tournament' }).waitFor();
    const text = await other.locator('main').innerText();
    expect(text).toMatch(/Ask the organiser at the desk for your invitation/);
    expect(text).not.toMatch(/participant key/i);
    // Players are given invitations, not keys: the key field is there only once asked for.
    expect(await other.getByLabel('The key your organiser gave you').isVisible()).toBe(false);
    await other.getByText('I was given a key instead').click();
    await other.getByLabel('The key your organiser gave you').waitFor();
    await shot(other, 'player-no-place');
    await other.context().close();
  }, 60_000);
});
