import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from './support/chromium.js';
import { describeInBrowser } from './support/describe-in-browser.js';
import { buildPages, noSidewaysScroll, PHONE, shot } from './support/table-browser.js';
import { startTestApp, type TestApp } from './support/test-app.js';
import { type MatchTable, openMatch } from './support/umpire-client.js';

/**
 * The judge's console keeps the open match in its address (`/judge/?match=ID`), never the key: a
 * reload opens the same match, the browser's Back returns to the list and Forward to the match, and the
 * link sent to another judge opens that match once their own key is entered. A link to a match the key
 * cannot read says why and leads back to the list.
 */

describeInBrowser('judge console address in Chromium', () => {
  let t: TestApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let disputed: MatchTable;
  let judgeKey: string;

  beforeAll(async () => {
    await buildPages();
    t = await startTestApp();
    await openMatch(t, { matchId: 'a-quiet', ruleset: 'hand-to-hand', diceMode: 'table' });
    disputed = await openMatch(t, { matchId: 'b-disputed', ruleset: 'hand-to-hand', diceMode: 'table' });
    await disputed.B.command('/matches/b-disputed/disputes', {
      disputeId: 'd1',
      revision: 1,
      claim: 'the sides were swapped',
    });
    judgeKey = disputed.judge.token!;
    browser = await launchChromium();
    context = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
    page = await context.newPage();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  const matchParam = (on: Page = page) => new URL(on.url()).searchParams.get('match');
  const matchList = (on: Page = page) => on.getByRole('list', { name: 'Matches' });
  /** The open match, by the id the console names under its heading (the heading says its sides). */
  const matchHeading = (on: Page, matchId: string) =>
    on.getByTestId('match-named').getByText(matchId, { exact: true });
  const openDispute = (on: Page = page) =>
    on.locator('li[data-dispute="d1"]').getByText('the sides were swapped');

  it('opening a match from the list puts it in the address, not the key', async () => {
    await page.goto(`${t.url}/judge/`);
    await page.getByLabel('Your judge key').fill(judgeKey);
    await page.getByRole('button', { name: 'Open' }).click();
    await page.locator('button[data-match="b-disputed"]').click();
    await openDispute().waitFor();
    expect(matchParam()).toBe('b-disputed');
    expect(page.url()).not.toContain(judgeKey);
    await shot(page, 'judge-url-match-open');
  }, 60_000);

  it('a reload opens the same match again', async () => {
    await page.reload();
    await openDispute().waitFor();
    await matchHeading(page, 'b-disputed').waitFor();
    expect(matchParam()).toBe('b-disputed');
  }, 60_000);

  it('the browser’s Back returns to the list, Forward to the match, and All matches to the list again', async () => {
    await page.goBack();
    await matchList().waitFor();
    expect(matchParam()).toBeNull();
    await page.goForward();
    await openDispute().waitFor();
    expect(matchParam()).toBe('b-disputed');
    const entries = await page.evaluate('history.length');
    await page.getByRole('button', { name: 'All matches' }).click();
    await matchList().waitFor();
    expect(matchParam()).toBeNull();
    // All matches went back in history, as Back does: no second copy of the list behind the match.
    expect(await page.evaluate('history.length')).toBe(entries);
    await page.locator('button[data-match="a-quiet"]').click();
    await matchHeading(page, 'a-quiet').waitFor();
    expect(matchParam()).toBe('a-quiet');
    await page.goBack();
    await matchList().waitFor();
  }, 60_000);

  it('a link sent to another judge opens that match once their key is entered, and keeps the key out of it', async () => {
    const link = `${t.url}/judge/?match=b-disputed`;
    const other = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    try {
      await other.goto(link);
      await other.getByText(/this link opens match b-disputed/).waitFor();
      await other.getByLabel('Your judge key').fill(judgeKey);
      await other.getByRole('button', { name: 'Open' }).click();
      await openDispute(other).waitFor();
      expect(other.url()).toBe(link);
      await noSidewaysScroll(other);
      await shot(other, 'judge-url-match-open-desk');
      // Opened at the match, the page has no list behind it in history: All matches shows it all the same.
      await other.getByRole('button', { name: 'All matches' }).click();
      await matchList(other).waitFor();
      expect(matchParam(other)).toBeNull();
    } finally {
      await other.context().close();
    }
  }, 60_000);

  it('a link to a match the key cannot read says so, and All matches leads back to the list', async () => {
    await page.goto(`${t.url}/judge/?match=no-such-match`);
    await page.getByRole('alert').waitFor();
    expect(await page.getByRole('alert').innerText()).toMatch(/no-such-match|not found|unknown/i);
    await page.getByRole('button', { name: 'All matches' }).click();
    await page.locator('button[data-match="b-disputed"]').waitFor();
    expect(matchParam()).toBeNull();
  }, 60_000);
});
