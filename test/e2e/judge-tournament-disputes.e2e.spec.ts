import type { Browser, Page } from 'playwright-core';
import { launchChromium } from './support/chromium.js';
import { describeInBrowser } from './support/describe-in-browser.js';
import {
  bigEnoughTargets,
  buildPages,
  noSidewaysScroll,
  PHONE,
  shot,
  until,
} from './support/table-browser.js';
import { startTestApp, type TestApp } from './support/test-app.js';
import { Caller } from './support/umpire-client.js';
import { type SmallEvent, smallEvent, startFirstRound } from './tournament-support.js';

/**
 * A tournament judge's console in Chromium, on the real service: in a tournament whose results its
 * players report, one player disputes the opponent's report ("I won on objectives"); the judge key of
 * the tournament lists that table with what both players said and decides it (ResultOverridden),
 * at phone size and at desk size. A match the tournament schedules is listed by tournament, round,
 * table and players, its id only beside them.
 */
const TID = 'judged-day';

describeInBrowser('a tournament judge decides a disputed result in Chromium', () => {
  let t: TestApp;
  let browser: Browser;
  let event: SmallEvent;
  let judge: Caller;

  beforeAll(async () => {
    await buildPages();
    t = await startTestApp();
    event = await smallEvent(t, TID);
    await startFirstRound(event);
    // Table 1: p1 reports a win, p3 disputes it in words.
    await event.players
      .get('p1')!
      .command(event.at(1, 1, 'report'), { outcome: 'A', note: 'routed his left' });
    await event.players.get('p3')!.command(event.at(1, 1, 'dispute'), { reason: 'I won on objectives' });
    // Table 2: both report, each a different result (the second with a note): that disputes it too.
    await event.players.get('p2')!.command(event.at(1, 2, 'report'), { outcome: 'A' });
    await event.players
      .get('p4')!
      .command(event.at(1, 2, 'report'), { outcome: 'B', note: 'his general fled in turn 5' });
    const issued = await event.org.post(`/tournaments/${TID}/keys`, {
      commandId: 'judge-key',
      role: 'judge',
      label: 'head judge',
    });
    if (issued.status !== 201) throw new Error(`judge key: ${issued.status} ${JSON.stringify(issued.body)}`);
    judge = new Caller(t.url, issued.body.token as string);
    browser = await launchChromium();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  async function openConsole(viewport: { width: number; height: number }): Promise<Page> {
    const page = await (await browser.newContext({ viewport, hasTouch: viewport.width < 500 })).newPage();
    await page.goto(`${t.url}/judge/`);
    await page.getByLabel('Your judge key').fill(judge.token!);
    await page.getByRole('button', { name: 'Open' }).click();
    await page.getByRole('heading', { name: 'Disputed results' }).waitFor();
    return page;
  }

  const card = (page: Page, table: number) =>
    page.getByRole('article', { name: new RegExp(`round 1 · table ${table}:`) });

  it('lists each disputed table with both players’ words, at phone size', async () => {
    const page = await openConsole(PHONE);
    expect(await page.getByText('This key sees no matches').count()).toBe(0);
    const one = card(page, 1);
    await one.getByText('I won on objectives').waitFor();
    const text = await one.innerText();
    expect(text).toContain(`Event ${TID} · round 1 · table 1: Player 1 v Player 3`);
    expect(text).toMatch(/Player 1 reported: Player 1 won\./);
    expect(text).toContain('routed his left');
    expect(text).toMatch(/Player 3 disputed it: “I won on objectives”/);
    const two = await card(page, 2).innerText();
    expect(two).toMatch(/Player 2 reported: Player 2 won\./);
    expect(two).toMatch(/Player 4 reported another result: Player 4 won\./);
    // The second report's own note, which the judge needs as much as the first's.
    expect(two).toContain('Their note: “his general fled in turn 5”');
    await noSidewaysScroll(page);
    await bigEnoughTargets(page);
    await shot(page, 'judge-tournament-disputes-phone');
    await page.context().close();
  }, 60_000);

  it('decides a disputed table with its result and why, at desk size', async () => {
    const page = await openConsole({ width: 1280, height: 800 });
    const one = card(page, 1);
    const decide = one.getByRole('button', { name: 'Decide' });
    expect(await decide.isDisabled()).toBe(true);
    await one.getByRole('button', { name: 'Player 3 won' }).click();
    await one.getByLabel(/^Why/).fill('the objectives sheet shows Player 3 held both');
    await shot(page, 'judge-tournament-disputes-desk');
    await decide.click();
    await page.getByTestId('judge-said').getByText('Decided: Player 3 won at table 1 of round 1.').waitFor();
    await card(page, 1).waitFor({ state: 'detached' });
    // The card and its button are gone: focus is on what was said of the decision, not lost to the page.
    await until(page, "(document.activeElement?.textContent ?? '').startsWith('Decided:')");
    const round = (await judge.get(`/tournaments/${TID}/rounds/1`)).body;
    const table1 = round.pairings.find((p: { table: number }) => p.table === 1);
    expect(table1.status).toBe('final');
    expect(table1.result).toMatchObject({ outcome: 'B', source: 'overridden' });
    // The other dispute is still the judge's to decide.
    await card(page, 2).waitFor();
    await noSidewaysScroll(page);
    // Reading again leaves the decision's words behind.
    await page.getByRole('button', { name: 'Read again' }).click();
    await page
      .getByTestId('judge-said')
      .getByText(/Decided/)
      .waitFor({ state: 'detached' });
    await card(page, 2).waitFor();
    await page.context().close();
  }, 60_000);

  it('names a tournament match by tournament, round, table and players, its id beside them', async () => {
    await event.org.command(`/tournaments/${TID}/matches`, {
      matchId: 'judged-m-1',
      round: 1,
      table: 2,
      ruleset: 'hand-to-hand',
      sides: { A: 'Zulus', B: 'British' },
      diceMode: 'table',
    });
    const page = await openConsole(PHONE);
    const entry = page.locator('button[data-match="judged-m-1"]');
    await entry.waitFor();
    const text = await entry.innerText();
    expect(text.split('\n')[0]).toBe(`Event ${TID} · round 1 · table 2`);
    expect(text).toContain('Player 2 (Zulus) v Player 4 (British)');
    expect(text).toContain('match judged-m-1');
    await noSidewaysScroll(page);
    await bigEnoughTargets(page);
    await shot(page, 'judge-tournament-list');
    await entry.click();
    const heading = page.getByRole('heading', { level: 1, name: `Event ${TID} · round 1 · table 2` });
    await heading.waitFor();
    await shot(page, 'judge-tournament-match');
    // Its address opens it again, named as the list named it: the match's own answer says where it is.
    expect(new URL(page.url()).searchParams.get('match')).toBe('judged-m-1');
    await page.reload();
    await heading.waitFor();
    await page.getByText(/^Player 2 v Player 4 · match judged-m-1$/).waitFor();
    await page.context().close();
  }, 60_000);
});
